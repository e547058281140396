import { mount } from 'svelte'
import App from './App.svelte'
import './app.css'
import { startRouter } from './lib/router.svelte'

startRouter()
mount(App, { target: document.getElementById('app') as HTMLElement })

// The service worker keeps the app shell and the last wallet readable offline (public/sw.js).
if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {})
  })
}

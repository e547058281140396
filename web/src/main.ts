import { mount } from 'svelte'
import App from './App.svelte'
import './app.css'
import { applyLanguage } from './lib/i18n'
import { startRouter } from './lib/router.svelte'
import { currentSession, dropOfflineWallet } from './lib/session'

startRouter()
// The app speaks the customer's profile language (kept with the session) or the browser's, loaded
// before the first page is drawn (English at once; another language once its catalogue's chunk
// is here). The console speaks it too, with words of its own (./console/i18n.ts).
void applyLanguage().finally(() => mount(App, { target: document.getElementById('app') as HTMLElement }))

// The service worker keeps the app shell and the last wallet readable offline (public/sw.js).
// A tab opened without a session (the last one closed, its session with it): no offline wallet
// copy is left for whoever uses this browser next.
if (!currentSession()) void dropOfflineWallet()

if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {})
  })
}

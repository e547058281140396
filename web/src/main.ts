import { mount } from 'svelte'
import App from './App.svelte'
import './app.css'
import { applyLanguage, useEnglish } from './lib/i18n'
import { isConsolePath, startRouter } from './lib/router.svelte'
import { currentSession, dropOfflineWallet } from './lib/session'

startRouter()
// The console stays English (./lib/i18n.ts); the customer app speaks the profile's language
// (kept with the session) or the browser's, loaded before the first page
// is drawn (English at once; another language once its catalogue's chunk is here).
useEnglish(isConsolePath(window.location.pathname))
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

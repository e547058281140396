// The web app's service worker: the app shell and the wallet readable offline (read-only).
// - pages: network first, else the cached shell (the same index.html answers every app path);
// - /assets/*: fingerprinted, so cache first;
// - the wallet (GET /v1/customer/warranties…): network first, a copy kept; offline, that copy
//   answers with `x-offline-copy: 1`. Nothing else of the API is cached, and the copy is
//   dropped on sign-out, on an expired or refused session (401) and at the next sign-in (the
//   page deletes it: src/lib/session.ts). The copy is bound to the session that fetched it (a
//   hash of its bearer token) and to that token's expiry: another session, or the same one past
//   its expiry, never reads it.
const SHELL = 'wr-shell-v1'
const WALLET = 'wr-wallet-v1'
const SHELL_URL = '/__shell'
const WALLET_PATH = /^\/v1\/customer\/warranties(\/[^/]+)?$/
const APP_PATH = /^\/($|claim|auth\/magic|signin|wallet|receipts|profile|verify)/

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL)
      const page = await fetch('/wallet', { cache: 'no-cache' })
      if (!page.ok) return
      const html = await page.clone().text()
      await cache.put(SHELL_URL, page)
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])
      await cache.addAll([...new Set(assets), '/favicon.svg', '/manifest.webmanifest'])
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (![SHELL, WALLET].includes(name)) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data?.type === 'sign-out') event.waitUntil(caches.delete(WALLET))
})

async function page(request) {
  try {
    const answer = await fetch(request)
    if (answer.ok) await (await caches.open(SHELL)).put(SHELL_URL, answer.clone())
    return answer
  } catch {
    return (await caches.match(SHELL_URL)) ?? Response.error()
  }
}

async function asset(request) {
  const cached = await caches.match(request)
  if (cached) return cached
  const answer = await fetch(request)
  if (answer.ok) await (await caches.open(SHELL)).put(request, answer.clone())
  return answer
}

async function sessionOf(request) {
  const auth = request.headers.get('authorization') ?? ''
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth))
  let expiresAt = 0
  try {
    const payload = (auth.split(' ')[1] ?? '').split('.')[1] ?? ''
    const exp = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).exp
    if (typeof exp === 'number') expiresAt = exp * 1000
  } catch {}
  const owner = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
  return { owner, expiresAt }
}

async function wallet(request) {
  const cache = await caches.open(WALLET)
  const key = new Request(request.url)
  const session = await sessionOf(request)
  try {
    const answer = await fetch(request)
    if (answer.ok) {
      const headers = new Headers(answer.headers)
      headers.set('x-wallet-owner', session.owner)
      headers.set('x-wallet-expires', String(session.expiresAt))
      await cache.put(key, new Response(await answer.clone().arrayBuffer(), { status: 200, headers }))
    } else if (answer.status === 401 || answer.status === 403) await caches.delete(WALLET)
    return answer
  } catch {
    const copy = await cache.match(key)
    const mine =
      copy &&
      copy.headers.get('x-wallet-owner') === session.owner &&
      Number(copy.headers.get('x-wallet-expires')) > Date.now()
    if (!mine) {
      if (copy) await caches.delete(WALLET)
      return Response.error()
    }
    const headers = new Headers(copy.headers)
    headers.delete('x-wallet-owner')
    headers.delete('x-wallet-expires')
    headers.set('x-offline-copy', '1')
    return new Response(copy.body, { status: 200, headers })
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && APP_PATH.test(url.pathname)) event.respondWith(page(request))
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request))
  else if (WALLET_PATH.test(url.pathname) && request.headers.has('authorization'))
    event.respondWith(wallet(request))
})

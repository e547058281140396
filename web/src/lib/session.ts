// The customer's session: the JWT from a claim or a magic link.
//
// Kept in sessionStorage (this tab only, gone when the tab closes), never in localStorage or a
// cookie script can read from other tabs: a script injected into another page of this origin
// in another tab (the API docs, a raw IPFS file) cannot read it, and the app's own pages run
// under a CSP that allows no inline or third-party script. See docs/web-app.md.

import { PROFILE_LANGUAGE_KEY } from './i18n'

const KEY = 'wr.session'
/** The service worker's offline copy of the wallet (public/sw.js). */
export const WALLET_CACHE = 'wr-wallet-v1'

export interface Session {
  token: string
  email: string
  /** Milliseconds since the epoch, from the token's `exp`. */
  expiresAt: number
}

function expiryOf(token: string): number {
  try {
    const payload = token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : 0
  } catch {
    return 0
  }
}

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as Session) : null
  } catch {
    return null
  }
}

let expired = false

/** The current session, or null when signed out or expired. */
export function currentSession(): Session | null {
  const session = read()
  if (session && session.expiresAt <= Date.now()) {
    expired = true
    endSession()
    return null
  }
  return session
}

/** Whether this tab's session ended by itself (expired or refused), rather than never existed. */
export function sessionExpired(): boolean {
  currentSession()
  return expired
}

export function markExpired(): void {
  expired = true
  endSession()
}

export function startSession(token: string, email: string): void {
  expired = false
  // Whoever used this browser before: their offline wallet is not this session's to read.
  void dropOfflineWallet()
  sessionStorage.setItem(KEY, JSON.stringify({ token, email, expiresAt: expiryOf(token) }))
}

export function endSession(): void {
  sessionStorage.removeItem(KEY)
  sessionStorage.removeItem(FOCUS_KEY)
  // The profile's language goes too: the next page is in the browser's (./i18n.ts).
  sessionStorage.removeItem(PROFILE_LANGUAGE_KEY)
  // The offline copy of the wallet goes with the session (signed out, expired or refused).
  void dropOfflineWallet()
}

/**
 * Deletes the offline wallet copy from Cache Storage, from the page itself (it needs no service
 * worker in control), and tells the worker too. Answers when the copy is gone.
 */
export function dropOfflineWallet(): Promise<unknown> {
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: 'sign-out' })
  if (typeof caches === 'undefined') return Promise.resolve(false)
  return caches.delete(WALLET_CACHE).catch(() => false)
}

const FOCUS_KEY = 'wr.focus'

/** The warranty a claim was for, highlighted once in the wallet. */
export function rememberFocus(id: string | null): void {
  if (id) sessionStorage.setItem(FOCUS_KEY, id)
  else sessionStorage.removeItem(FOCUS_KEY)
}

export function focusedWarranty(): string | null {
  return sessionStorage.getItem(FOCUS_KEY)
}

const RETURN_KEY = 'wr.return'
/** How long a remembered return path waits for its sign-in link (the link works 10 minutes). */
const RETURN_TTL_MS = 30 * 60_000

/**
 * Remembers where to go after signing in by e-mail: the link opens in another tab (or the mail
 * app's browser), so the path is kept in localStorage for a while. Only an app path ("/…") is
 * kept; nothing else (a path is no secret).
 */
export function rememberReturn(path: string): void {
  if (!/^\/(?![/\\])/.test(path)) return
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ path, until: Date.now() + RETURN_TTL_MS }))
  } catch {
    // Storage refused (private mode): the sign-in lands in the wallet.
  }
}

/** The remembered return path (once), or null. */
export function takeReturn(): string | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY)
    localStorage.removeItem(RETURN_KEY)
    const saved = raw ? (JSON.parse(raw) as { path?: unknown; until?: unknown }) : null
    if (!saved || typeof saved.path !== 'string' || typeof saved.until !== 'number') return null
    return saved.until > Date.now() && /^\/(?![/\\])/.test(saved.path) ? saved.path : null
  } catch {
    return null
  }
}

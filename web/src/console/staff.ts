// The staff session (merchant users and admins, signed in with e-mail and password at /login).
//
// Kept apart from the customer's session: its own sessionStorage key (this tab only, gone when
// the tab closes), its own API client that sends the token only to the staff routes, so a
// customer token never reaches /v1/merchant or /v1/admin and a staff token never reaches
// /v1/customer. See docs/console.md.
import createClient from 'openapi-fetch'
import type { components, operations, paths } from '../../../packages/client/src/schema'
import { navigate } from '../lib/router.svelte'
import { ct } from './i18n'
import { fieldOf, type StaffProblem } from './problems'

export { formMessage, type StaffProblem } from './problems'

export type SessionUser = components['schemas']['SessionUser']
export type Schemas = components['schemas']

const KEY = 'wr.staff'

export interface StaffSession {
  token: string
  user: SessionUser
  /** Milliseconds since the epoch, from the token's `exp`. */
  expiresAt: number
}

function expiryOf(token: string): number {
  try {
    const json = atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : 0
  } catch {
    return 0
  }
}

/** The signed-in staff member, or null (never signed in, signed out, or the token expired). */
export function staffSession(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    const session = raw ? (JSON.parse(raw) as StaffSession) : null
    if (session && session.expiresAt <= Date.now()) {
      sessionStorage.removeItem(KEY)
      return null
    }
    return session
  } catch {
    return null
  }
}

export function startStaffSession(token: string, user: SessionUser): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token, user, expiresAt: expiryOf(token) }))
}

export function endStaffSession(): void {
  sessionStorage.removeItem(KEY)
}

/** The console's home for this user: the admin overview, a provider's claims or the merchant dashboard. */
export function homeOf(user: SessionUser | undefined): string {
  if (user?.role === 'ADMIN') return '/admin'
  if (user?.role === 'SERVICE_PROVIDER') return '/provider/claims'
  return '/merchant'
}

/** Whether this user may manage products and sender addresses (OWNER and ADMIN, not USER). */
export function canManage(user: SessionUser | undefined): boolean {
  return user?.merchantRole === 'OWNER' || user?.merchantRole === 'ADMIN'
}

const STAFF_ROUTE = /^\/v1\/(merchant|admin|service-provider)\/|^\/v1\/auth\/(change-password|me)$/

/** The typed client for the staff routes; the token goes to those routes only. */
export const staffApi = createClient<paths>({ baseUrl: window.location.origin })

staffApi.use({
  onRequest({ request }) {
    const session = staffSession()
    if (session && STAFF_ROUTE.test(new URL(request.url).pathname)) {
      request.headers.set('authorization', `Bearer ${session.token}`)
    }
    return request
  },
  async onResponse({ request, response }) {
    if (!request.headers.has('authorization')) return response
    // Refused now: the token expired or was revoked (401), or the account or its merchant was
    // suspended since sign-in (403 with its own code). Back to the sign-in page, which says why.
    let reason: string | null = null
    if (response.status === 401 || response.status === 403) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { error?: string }
      if (body.error === 'unauthorized') reason = 'expired'
      if (
        body.error === 'account_suspended' ||
        body.error === 'merchant_suspended' ||
        body.error === 'provider_suspended'
      )
        reason = body.error
    }
    if (reason) {
      endStaffSession()
      navigate(`/login?reason=${reason}&next=${encodeURIComponent(window.location.pathname)}`, {
        replace: true,
      })
    }
    return response
  },
})

/** A staff image route (a claim's photo) fetched with the staff token, as an object URL for <img src>. */
export async function staffImage(url: string): Promise<string | null> {
  const session = staffSession()
  if (!session || !STAFF_ROUTE.test(url)) return null
  try {
    const answer = await fetch(url, { headers: { authorization: `Bearer ${session.token}` } })
    return answer.ok ? URL.createObjectURL(await answer.blob()) : null
  } catch {
    return null
  }
}

export function staffProblemOf(error: unknown, response: Response | undefined): StaffProblem {
  const body = (error ?? {}) as { error?: unknown; message?: unknown; details?: unknown }
  const fields: Record<string, string> = {}
  if (Array.isArray(body.details)) {
    for (const d of body.details as { path: string; message: string }[]) {
      const field = fieldOf(d)
      fields[field] = fields[field] ? `${fields[field]}; ${d.message}` : d.message
    }
  }
  const code = typeof body.error === 'string' ? body.error : response ? 'internal_error' : 'offline'
  return {
    status: response?.status ?? 0,
    error: code,
    message:
      typeof body.message === 'string'
        ? body.message
        : response
          ? ct('common.problem.generic')
          : ct('common.problem.offline'),
    fields,
  }
}

export type StaffResult<T> = { data: T; problem: null } | { data: null; problem: StaffProblem }

/** Runs a call; a thrown network failure becomes the `offline` problem. */
export async function staffCall<T>(
  fn: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<StaffResult<T>> {
  try {
    const { data, error, response } = await fn()
    if (response.ok && data !== undefined) return { data, problem: null }
    return { data: null, problem: staffProblemOf(error, response) }
  } catch {
    return { data: null, problem: staffProblemOf(null, undefined) }
  }
}

/** A fresh Idempotency-Key (a random UUID; getRandomValues where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Empty strings out: the API's optional fields are absent, not empty. */
export function compact<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as Partial<T>
}

/** The JSON body of an operation's 200 answer. */
export type Answer<K extends keyof operations> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer T } }
}
  ? T
  : never

/** The JSON body an operation takes. */
export type Body<K extends keyof operations> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer T } }
}
  ? T
  : never

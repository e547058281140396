import createClient from 'openapi-fetch'
import type { operations, paths } from '../../../packages/client/src/schema'
import { t } from './i18n'
import type { Problem } from './problems'
import { navigate } from './router.svelte'
import { currentSession, markExpired } from './session'

/** The typed client of the service's own API (types generated from its OpenAPI document). */
export const api = createClient<paths>({ baseUrl: window.location.origin })

/** The JSON body of an operation's 200 answer. */
export type Answer<K extends keyof operations> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer T } }
}
  ? T
  : never

export type Warranty = Answer<'getCustomerWarranty'>
export type Verification = Answer<'verifyCertificate'>
export type Profile = Answer<'getCustomerProfile'>
export type LinkCheck = Answer<'validateClaimLink'>

api.use({
  onRequest({ request }) {
    const session = currentSession()
    if (session && request.url.includes('/v1/customer/') && !request.url.includes('/v1/customer/auth/')) {
      request.headers.set('authorization', `Bearer ${session.token}`)
    }
    return request
  },
  onResponse({ request, response }) {
    // A session the service no longer accepts (expired, or signed out everywhere): sign in again.
    if (response.status === 401 && request.headers.has('authorization')) {
      markExpired()
      navigate(`/signin?reason=expired&next=${encodeURIComponent(window.location.pathname)}`, {
        replace: true,
      })
    }
    return response
  },
})

export { describeProblem, type Problem, waitInWords } from './problems'

/** The problem of a failed call (a network failure is status 0, error `offline`). */
export function problemOf(error: unknown, response: Response | undefined): Problem {
  const body = (error ?? {}) as { error?: unknown; message?: unknown; details?: unknown }
  const retry = Number(response?.headers.get('retry-after'))
  return {
    status: response?.status ?? 0,
    error: typeof body.error === 'string' ? body.error : response ? 'internal_error' : 'offline',
    message: typeof body.message === 'string' ? body.message : t('problem.generic'),
    retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
    details: Array.isArray(body.details) ? (body.details as Problem['details']) : [],
  }
}

/** Runs a call and turns a thrown network failure into the `offline` problem. */
export async function call<T>(
  fn: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<
  { data: T; problem: null; response: Response } | { data: null; problem: Problem; response?: Response }
> {
  try {
    const { data, error, response } = await fn()
    if (response.ok && data !== undefined) return { data, problem: null, response }
    return { data: null, problem: problemOf(error, response), response }
  } catch {
    return { data: null, problem: problemOf(null, undefined) }
  }
}

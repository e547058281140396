import createFetchClient, { type Client } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths } from './schema.js'

type Schemas = components['schemas']
export type ErrorBody = Schemas['ErrorBody']
export type Warranty = Schemas['Warranty']
export type WarrantyPage = Schemas['WarrantyPage']
export type WarrantyWithNotification = Schemas['WarrantyWithNotification']
export type CertificateVerification = Schemas['CertificateVerification']

/** The typed client: `client.GET('/v1/merchant/warranties/{id}', { params: { path: { id } } })`. */
export type WarrantyClient = Client<paths>

export interface ClientOptions {
  /** The service's PUBLIC_API_URL, e.g. `https://api.example.com`. */
  baseUrl: string
  /** A bearer token (from POST /v1/auth/login), or a function returning the current one. */
  token?: string | (() => string | undefined)
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch
}

/** An answer the API refused: the status and the API's error body (`error` is a stable code). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${status} ${body.error}: ${body.message}`)
    this.name = 'ApiError'
  }
}

/** A client of the whole API, sending the bearer token on every request when one is given. */
export function createWarrantyClient(options: ClientOptions): WarrantyClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const { token } = options
  if (token !== undefined) {
    client.use({
      onRequest({ request }) {
        const value = typeof token === 'function' ? token() : token
        if (value) request.headers.set('authorization', `Bearer ${value}`)
        return request
      },
    })
  }
  return client
}

/** The data of an answer, or an `ApiError` with the API's error body. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data
  throw new ApiError(result.response.status, result.error as ErrorBody)
}

/**
 * Polls a warranty until its certificate is MINTED (or FAILED), backing off from 250 ms to 5 s.
 * Resolves with the warranty as last read; rejects after `timeoutMs`.
 */
export async function waitForMint(
  client: WarrantyClient,
  id: string,
  options: { timeoutMs?: number } = {},
): Promise<Warranty> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000)
  let delay = 250
  for (;;) {
    const warranty = unwrap(await client.GET('/v1/merchant/warranties/{id}', { params: { path: { id } } }))
    if (warranty.mint.status === 'MINTED' || warranty.mint.status === 'FAILED') return warranty
    if (Date.now() + delay > deadline) throw new Error(`warranty ${id} is still ${warranty.mint.status}`)
    await new Promise((resolve) => setTimeout(resolve, delay))
    delay = Math.min(delay * 2, 5_000)
  }
}

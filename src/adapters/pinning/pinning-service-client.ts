import { AdapterError } from '../adapter-error.js'

/**
 * A small client of the IPFS Pinning Service API
 * (https://ipfs.github.io/pinning-services-api-spec/), the protocol Pinata, Filebase
 * and others offer. Only what the adapter needs: list, create and read pin requests.
 */

export type PinStatusValue = 'queued' | 'pinning' | 'pinned' | 'failed'

export interface PinStatus {
  requestid: string
  status: PinStatusValue
  created: string
  pin: { cid: string; name?: string; origins?: string[]; meta?: Record<string, string> }
  delegates: string[]
  info?: Record<string, string>
}

export interface PinRequest {
  cid: string
  name: string
  origins?: string[]
  meta?: Record<string, string>
}

/** An AdapterError with the HTTP status the service answered (null: no answer). */
export class PinningServiceError extends AdapterError {
  constructor(
    message: string,
    retryable: boolean,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, retryable, options)
    this.name = 'PinningServiceError'
  }
}

const STATUSES: readonly string[] = ['queued', 'pinning', 'pinned', 'failed']

export class PinningServiceClient {
  private readonly baseUrl: string

  constructor(
    url: string,
    private readonly token: string,
    private readonly requestTimeoutMs: number,
    /** Aborts every call (the adapter closing). */
    private readonly signal: AbortSignal,
  ) {
    this.baseUrl = url.replace(/\/+$/, '')
  }

  /** `GET /pins?cid=…&status=…`: the pin requests of one CID in those states, newest first. */
  async findPins(cid: string, statuses: readonly PinStatusValue[]): Promise<PinStatus[]> {
    const query = new URLSearchParams({ cid, status: statuses.join(','), limit: '10' })
    const body = await this.call('GET', `/pins?${query}`)
    if (!isObject(body) || !Array.isArray(body.results)) throw unexpected('GET /pins')
    return body.results
      .map((r) => asPinStatus(r, 'GET /pins'))
      .sort((a, b) => b.created.localeCompare(a.created))
  }

  /** `POST /pins`: a new pin request. */
  async addPin(request: PinRequest): Promise<PinStatus> {
    return asPinStatus(await this.call('POST', '/pins', request), 'POST /pins')
  }

  /** `GET /pins/{requestid}`. */
  async getPin(requestid: string): Promise<PinStatus> {
    const path = `/pins/${encodeURIComponent(requestid)}`
    return asPinStatus(await this.call('GET', path), `GET ${path}`)
  }

  /** `GET /pins?limit=1`: resolves when the service answers 2xx to our token. */
  async ping(): Promise<void> {
    await this.call('GET', '/pins?limit=1')
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `${method} ${path.split('?')[0]}`
    let response: Response
    let text: string
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.any([this.signal, AbortSignal.timeout(this.requestTimeoutMs)]),
      })
      text = await response.text()
    } catch (err) {
      throw transportError(err, what, this.requestTimeoutMs, this.signal.aborted)
    }
    if (response.status === 401 || response.status === 403) {
      throw new PinningServiceError('pinning service rejected the token', false, response.status)
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500
      const reason = serviceReason(text)
      throw new PinningServiceError(
        `pinning service answered ${response.status} to ${what}${reason ? `: ${reason}` : ''}`,
        retryable,
        response.status,
      )
    }
    try {
      return text === '' ? null : JSON.parse(text)
    } catch (err) {
      throw new PinningServiceError(
        `pinning service answered ${what} with invalid JSON`,
        true,
        response.status,
        {
          cause: err,
        },
      )
    }
  }
}

function transportError(
  err: unknown,
  what: string,
  timeoutMs: number,
  closing: boolean,
): PinningServiceError {
  if (closing) return new PinningServiceError('the pinning adapter is closing', true, null, { cause: err })
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new PinningServiceError(
      `pinning service did not answer ${what} within ${timeoutMs} ms`,
      true,
      null,
      {
        cause: err,
      },
    )
  }
  const cause =
    err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined
  const detail = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))
  return new PinningServiceError(`pinning service unreachable (${detail})`, true, null, { cause: err })
}

/** The `{error: {reason, details}}` body of the spec, shortened; never echoes anything else. */
function serviceReason(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text)
    if (isObject(body) && isObject(body.error)) {
      const { reason, details } = body.error
      const parts = [reason, details].filter((p): p is string => typeof p === 'string')
      return parts.length > 0 ? parts.join(': ').slice(0, 300) : null
    }
  } catch {
    // not JSON: say nothing more than the status
  }
  return null
}

function asPinStatus(value: unknown, what: string): PinStatus {
  if (
    !isObject(value) ||
    typeof value.requestid !== 'string' ||
    value.requestid === '' ||
    typeof value.status !== 'string' ||
    !STATUSES.includes(value.status) ||
    !isObject(value.pin) ||
    typeof value.pin.cid !== 'string'
  ) {
    throw unexpected(what)
  }
  return {
    ...(value as unknown as PinStatus),
    created: typeof value.created === 'string' ? value.created : '',
    delegates: Array.isArray(value.delegates) ? value.delegates.filter((d) => typeof d === 'string') : [],
  }
}

function unexpected(what: string): PinningServiceError {
  return new PinningServiceError(`pinning service answered ${what} with an unexpected body`, true, null)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

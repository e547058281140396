import { createHash } from 'node:crypto'
import { AdapterError } from '../adapter-error.js'
import { type PushMessage, PushRetryLaterError, PushTokenGoneError } from './port.js'

/** Both providers refuse a notification payload over 4 KB; leave room for their envelopes. */
const MAX_CONTENT_BYTES = 3500
/** Tokens are opaque but printable: FCM's are ~150-200 characters, APNs' 64 hex digits. */
const TOKEN = /^[\x21-\x7e]{1,4096}$/

/** A device as logs and records name it: the first 12 hex digits of the token's SHA-256. */
export function deviceRef(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 12)
}

/** Refuses (not retryable) what no provider would take: a malformed token, an oversized payload. */
export function checkMessage(message: PushMessage): void {
  if (!TOKEN.test(message.token)) {
    throw new AdapterError('push message refused: the device token is empty or not printable ASCII', false)
  }
  const content = JSON.stringify({ title: message.title, body: message.body, data: message.data ?? {} })
  if (Buffer.byteLength(content) > MAX_CONTENT_BYTES) {
    throw new AdapterError(
      `push message refused: title, body and data exceed ${MAX_CONTENT_BYTES} bytes`,
      false,
    )
  }
  for (const [key, value] of Object.entries(message.data ?? {})) {
    if (typeof value !== 'string') {
      throw new AdapterError(`push message refused: data.${key} is not a string`, false)
    }
  }
}

/** `Retry-After` in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** What a provider answered, in the terms both adapters map from. */
export interface ProviderAnswer {
  provider: 'FCM' | 'APNs'
  status: number
  /** The provider's reason (FCM `errorCode` or `status`, APNs `reason`). */
  reason: string
  /** The provider says the device is unknown (FCM `UNREGISTERED`, APNs 410 / `BadDeviceToken`). */
  gone: boolean
  retryAfter?: string | null
}

/** Maps a refused send: gone → PushTokenGoneError; 429 / 5xx → retry later; other 4xx → refused. */
export function answerError(answer: ProviderAnswer): AdapterError {
  const what = `${answer.provider} ${answer.status} ${answer.reason}`.slice(0, 300)
  if (answer.gone) return new PushTokenGoneError(what)
  if (answer.status === 429 || answer.status >= 500) {
    return new PushRetryLaterError(`${what}: try again later`, retryAfterMs(answer.retryAfter))
  }
  return new AdapterError(`${what}: the provider refused the message`, false)
}

/** A failure before any answer (connection refused, reset, timeout): retry later. */
export function networkError(provider: 'FCM' | 'APNs', err: unknown): AdapterError {
  if (err instanceof AdapterError) return err
  const reason = err instanceof Error ? err.message : String(err)
  return new PushRetryLaterError(`${provider} unreachable: ${reason}`.slice(0, 300), null, { cause: err })
}

import type { PushPlatform } from '../../db/schema/index.js'
import { AdapterError } from '../adapter-error.js'

/** One notification to one device. */
export interface PushMessage {
  platform: PushPlatform
  /** The device token the app registered (FCM registration token or APNs device token). */
  token: string
  title: string
  body: string
  /** Small key/value data for the app (e.g. `{ warrantyId }`); strings only. */
  data?: Record<string, string>
}

export interface PushSendResult {
  /** The provider's id of the accepted message (FCM `name`, APNs `apns-id`), if any. */
  providerId: string | null
}

/**
 * The device is not (or no longer) registered with the provider (FCM `UNREGISTERED`, APNs 410
 * or `BadDeviceToken`): the caller removes the device and does not retry.
 */
export class PushTokenGoneError extends AdapterError {
  constructor(reason: string) {
    super(`push token is no longer valid: ${reason}`, false)
    this.name = 'PushTokenGoneError'
  }
}

/**
 * The provider could not take the message now (429, 5xx, a network failure): retry later with
 * backoff, and not before `retryAfterMs` when the provider said so (`Retry-After`).
 */
export class PushRetryLaterError extends AdapterError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, true, options)
    this.name = 'PushRetryLaterError'
  }
}

/**
 * Sends push notifications. Failures are `AdapterError`s: `retryable` for 429 / 5xx /
 * network trouble (retry with backoff; a `PushRetryLaterError` may say how long to wait),
 * not for a refused message; `PushTokenGoneError` for a device the provider no longer knows.
 */
export interface PushPort {
  send(message: PushMessage): Promise<PushSendResult>
  health(): Promise<{ ok: true } | { ok: false; reason: string }>
  close(): Promise<void>
}

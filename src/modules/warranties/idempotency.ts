import { createHash } from 'node:crypto'
import type { Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import {
  deleteIdempotencyKey,
  findIdempotencyKey,
  lockIdempotencyKey,
  saveIdempotencyKey,
} from './idempotency.repository.js'
import type { WarrantyWithNotificationResponse } from './warranty-response.js'

/** How long an Idempotency-Key answers with its first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** An Idempotency-Key of one merchant, with the hash of the body it came with. */
export interface IdempotentRequest {
  merchantId: string
  key: string
  hash: string
}

export function idempotentRequest(merchantId: string, key: string, body: object): IdempotentRequest {
  return { merchantId, key, hash: requestHash(body) }
}

/**
 * SHA-256 of the body with its keys sorted at every level: the same fields and values in any
 * order hash alike. (A flat body hashes as it always has: its sorted `[key, value]` entries.)
 */
export function requestHash(body: object): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex')
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value === null || typeof value !== 'object') return value
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => [k, canonical(v)])
}

/**
 * Takes the key's lock (held until the transaction ends, so a concurrent request with the
 * key waits for this one's answer), then answers the stored response of the same body, or
 * 422 for another body. An expired key is deleted and the request runs anew (null).
 */
export async function storedAnswer<T = WarrantyWithNotificationResponse>(
  tx: Tx,
  request: IdempotentRequest,
): Promise<T | null> {
  const { merchantId, key } = request
  await lockIdempotencyKey(tx, merchantId, key)
  const stored = await findIdempotencyKey(tx, merchantId, key)
  if (!stored) return null
  if (stored.expiresAt <= new Date()) {
    await deleteIdempotencyKey(tx, merchantId, key)
    return null
  }
  if (stored.requestHash !== request.hash) throw new AppError('idempotency_key_reused')
  const body = stored.responseBody as T & { notification?: string }
  // Stored before `skipped` was folded into `none` (a staff e-mail): answered as it is now.
  if (body.notification === 'skipped') return { ...body, notification: 'none' }
  return body
}

/** Stores the first (successful) answer under the key, in the transaction that made it, for 24 hours. */
export async function storeAnswer(
  tx: Tx,
  request: IdempotentRequest,
  body: object,
  status = 200,
): Promise<void> {
  await saveIdempotencyKey(tx, {
    merchantId: request.merchantId,
    key: request.key,
    requestHash: request.hash,
    responseStatus: status,
    responseBody: body,
    expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
  })
}

import { createHash } from 'node:crypto'
import type { Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import {
  deleteIdempotencyKey,
  findIdempotencyKey,
  lockIdempotencyKey,
  saveIdempotencyKey,
} from './idempotency.repository.js'
import type { IssueInput, WarrantyWithNotificationResponse } from './warranty-response.js'

/** How long an Idempotency-Key answers with its first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** An Idempotency-Key of one merchant, with the hash of the body it came with. */
export interface IdempotentRequest {
  merchantId: string
  key: string
  hash: string
}

export function idempotentRequest(merchantId: string, key: string, body: IssueInput): IdempotentRequest {
  return { merchantId, key, hash: requestHash(body) }
}

/** SHA-256 of the body with its keys sorted: the same fields and values in any order hash alike. */
export function requestHash(body: IssueInput): string {
  const entries = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex')
}

/**
 * Takes the key's lock (held until the transaction ends, so a concurrent request with the
 * key waits for this one's answer), then answers the stored response of the same body, or
 * 422 for another body. An expired key is deleted and the request runs anew (null).
 */
export async function storedAnswer(
  tx: Tx,
  request: IdempotentRequest,
): Promise<WarrantyWithNotificationResponse | null> {
  const { merchantId, key } = request
  await lockIdempotencyKey(tx, merchantId, key)
  const stored = await findIdempotencyKey(tx, merchantId, key)
  if (!stored) return null
  if (stored.expiresAt <= new Date()) {
    await deleteIdempotencyKey(tx, merchantId, key)
    return null
  }
  if (stored.requestHash !== request.hash) throw new AppError('idempotency_key_reused')
  const body = stored.responseBody as WarrantyWithNotificationResponse
  // Stored before `skipped` was folded into `none` (a staff e-mail): answered as it is now.
  if ((body.notification as string) === 'skipped') return { ...body, notification: 'none' }
  return body
}

/** Stores the first (successful) answer under the key, in the transaction that made it, for 24 hours. */
export async function storeAnswer(
  tx: Tx,
  request: IdempotentRequest,
  body: WarrantyWithNotificationResponse,
): Promise<void> {
  await saveIdempotencyKey(tx, {
    merchantId: request.merchantId,
    key: request.key,
    requestHash: request.hash,
    responseStatus: 200,
    responseBody: body,
    expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
  })
}

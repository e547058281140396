import { createHash } from 'node:crypto'
import {
  OcrError,
  type OcrPort,
  OcrUploadError,
  openUpload,
  type ReceiptReading,
  type UploadFault,
} from '../../adapters/ocr/index.js'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import { AppError } from '../../errors.js'
import { schemaIssueDetails } from '../../http/error-handler.js'
import { clientKey } from '../../lib/client-address.js'

/** The limiter key: a hash, so that no client address sits in the (shared) limiter store. */
const addressKey = (address: string) => createHash('sha256').update(address).digest('base64url')

/** Per client address. */

/** A body that is not `{imageBase64}` in canonical base64: the answers the service's parser and validator give. */
function uploadFailure(fault: UploadFault): AppError {
  if (fault.reason === 'json') return new AppError('invalid_json', 'The body is not valid JSON')
  if (fault.reason === 'unstorable') return new AppError('validation_error', undefined, fault.details)
  const details =
    fault.reason === 'schema'
      ? schemaIssueDetails(fault.issues, '/body')
      : [{ path: '/body/imageBase64', message: 'is not valid base64' }]
  return new AppError('validation_error', undefined, details)
}

/** Maps an engine failure to the answer: the request's fault is a 400, the engine's a 503. */
export function ocrFailure(error: unknown): unknown {
  if (error instanceof OcrUploadError) return uploadFailure(error.fault)
  if (!(error instanceof OcrError)) return error
  if (error.kind === 'capacity') {
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 5
    return new AppError('unavailable', 'Every OCR worker is busy, try again shortly', undefined, retryAfter)
  }
  if (!error.retryable) {
    return new AppError('validation_error', error.message, [
      { path: '/body/imageBase64', message: error.kind },
    ])
  }
  return new AppError('unavailable', 'The receipt could not be read now, try again shortly', undefined, 5)
}

/** Reading a receipt for anyone: limited per client address, then the OCR port. */
export class ReceiptOcrService {
  constructor(private readonly deps: { ocr: OcrPort; limiter: RateLimiter; rateLimit?: RateLimitRule }) {}

  /**
   * `body` is the request's raw JSON (`{imageBase64}`): the engine parses, checks and decodes
   * it off the event loop when it can (`OcrPort.readUpload`), else it is opened here.
   */
  async read(body: Buffer, address: string): Promise<ReceiptReading> {
    const { ocr } = this.deps
    // A full pool answers 503 before the limit counts the request; but a body the service's edge
    // refuses is its 400 whatever the capacity: opened here, on this thread, only when the pool
    // would refuse it anyway (the hostile-input walk saw 173 bad bodies answered 503).
    const refused = ocr.refusal?.()
    if (refused) {
      checkBody(body)
      throw ocrFailure(refused)
    }
    const limit = await this.deps.limiter.hit(
      `receipts:ocr:${addressKey(clientKey(address))}`,
      this.deps.rateLimit ?? this.deps.limiter.limits.ocrPerAddress,
    )
    if (!limit.allowed) {
      // A body the service's edge would refuse is answered 400 before the limit, as when the edge
      // opened it (mass assignment is a 400 for everyone): opened here, on this thread, only for a
      // client already over its limit.
      checkBody(body)
      throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    }
    try {
      return await (ocr.readUpload ? ocr.readUpload(body) : ocr.read(openUpload(body)))
    } catch (error) {
      // The pool filled between the check above and the read: the same rule.
      if (error instanceof OcrError && error.kind === 'capacity') checkBody(body)
      throw ocrFailure(error)
    }
  }
}

/** Throws the 400 a body that is not `{imageBase64}` in canonical base64 gets. */
function checkBody(body: Buffer): void {
  try {
    openUpload(body)
  } catch (error) {
    throw ocrFailure(error)
  }
}

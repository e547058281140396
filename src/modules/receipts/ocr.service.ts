import { createHash } from 'node:crypto'
import { OcrError, type OcrPort, type ReceiptReading } from '../../adapters/ocr/port.js'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/port.js'
import { AppError } from '../../errors.js'

/** The limiter key: a hash, so that no client address sits in the (shared) limiter store. */
const addressKey = (address: string) => createHash('sha256').update(address).digest('base64url')

/** Per client address. */
export const OCR_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 }

/** Maps an engine failure to the answer: the image's fault is a 400, the engine's a 503. */
export function ocrFailure(error: unknown): unknown {
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

function decodeBase64(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64')
  // Buffer.from skips what it cannot decode; a round trip proves the text was canonical base64.
  if (text.length % 4 !== 0 || bytes.toString('base64') !== text) {
    throw new AppError('validation_error', undefined, [
      { path: '/body/imageBase64', message: 'is not valid base64' },
    ])
  }
  return bytes
}

/** Reading a receipt for anyone: limited per client address, then the OCR port. */
export class ReceiptOcrService {
  constructor(private readonly deps: { ocr: OcrPort; limiter: RateLimiter; rateLimit?: RateLimitRule }) {}

  async read(imageBase64: string, address: string): Promise<ReceiptReading> {
    const limit = await this.deps.limiter.hit(
      `receipts:ocr:${addressKey(address)}`,
      this.deps.rateLimit ?? OCR_RATE_LIMIT,
    )
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    const image = decodeBase64(imageBase64)
    try {
      return await this.deps.ocr.read(image)
    } catch (error) {
      throw ocrFailure(error)
    }
  }
}

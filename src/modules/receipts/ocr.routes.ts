import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { OcrPort } from '../../adapters/ocr/port.js'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/port.js'
import { errorResponses } from '../../http/schemas.js'
import { OcrBody, OcrResponse } from './ocr.schemas.js'
import { ocrFailure, ReceiptOcrService } from './ocr.service.js'

/** Receipt image bodies: JSON up to 6 MB (../shared/CONTRACT.md, Receipts); larger → 413. The route's answers and the engine: docs/ocr.md. */
export const OCR_BODY_LIMIT = 6 * 1024 * 1024

export interface OcrRoutesOptions {
  ocr: OcrPort
  limiter: RateLimiter
  /** Per client address; defaults to OCR_RATE_LIMIT. */
  rateLimit?: RateLimitRule
}

/** `POST /v1/customer/receipts/ocr`: no token; per-address limit; bounded OCR pool. */
export async function ocrRoutes(base: FastifyInstance, options: OcrRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const service = new ReceiptOcrService(options)

  app.post(
    '/v1/customer/receipts/ocr',
    {
      config: { auth: 'public' },
      bodyLimit: OCR_BODY_LIMIT,
      // A full pool refuses before the body (up to 6 MB of JSON and base64) is parsed,
      // validated and decoded on the event loop: a flood of uploads costs the API little.
      onRequest: async () => {
        const refused = options.ocr.refusal?.()
        if (refused) throw ocrFailure(refused)
      },
      schema: {
        tags: ['receipts'],
        operationId: 'readReceipt',
        summary: 'Read a photo or scan of a receipt: merchant, date, total, items, a confidence per field',
        body: OcrBody,
        response: { 200: OcrResponse, ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (request) => service.read(request.body.imageBase64, request.ip),
  )
}

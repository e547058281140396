import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify'
import type { OcrPort } from '../../adapters/ocr/index.js'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import { errorResponses } from '../../http/schemas.js'
import { OcrBody, OcrResponse } from './ocr.schemas.js'
import { ReceiptOcrService } from './ocr.service.js'

/** Receipt image bodies: JSON up to 6 MB (../shared/CONTRACT.md, Receipts); larger → 413. The route's answers and the engine: docs/ocr.md. */
export const OCR_BODY_LIMIT = 6 * 1024 * 1024

export interface OcrRoutesOptions {
  ocr: OcrPort
  limiter: RateLimiter
  /** Per client address; defaults to the RATE_LIMIT_OCR_PER_ADDRESS setting (the limiter's `ocrPerAddress`). */
  rateLimit?: RateLimitRule
}

/**
 * The JSON body arrives as bytes (the parser below) and is checked against `OcrBody` where it is
 * decoded, in an OCR worker's child process (src/adapters/ocr/upload.ts), with the same answers.
 * Anything else (no body; another content type's parser) is validated here as usual.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const check = TypeBoxValidatorCompiler(route as Parameters<typeof TypeBoxValidatorCompiler>[0])
  if (route.httpPart !== 'body') return check
  return (data: unknown) => (Buffer.isBuffer(data) ? { value: data } : check(data))
}

/** `POST /v1/customer/receipts/ocr`: no token; per-address limit; bounded OCR pool. */
export async function ocrRoutes(base: FastifyInstance, options: OcrRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const service = new ReceiptOcrService(options)
  // Only in this plugin: the body is kept as the bytes received. Parsing, validating and
  // base64-decoding 4 MB of JSON held the event loop ~25 ms an upload (docs/reliability.md).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: OCR_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )

  app.post(
    '/v1/customer/receipts/ocr',
    {
      config: { auth: 'public' },
      bodyLimit: OCR_BODY_LIMIT,
      // No refusal before the body is read: a body that breaks the schema is a 400 whatever the
      // pool's capacity (issue 26); a full pool opens it on this thread before its 503 (the service).
      validatorCompiler,
      schema: {
        tags: ['receipts'],
        operationId: 'readReceipt',
        summary: 'Read a photo or scan of a receipt: merchant, date, total, items, a confidence per field',
        body: OcrBody,
        response: { 200: OcrResponse, ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (request) => {
      // The raw JSON; a value only when another parser made one and it passed the schema.
      const body: unknown = request.body
      return service.read(Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body)), request.ip)
    },
  )
}

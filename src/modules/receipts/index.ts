import type { OcrPort } from '../../adapters/ocr/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Feature } from '../../feature.js'
import { ocrRoutes } from './ocr.routes.js'

/** Receipts: for now the public OCR route (photo or scan → merchant, date, total, items). */
export function receiptsFeature(deps: { ocr: OcrPort; limiter: RateLimiter }): Feature<null> {
  return {
    name: 'receipts',
    service: null,
    routes: (app) => app.register(ocrRoutes, { ocr: deps.ocr, limiter: deps.limiter }),
  }
}

import type { OcrPort } from './port.js'
import { defaultOcrSettings, type OcrSettings } from './settings.js'
import { TesseractOcr } from './tesseract-ocr.js'

export type { OcrPort, OcrReadOptions, ReceiptItem, ReceiptReading } from './port.js'
export { OcrCapacityError, OcrError } from './port.js'
export { defaultOcrSettings, type OcrSettings } from './settings.js'
export {
  IMAGE_BASE64_MAX,
  IMAGE_BASE64_MIN,
  OcrUploadError,
  openUpload,
  type UploadFault,
} from './upload.js'

/**
 * The OCR engine the settings ask for. Today the embedded tesseract.js pool; a hosted OCR
 * service would be chosen here from its URL setting.
 */
export function createOcr(settings: Partial<OcrSettings> = {}): OcrPort {
  const ocr = new TesseractOcr(defaultOcrSettings(settings))
  return ocr
}

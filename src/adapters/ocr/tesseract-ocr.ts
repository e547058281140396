import { extractReceipt } from './extract/receipt-extract.js'
import { readPdfText } from './pdf-text.js'
import { OcrCapacityError, OcrError, type OcrPort, type OcrReadOptions, type ReceiptReading } from './port.js'
import { prepareImage } from './preprocess.js'
import type { OcrSettings } from './settings.js'
import { sniffType } from './sniff.js'
import { type PoolOptions, TesseractPool } from './tesseract-pool.js'

/**
 * The embedded engine: tesseract.js in a pool of worker threads, images prepared with sharp,
 * PDFs read from their text layer. Admission is bounded as a whole (preparing, waiting and
 * recognising), so a flood of uploads is refused before any of them is decoded.
 */
export class TesseractOcr implements OcrPort {
  readonly pool: TesseractPool
  private admitted = 0

  constructor(
    private readonly settings: OcrSettings,
    poolOptions: PoolOptions = {},
  ) {
    this.pool = new TesseractPool(settings, poolOptions)
  }

  async read(image: Buffer, options: OcrReadOptions = {}): Promise<ReceiptReading> {
    if (this.admitted >= this.settings.workers + this.settings.queueLimit) {
      throw new OcrCapacityError(Math.max(1, Math.ceil(this.settings.timeoutMs / 1000 / 4)))
    }
    this.admitted++
    try {
      if (sniffType(image) === 'pdf') return this.fromText(readPdfText(image))
      const prepared = await prepareImage(image, { maxPixels: this.settings.maxPixels })
      if (options.signal?.aborted) throw new OcrError('cancelled', 'The read was cancelled')
      const recognized = await this.pool.recognize(prepared.image, options.signal)
      const lines =
        recognized.lines.length > 0
          ? recognized.lines
          : recognized.text.split('\n').map((text) => ({ text, confidence: recognized.confidence }))
      return { ...extractReceipt(lines), rawText: recognized.text.trim() }
    } finally {
      this.admitted--
    }
  }

  warm(): Promise<void> {
    return this.pool.warm()
  }

  close(): Promise<void> {
    return this.pool.close()
  }

  private fromText(text: string): ReceiptReading {
    return { ...extractReceipt(text), rawText: text.trim() }
  }
}

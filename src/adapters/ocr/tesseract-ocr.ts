import { extractReceipt } from './extract/receipt-extract.js'
import { splitRows } from './gray-image.js'
import { NativeTesseractPool, nativeTesseractAvailable } from './native-pool.js'
import { readPdfText } from './pdf-text.js'
import { OcrCapacityError, OcrError, type OcrPort, type OcrReadOptions, type ReceiptReading } from './port.js'
import { type PreparedImage, prepareImage, toPgm } from './preprocess.js'
import type { RecognizerPool } from './recognizer-pool.js'
import type { OcrSettings } from './settings.js'
import { sniffType } from './sniff.js'
import { type PoolOptions, TesseractPool } from './tesseract-pool.js'

/** Bands shorter than this are not worth a thread of their own, px. */
const MIN_BAND_HEIGHT = 500

/**
 * The embedded engine: tesseract in a pool (its native library in child processes, or
 * tesseract.js in worker threads), images prepared with sharp, PDFs read from their text layer. Admission is bounded as a whole (preparing, waiting and
 * recognising), so a flood of uploads is refused before any of them is decoded.
 */
export class TesseractOcr implements OcrPort {
  readonly pool: RecognizerPool
  /** The recogniser in use: `native` (libtesseract) or `wasm` (tesseract.js). */
  readonly engine: 'native' | 'wasm'
  private admitted = 0

  constructor(
    private readonly settings: OcrSettings,
    poolOptions: Omit<PoolOptions, 'onSpawn'> = {},
  ) {
    const choice = settings.engine ?? 'wasm'
    this.engine = choice === 'native' || (choice === 'auto' && nativeTesseractAvailable()) ? 'native' : 'wasm'
    this.pool =
      this.engine === 'native'
        ? new NativeTesseractPool(settings, poolOptions)
        : new TesseractPool(settings, poolOptions)
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
      const bands = this.bands(prepared)
      const parts = await Promise.all(bands.map((band) => this.pool.recognize(band, options.signal)))
      const lines = parts.flatMap((part) =>
        part.lines.length > 0
          ? part.lines
          : part.text.split('\n').map((text) => ({ text, confidence: part.confidence })),
      )
      const rawText = parts.map((part) => part.text.trim()).join('\n')
      return { ...extractReceipt(lines), rawText }
    } finally {
      this.admitted--
    }
  }

  /**
   * A tall page is cut into bands read at once by the idle workers: on an idle pool one read
   * uses every core. Under load (fewer than two idle workers) the page goes whole.
   */
  private bands(prepared: PreparedImage): Buffer[] {
    const parts = Math.min(this.pool.idle, Math.floor(prepared.height / MIN_BAND_HEIGHT))
    if (parts < 2) return [prepared.image]
    return splitRows(prepared.gray, parts).map(toPgm)
  }

  warm(): Promise<void> {
    return this.pool.warm()
  }

  load(): { workers: number; running: number; queued: number } {
    return { workers: this.pool.size, ...this.pool.load }
  }

  close(): Promise<void> {
    return this.pool.close()
  }

  private fromText(text: string): ReceiptReading {
    return { ...extractReceipt(text), rawText: text.trim() }
  }
}

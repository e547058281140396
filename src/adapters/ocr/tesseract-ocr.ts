import { ChildOcrPool, nativeTesseractAvailable } from './native-pool.js'
import { OcrCapacityError, OcrError, type OcrPort, type OcrReadOptions, type ReceiptReading } from './port.js'
import { inspectImage } from './preprocess.js'
import type { RecognizedText, RecognizerPool } from './recognizer-pool.js'
import type { OcrSettings } from './settings.js'
import { sniffType } from './sniff.js'
import type { PoolOptions } from './tesseract-pool.js'

/**
 * A page at least 1000 px tall is read as two bands cut at a blank row, in its child: at once by
 * its two recognisers when a core is free for it (`readThreads`), else one after the other; the
 * same bands either way. On the dev split bands read photos' merchants and totals better than
 * whole pages (PSM 6 takes a page as one uniform block), at the same CPU. docs/performance.md.
 */
const PAGE_BANDS = 2

/**
 * The embedded engine: tesseract in a pool of child processes (its native library, or
 * tesseract.js), each preparing its images with sharp and reading them; PDFs read from their
 * text layer. This process only checks an image's header and hands its bytes to a child: the
 * event loop never decodes, scales or analyses pixels. Admission is bounded as a whole (waiting
 * and being read), so a flood of uploads is refused before any of them is decoded.
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
    this.pool = new ChildOcrPool(settings, this.engine, {
      ...poolOptions,
      prepare: { maxPixels: settings.maxPixels, bands: PAGE_BANDS },
      nice: settings.nice ?? 0,
    })
  }

  /** The refusal a read would get now (every worker busy and the queue full), or null. */
  refusal(): OcrCapacityError | null {
    if (this.admitted < this.settings.workers + this.settings.queueLimit) return null
    return new OcrCapacityError(Math.max(1, Math.ceil(this.settings.timeoutMs / 1000 / 4)))
  }

  read(image: Buffer, options: OcrReadOptions = {}): Promise<ReceiptReading> {
    return this.admit(async () => {
      // Only an image's header is read here: a bomb or a type we do not read never reaches a
      // child. A PDF goes to a child as it is: its text layer is read there.
      if (sniffType(image) !== 'pdf') await inspectImage(image, this.settings.maxPixels)
      return this.fromRecognized(await this.pool.recognize(image, options.signal))
    })
  }

  /**
   * The route's raw JSON body, handed to a child as it came: the child parses, checks and
   * decodes it (upload.ts), checks the header, reads a PDF's text layer or prepares and reads
   * the image, and extracts the fields. This process only passes the bytes on.
   */
  readUpload(body: Buffer, options: OcrReadOptions = {}): Promise<ReceiptReading> {
    return this.admit(async () =>
      this.fromRecognized(await this.pool.recognize(body, options.signal, { upload: true })),
    )
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

  private async admit(read: () => Promise<ReceiptReading>): Promise<ReceiptReading> {
    const refused = this.refusal()
    if (refused) throw refused
    this.admitted++
    try {
      return await read()
    } finally {
      this.admitted--
    }
  }

  /**
   * The child's reading: text, lines and the fields it extracted (native-worker.ts). Extraction
   * never runs on this event loop: a PDF's text layer can be one line of megabytes, and even
   * bounded (extract/receipt-extract.ts) it is the child's CPU, under its time limit and kill.
   */
  private fromRecognized(part: RecognizedText): ReceiptReading {
    if (!part.reading) throw new OcrError('engine_failed', 'The OCR worker returned no fields')
    return { ...part.reading, rawText: part.text.trim() }
  }
}

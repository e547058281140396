import { AdapterError } from '../adapter-error.js'

/** One line of a receipt: what was bought (or taken off, with a negative price). */
export interface ReceiptItem {
  name: string
  /** The line's amount in the receipt's currency, negative for a discount. */
  price: number
  /** Units bought when the receipt says so (`2 x 1.50`, `3 @ 0.99`), else null. */
  quantity: number | null
}

/** How sure the reader is of each field, in 0..1: low when it is a guess. */
export interface ReceiptConfidence {
  merchant: number
  date: number
  total: number
  currency: number
  items: number
}

/** What a receipt says, as far as it could be read; `null` where a field could not be. */
export interface ReceiptReading {
  merchant: string | null
  /** The transaction date, ISO `YYYY-MM-DD`. */
  date: string | null
  /** The amount paid: after discounts and tax, not the subtotal, change or cash tendered. */
  total: number | null
  /** ISO 4217 code. */
  currency: string | null
  items: ReceiptItem[]
  rawText: string
  confidence: ReceiptConfidence
}

export interface OcrReadOptions {
  /** Aborts waiting for (or running) the read; the read then fails with `cancelled`. */
  signal?: AbortSignal
  /** A hint when the caller knows the source (an e-mail attachment's name, say). */
  filename?: string
}

/**
 * Why a read failed. The request's fault (`unsupported_type`, `image_too_large`,
 * `invalid_image`, `pdf_without_text`, `invalid_upload`: upload.ts) is never retryable; the engine's
 * (`capacity`, `timeout`, `engine_failed`, `cancelled`) may be.
 */
export type OcrErrorKind =
  | 'unsupported_type'
  | 'image_too_large'
  | 'invalid_image'
  | 'pdf_without_text'
  | 'invalid_upload'
  | 'capacity'
  | 'timeout'
  | 'engine_failed'
  | 'cancelled'
  | 'closed'

const RETRYABLE: Record<OcrErrorKind, boolean> = {
  unsupported_type: false,
  image_too_large: false,
  invalid_image: false,
  pdf_without_text: false,
  invalid_upload: false,
  capacity: true,
  timeout: true,
  engine_failed: true,
  cancelled: true,
  closed: true,
}

/** The error every OCR engine throws; `retryable` says whether the same input may succeed later. */
export class OcrError extends AdapterError {
  constructor(
    readonly kind: OcrErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, RETRYABLE[kind], options)
    this.name = 'OcrError'
  }

  /** The read was refused because of the input itself (a 4xx, not an outage). */
  get isInputError(): boolean {
    return !this.retryable
  }
}

/** Every worker is busy and the queue is full: try again in `retryAfterSeconds`. */
export class OcrCapacityError extends OcrError {
  constructor(readonly retryAfterSeconds: number) {
    super('capacity', 'Every OCR worker is busy and the queue is full')
    this.name = 'OcrCapacityError'
  }
}

/**
 * Reads a receipt from an image (JPEG, PNG, WebP, TIFF, GIF) or a PDF. Used by the OCR
 * route, by receipt saving and by inbound e-mail; a hosted OCR service can stand in.
 */
export interface OcrPort {
  read(image: Buffer, options?: OcrReadOptions): Promise<ReceiptReading>
  /**
   * Reads the OCR route's raw JSON body (`{imageBase64}`): the engine parses, validates and
   * decodes it where it reads the image (`openUpload`), off the caller's event loop; a body that
   * is not one fails with `OcrUploadError`. Optional: without it the route opens the body itself.
   */
  readUpload?(body: Buffer, options?: OcrReadOptions): Promise<ReceiptReading>
  /** Starts the engine's workers ahead of the first request. */
  warm(): Promise<void>
  /**
   * The capacity refusal a read would get now, or null: lets a route refuse a request before it
   * reads and decodes its body. Optional (an engine without a bounded queue has none).
   */
  refusal?(): OcrCapacityError | null
  /** Workers, reads running and reads waiting (metrics). */
  load(): { workers: number; running: number; queued: number }
  /** Stops every worker; reads still queued fail with `closed`. */
  close(): Promise<void>
}

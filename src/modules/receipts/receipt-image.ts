import sharp, { type Sharp } from 'sharp'
import { AppError } from '../../errors.js'
import { ImageHeaderError, readImageHeader } from '../../lib/image-header.js'
import { sniffType } from '../../lib/image-sniff.js'
import { checkReceiptPdf, jpegIsComplete } from './receipt-image-checks.js'

/** What is stored for a receipt: the cleaned image (or the PDF as sent) and its list thumbnail. */
export interface PreparedReceiptImage {
  image: Uint8Array
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf'
  /** After the EXIF rotation; null for a PDF. */
  width: number | null
  height: number | null
  /** A small WebP for lists; null for a PDF. */
  thumbnail: { bytes: Uint8Array; contentType: string } | null
}

/** Why an image was refused: the `message` of the 400's detail (the same kinds as the OCR route). */
export type ReceiptImageRefusal = 'invalid_image' | 'image_too_large' | 'unsupported_type'

/**
 * A refused image: 400 `validation_error` with one detail `{path: '/body/imageBase64', message:
 * kind}`, the shape `POST /v1/customer/receipts/ocr` answers for the same field (docs/receipts.md).
 */
export class ReceiptImageError extends AppError {
  constructor(
    readonly kind: ReceiptImageRefusal,
    message: string,
    path = '/body/imageBase64',
  ) {
    super('validation_error', message, [{ path, message: kind }])
  }
}

/** Thumbnails for lists: at most this wide, and at most three times as tall (long receipts). */
export const THUMBNAIL_WIDTH = 320
/** Images being decoded and re-encoded at once in this process; more wait their turn. */
const MAX_DECODING = 2
/** A decode or encode that takes longer than this is abandoned (a pathological file). */
const TIMEOUT_SECONDS = 20

// No operation cache: every upload is new, and cached pixels would only hold memory.
sharp.cache(false)

const OUTPUT = {
  // Without optimised Huffman tables (a second pass over every coefficient) the encoder streams:
  // a 36 MP JPEG re-encodes in ~20 MB instead of ~300 MB, 2-3× faster, files ~5 % larger.
  jpeg: { contentType: 'image/jpeg', encode: (s: Sharp) => s.jpeg({ quality: 85, optimiseCoding: false }) },
  png: { contentType: 'image/png', encode: (s: Sharp) => s.png({ compressionLevel: 6 }) },
  webp: { contentType: 'image/webp', encode: (s: Sharp) => s.webp({ quality: 85 }) },
} as const

/**
 * The bytes of `imageBase64`: the standard alphabet (`+` and `/`), padding optional, nothing else
 * (no `data:` prefix, no whitespace, no URL-safe alphabet, no bits left over). Anything else is a
 * 400 `invalid_image`.
 */
export function decodeImageBase64(text: string, path = '/body/imageBase64'): Uint8Array {
  const rest = text.length % 4
  // Padding is all or nothing; a length of 4n + 1 characters encodes no whole number of bytes.
  const padded = rest === 0 ? text : rest === 1 || text.endsWith('=') ? null : text + '='.repeat(4 - rest)
  const bytes = padded === null || padded.length === 0 ? null : Buffer.from(padded, 'base64')
  // Buffer.from skips what it cannot read and also takes the URL-safe alphabet: only a text that
  // encoding the bytes gives back exactly (also no bits dropped: "QR==" is not "QQ==") is base64.
  if (bytes === null || bytes.toString('base64') !== padded) {
    throw new ReceiptImageError('invalid_image', 'imageBase64 is not standard base64', path)
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

/**
 * Makes an upload safe to store and to share: the type from the bytes (never from a name or a
 * declared type), the pixel count checked from the header before anything is decoded, the image
 * turned upright by its EXIF orientation and re-encoded in its own format without any metadata
 * (EXIF with GPS and device, XMP, IPTC, comments, ICC), plus a thumbnail. A PDF is kept as sent
 * after a sanity check. At most two images are decoded at once per process (memory stays bounded
 * whatever the load); malformed, truncated or too large images are a 400.
 */
export async function prepareReceiptImage(
  input: Uint8Array,
  options: { maxPixels: number; path?: string },
): Promise<PreparedReceiptImage> {
  const path = options.path ?? '/body/imageBase64'
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  const type = sniffType(bytes)
  if (type === 'pdf') {
    const problem = checkReceiptPdf(bytes)
    if (problem) throw new ReceiptImageError('invalid_image', problem, path)
    return { image: input, contentType: 'application/pdf', width: null, height: null, thumbnail: null }
  }
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp') {
    const heic = type === 'heic' ? ' (HEIC cannot be read here: export the photo as JPEG)' : ''
    throw new ReceiptImageError('unsupported_type', `Send a JPEG, PNG or WebP image, or a PDF${heic}`, path)
  }
  if (type === 'jpeg' && !jpegIsComplete(bytes)) {
    throw new ReceiptImageError('invalid_image', 'The JPEG is cut short (no end marker)', path)
  }
  try {
    await readImageHeader(bytes, options.maxPixels)
  } catch (err) {
    if (err instanceof ImageHeaderError) throw new ReceiptImageError(err.kind, err.message, path)
    throw err
  }
  const release = await decoding.acquire()
  try {
    return await reencode(bytes, type, options.maxPixels)
  } catch (err) {
    throw decodingFailure(err, options.maxPixels, path)
  } finally {
    release()
  }
}

/**
 * What a failed decode or encode means: over the pixel limit, or sharp's time limit (the
 * machine busy or a pathological file: 503 `unavailable`, so that a client or a sending mail
 * server tries again later instead of being told the image is broken), or an image that cannot
 * be decoded.
 */
export function decodingFailure(err: unknown, maxPixels: number, path = '/body/imageBase64'): AppError {
  const text = String(err)
  if (/pixel limit/i.test(text))
    return new ReceiptImageError('image_too_large', `The image has more than ${maxPixels} pixels`, path)
  if (/^(Error: )?timeout: /i.test(text))
    return new AppError('unavailable', 'The image took too long to process; try again later', undefined, 30)
  return new ReceiptImageError('invalid_image', 'The image cannot be decoded (damaged or cut short)', path)
}

async function reencode(
  bytes: Buffer,
  type: keyof typeof OUTPUT,
  maxPixels: number,
): Promise<PreparedReceiptImage> {
  // failOn 'error' also refuses truncated data; without keepMetadata/withMetadata nothing is copied.
  const source = () =>
    sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .timeout({ seconds: TIMEOUT_SECONDS })
  const { contentType, encode } = OUTPUT[type]
  const [image, thumbnail] = await Promise.all([
    encode(source()).toBuffer({ resolveWithObject: true }),
    source()
      .resize({
        width: THUMBNAIL_WIDTH,
        height: THUMBNAIL_WIDTH * 3,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 70 })
      .toBuffer(),
  ])
  return {
    image: image.data,
    contentType,
    width: image.info.width,
    height: image.info.height,
    thumbnail: { bytes: thumbnail, contentType: 'image/webp' },
  }
}

/** A counting semaphore: `acquire()` resolves with the function that releases the slot. */
function semaphore(slots: number): { acquire(): Promise<() => void> } {
  let free = slots
  const waiting: (() => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else free++
  }
  return {
    async acquire() {
      if (free > 0) free--
      else await new Promise<void>((resolve) => waiting.push(resolve))
      return release
    },
  }
}

const decoding = semaphore(MAX_DECODING)

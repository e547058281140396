import sharp, { type Metadata } from 'sharp'

/** Why an image's header was refused: too many pixels, or not readable at all. */
export class ImageHeaderError extends Error {
  constructor(
    readonly kind: 'image_too_large' | 'invalid_image',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ImageHeaderError'
  }
}

export interface ImageHeader {
  width: number
  /** Of the first page (an animated or multi-page image is only ever read at its first). */
  height: number
  /** EXIF orientation 1..8 (absent = 1). */
  orientation: number
  /** The format libvips saw, e.g. `jpeg`, `png`, `webp`. */
  format: string
}

/**
 * Reads an image's header without decoding its pixels, and refuses one whose first page has more
 * than `maxPixels`: a decompression bomb (a 776 KB PNG can say 16000 × 16000) never reaches the
 * decoder. `limitInputPixels` stands behind the check for anything the header understates.
 */
export async function readImageHeader(bytes: Buffer, maxPixels: number): Promise<ImageHeader> {
  const tooLarge = () =>
    new ImageHeaderError('image_too_large', `The image has more than ${maxPixels} pixels`)
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).metadata()
  } catch (cause) {
    if (/pixel limit/i.test(String(cause))) throw Object.assign(tooLarge(), { cause })
    throw new ImageHeaderError('invalid_image', 'The image cannot be read', { cause })
  }
  const width = meta.width ?? 0
  const height = meta.pageHeight ?? meta.height ?? 0
  if (width * height > maxPixels) throw tooLarge()
  return { width, height, orientation: meta.orientation ?? 1, format: meta.format ?? 'unknown' }
}

import sharp, { type Sharp } from 'sharp'
import { type ImageHeader, ImageHeaderError, readImageHeader } from '../../lib/image-header.js'
import { closeInk, joinDots } from './dots.js'
import { type Box, type Gray, localMax, textGeometry } from './gray-image.js'
import { evenlyLit, stretch } from './levels.js'
import { findPaper, whitenBackground } from './paper.js'
import { OcrError } from './port.js'
import { DECODABLE, type SniffedType, sniffType } from './sniff.js'

export interface PreparedImage {
  /** A grayscale image ready for the recogniser (binary PGM). */
  image: Buffer
  /** The same pixels, for cutting the page into bands. */
  gray: Gray
  width: number
  height: number
  /** What was done, for logs and the benchmark: `crop`, `deskew:-3.2`, `scale:1.40`. */
  steps: string[]
}

export interface PrepareOptions {
  maxPixels: number
  /** Line height (ink rows, ascender to descender) the recogniser reads best, px. */
  targetLineHeight?: number
  /** Skip finding the paper on a background (for the benchmark's comparisons). */
  findPaper?: boolean
  /** When given, CPU ms of this process (all threads) per step are added to it (benchmarks). */
  profile?: Record<string, number>
  /**
   * Dot-matrix print: `auto` (the default) joins the dots of a page whose ink looks dotted
   * (`dots.ts`), `off` never, `on` always (the benchmark's comparisons).
   */
  dots?: 'auto' | 'off' | 'on'
  /** The closing's radius for dotted print, px (the benchmark's comparisons); else from the line height. */
  dotRadius?: number
  /**
   * Paint the table around a photo's paper white (`paper.ts`). Off by default: on 2026-11-29 it
   * won no measurable accuracy on the families' photos (thermal items F1 0.762 → 0.725, ussales
   * 0.753 → 0.791, restaurant 0.972 → 0.958, 8 photos each), so it stays a comparison.
   */
  whiten?: boolean
}

/** Adds the CPU time since `since` to `profile[step]` and answers the new mark. */
function mark(profile: Record<string, number> | undefined, step: string, since: NodeJS.CpuUsage | null) {
  if (!profile || !since) return null
  const now = process.cpuUsage()
  profile[step] = (profile[step] ?? 0) + (now.user + now.system - since.user - since.system) / 1000
  return now
}

/** The long side images are worked on at; larger photos are scaled down first. */
const WORKING_SIDE = 2600
/** The long side of the copy skew and line height are measured on. */
const ANALYSIS_SIDE = 1000
/** Ink rows from ascender to descender (about 2× the x-height) a photo's text is scaled to. */
const TARGET_LINE_HEIGHT = 28
/**
 * A scan (no paper found on a background): its line heights read as they are, resampling costs
 * time and sharpens nothing; outside, scaled to `target`. 22 to 28 px read alike on the dev
 * split (docs/performance.md, Receipt OCR).
 */
const SCAN_LINE_HEIGHT = { min: 20, max: 32, target: 24 }
const MIN_SIDE = 16

/** Reads an image's header without decoding it; refuses what must not reach the decoder. */
export async function inspectImage(bytes: Buffer, maxPixels: number): Promise<SniffedType> {
  const type = sniffType(bytes)
  if (type === 'heic')
    throw new OcrError('unsupported_type', 'HEIC images are not supported; send JPEG or PNG')
  if (type === 'svg') throw new OcrError('unsupported_type', 'SVG is not accepted; send a photo or a scan')
  if (!DECODABLE.has(type))
    throw new OcrError('unsupported_type', 'Not an image type we read (JPEG, PNG, WebP, TIFF, GIF, AVIF)')
  let header: ImageHeader
  try {
    header = await readImageHeader(bytes, maxPixels)
  } catch (cause) {
    if (cause instanceof ImageHeaderError) throw new OcrError(cause.kind, cause.message, { cause })
    throw cause
  }
  const { width, height } = header
  if (width < MIN_SIDE || height < MIN_SIDE)
    throw new OcrError('invalid_image', 'The image is too small to read')
  return type
}

/**
 * Turns an upload into what tesseract reads best: decoded within a pixel limit, turned
 * upright by its EXIF orientation, grey, the paper found on a background (photos), lighting
 * evened out, deskewed and scaled so that text lines have the height the model reads best.
 * Every full-size pixel operation but the lighting division runs in sharp's thread pool; the
 * other JavaScript here works on copies of at most 1000 px.
 */
export async function prepareImage(bytes: Buffer, options: PrepareOptions): Promise<PreparedImage> {
  const profile = options.profile
  let at = profile ? process.cpuUsage() : null
  await inspectImage(bytes, options.maxPixels)
  const steps: string[] = []
  let img = await decode(bytes, options.maxPixels)
  at = mark(profile, 'decode', at)
  let photo = false
  let paper: ReturnType<typeof findPaper> = null
  if (options.findPaper !== false) {
    paper = findPaper(img, await shrink(img, 360))
    if (paper) {
      img = crop(img, paper.box)
      steps.push('crop')
      photo = true
    }
  }
  at = mark(profile, 'paper', at)
  img = await flattenLighting(img, photo)
  steps.push('flatten')
  if (paper && options.whiten) {
    whitenBackground(img, paper.box, paper.outline)
    steps.push('whiten')
  }
  at = mark(profile, 'flatten', at)

  const measured = await shrink(img, ANALYSIS_SIDE)
  const { skew, lineHeight } = textGeometry(measured)
  at = mark(profile, 'geometry', at)
  let scale = 1
  const target = options.targetLineHeight
  if (lineHeight) {
    const atFull = lineHeight * (img.width / measured.width)
    // A scan's lines that tesseract reads well as they are stay so (unless a height is asked for).
    const readable = !photo && atFull >= SCAN_LINE_HEIGHT.min && atFull <= SCAN_LINE_HEIGHT.max
    if (target !== undefined || !readable) {
      const goal = target ?? (photo ? TARGET_LINE_HEIGHT : SCAN_LINE_HEIGHT.target)
      scale = Math.min(3, Math.max(0.35, goal / atFull))
    }
    // Never make the page bigger than tesseract needs.
    scale = Math.min(scale, 4000 / Math.max(img.width, img.height))
  }
  let pipeline = rawSharp(img)
  const turned = Math.abs(skew) >= 0.3
  const scaled = Math.abs(scale - 1) > 0.05
  if (turned) {
    pipeline = pipeline.rotate(-skew, { background: '#ffffff' })
    steps.push(`deskew:${skew}`)
  }
  if (scaled) {
    const width = Math.max(MIN_SIDE, Math.round(rotatedWidth(img, skew) * scale))
    pipeline = pipeline.resize({ width, kernel: scale > 1 ? 'cubic' : 'lanczos3' })
    steps.push(`scale:${scale.toFixed(2)}`)
  }
  let out = img
  if (turned || scaled) {
    out = await toGray(pipeline)
    at = mark(profile, 'rotate+scale', at)
  }
  // A photo's blur has joined its dots already (seed-7 dot-matrix photos gained 0.2 to 3 % from a
  // closing): only scans are looked at, unless asked.
  if (options.dots === 'on' || (options.dots !== 'off' && !photo)) {
    // The closing's size follows the print's (the line height as it is now).
    const finalLine = lineHeight ? lineHeight * (img.width / measured.width) * (scaled ? scale : 1) : null
    const r = options.dotRadius ?? dotRadius(finalLine)
    const joined = options.dots === 'on' ? closeInk(out, r) : joinDots(out, r)
    if (joined) {
      out = joined
      steps.push('dots')
    }
    mark(profile, 'dots', at)
  }
  return { image: toPgm(out), gray: out, width: out.width, height: out.height, steps }
}

/** The closing's radius for dotted print: the gaps between dots grow with the print's size. */
function dotRadius(lineHeight: number | null): number {
  return lineHeight ? Math.max(1, Math.round(lineHeight / 24)) : 1
}

/** The width of the box around `img` turned by `degrees`. */
function rotatedWidth(img: Gray, degrees: number): number {
  const a = (Math.abs(degrees) * Math.PI) / 180
  return img.width * Math.cos(a) + img.height * Math.sin(a)
}

/** Binary PGM: what leptonica reads with no decoding work (a PNG costs an encode and a decode). */
export function toPgm(img: Gray): Buffer {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1')
  return Buffer.concat([header, img.data])
}

async function decode(bytes: Buffer, maxPixels: number): Promise<Gray> {
  try {
    return await toGray(
      sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true }),
    )
  } catch (cause) {
    throw new OcrError('invalid_image', 'The image cannot be decoded', { cause })
  }
}

function firstChannel(data: Buffer, width: number, height: number, channels: number): Gray {
  const out = new Uint8Array(width * height)
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!
  return { data: out, width, height }
}

async function toGray(pipeline: Sharp): Promise<Gray> {
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== 1) return firstChannel(data, info.width, info.height, info.channels)
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  }
}

function rawSharp(img: Gray): Sharp {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 1 },
  })
}

async function shrink(img: Gray, side: number): Promise<Gray> {
  if (Math.max(img.width, img.height) <= side) return img
  return toGray(rawSharp(img).resize({ width: side, height: side, fit: 'inside' }))
}

function crop(img: Gray, box: Box): Gray {
  const width = box.x1 - box.x0
  const height = box.y1 - box.y0
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const from = (box.y0 + y) * img.width + box.x0
    out.set(img.data.subarray(from, from + width), y * width)
  }
  return { data: out, width, height }
}

/**
 * Divides out uneven light (shadows, a lamp's falloff) by the paper's local brightness, then
 * stretches the contrast (1st percentile → black, 99th → white). An evenly lit scan is only
 * stretched.
 */
async function flattenLighting(img: Gray, photo: boolean): Promise<Gray> {
  const smallSide = Math.max(32, Math.round(Math.max(img.width, img.height) / 12))
  const small = await shrink(img, smallSide)
  const paper = localMax(small, 2)
  if (!photo && evenlyLit(paper)) {
    // Nothing to divide out: the contrast stretch is enough.
    const data = new Uint8Array(img.data)
    stretch(data)
    return { data, width: img.width, height: img.height }
  }
  const background = await toGray(
    rawSharp(paper).blur(1.5).resize({ width: img.width, height: img.height, fit: 'fill', kernel: 'linear' }),
  )
  const out = new Uint8ClampedArray(img.data.length)
  const src = img.data
  const bg = background.data
  for (let i = 0; i < out.length; i++) out[i] = (src[i]! * 255) / Math.max(24, bg[i]!)
  const data = new Uint8Array(out.buffer)
  stretch(data)
  return { data, width: img.width, height: img.height }
}

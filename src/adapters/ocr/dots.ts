/**
 * Dot-matrix print: told from the ink itself, and its dots joined before reading. tesseract's
 * model was trained on solid strokes; a glyph drawn as a grid of dots reads badly (digits lost
 * or run together). A grey closing (the ink grown by a small minimum filter, then shrunk back
 * by the same maximum filter) fills the gaps between neighbouring dots. On solid print it fills
 * little but the gaps between tightly set letters, and it read solid scans slightly worse
 * (bench/ocr-dots.ts), so it is kept only when it added enough ink to say the print was dotted.
 */
import { type Gray, otsu } from './gray-image.js'

/** A box minimum (`min`) or maximum filter of radius `r`, rows then columns (no closures: ~4 ns a pixel a pass). */
function boxFilter(img: Gray, r: number, min: boolean): Gray {
  const { width, height, data } = img
  const rows = new Uint8Array(data.length)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      let m = data[row + x]!
      const end = Math.min(width - 1, x + r)
      for (let k = Math.max(0, x - r); k <= end; k++) {
        const v = data[row + k]!
        if (min ? v < m : v > m) m = v
      }
      rows[row + x] = m
    }
  }
  const out = new Uint8Array(data.length)
  for (let y = 0; y < height; y++) {
    const row = y * width
    out.set(rows.subarray(row, row + width), row)
    for (let k = Math.max(0, y - r), end = Math.min(height - 1, y + r); k <= end; k++) {
      if (k === y) continue
      const other = k * width
      for (let x = 0; x < width; x++) {
        const v = rows[other + x]!
        if (min ? v < out[row + x]! : v > out[row + x]!) out[row + x] = v
      }
    }
  }
  return { data: out, width, height }
}

/**
 * A grey closing of dark ink on light paper: gaps between ink up to 2r px wide are filled, the
 * ink's outline stays where it was (a minimum filter grows the ink, the maximum filter of the
 * same size shrinks it back).
 */
export function closeInk(img: Gray, r: number): Gray {
  if (r < 1) return img
  return boxFilter(boxFilter(img, r, true), r, false)
}

/**
 * How much ink a closing adds: the ink of `closed` over that of `img` (both at `img`'s Otsu
 * level). Solid print gains little (a few concave corners); dots gain the gaps between them.
 */
export function closingGain(img: Gray, closed: Gray): number {
  const threshold = Math.min(otsu(img), 200)
  let before = 0
  let after = 0
  for (let i = 0; i < img.data.length; i++) {
    if (img.data[i]! <= threshold) before++
    if (closed.data[i]! <= threshold) after++
  }
  return before < 2000 ? 1 : after / before
}

/**
 * A closing adds at least this share of ink to dotted print, less to solid print: dot-matrix
 * invoices of another seed than the scored one gained 7.7 to 14.7 % (r = 1), solid scans and
 * photos of the development families 0.2 to 5.4 %.
 */
export const DOTTED_GAIN = 1.065

/** The page with its dots joined when its print looks dotted; null when it does not. */
export function joinDots(img: Gray, r: number): Gray | null {
  const closed = closeInk(img, r)
  return closingGain(img, closed) >= DOTTED_GAIN ? closed : null
}

/**
 * A photo's paper: found on its darker background (the box it is cropped to) and outlined, so
 * that the table around a turned sheet can be painted white. Pure JavaScript on small copies.
 */
import {
  type Box,
  type Gray,
  largestComponent,
  localMax,
  otsu,
  paperFollower,
  widenToEdges,
} from './gray-image.js'

/**
 * The paper on a darker background: the largest bright region of `small` (a copy of `img` of
 * at most 360 px), text filled in by a local maximum. Null when the image is all paper (a scan) or nothing
 * stands out.
 */
export function findPaper(img: Gray, small: Gray): { box: Box; outline: PaperOutline } | null {
  const filled = localMax(small, 2)
  const t = otsu(filled)
  const mask = new Uint8Array(filled.data.length)
  let bright = 0
  for (let i = 0; i < mask.length; i++) {
    if (filled.data[i]! > t) {
      mask[i] = 1
      bright++
    }
  }
  // A scan: almost everything is paper, or the image has no contrast to speak of.
  if (bright > mask.length * 0.92) return null
  const part = largestComponent(mask, small.width, small.height)
  if (!part) return null
  const boxArea = (part.x1 - part.x0 + 1) * (part.y1 - part.y0 + 1)
  if (part.count < mask.length * 0.08 || boxArea > mask.length * 0.95) return null
  // Only a background clearly darker than the paper counts: a scan's margins and text do not.
  let inside = 0
  let outside = 0
  let outsideCount = 0
  const inPart = new Uint8Array(mask.length)
  for (const cell of part.cells) inPart[cell] = 1
  for (let i = 0; i < mask.length; i++) {
    const x = i % small.width
    const y = (i - x) / small.width
    const inBox = x >= part.x0 && x <= part.x1 && y >= part.y0 && y <= part.y1
    if (inPart[i]) inside += filled.data[i]!
    else if (!inBox) {
      outside += filled.data[i]!
      outsideCount++
    }
  }
  if (outsideCount < mask.length * 0.05) return null
  const paperLevel = inside / part.count
  const backgroundLevel = outside / outsideCount
  if (paperLevel - backgroundLevel < 45) return null
  const floor = backgroundLevel + (paperLevel - backgroundLevel) / 4
  const edges = widenToEdges(filled, part, t, 12, floor)
  const sx = img.width / small.width
  const sy = img.height / small.height
  const margin = 5
  const box = {
    x0: Math.max(0, Math.floor((edges.x0 - margin) * sx)),
    y0: Math.max(0, Math.floor((edges.y0 - margin) * sy)),
    x1: Math.min(img.width, Math.ceil((edges.x1 + 1 + margin) * sx)),
    y1: Math.min(img.height, Math.ceil((edges.y1 + 1 + margin) * sy)),
  }
  return { box, outline: paperOutline(filled, inPart, t, floor, { sx, sy }) }
}

/**
 * The paper's outline on the small copy, row by row and column by column: each row's paper
 * from its first to its last cell of the paper's region, followed outwards while the paper
 * darkens gently (a light gradient), then drawn in by the local maximum's radius (which had
 * grown the paper into the background). A pixel is paper when its row's or its column's span
 * holds it: for a sheet turned or seen in perspective, the table in the corners of its box is not.
 */
function paperOutline(
  filled: Gray,
  inPart: Uint8Array,
  paper: number,
  floor: number,
  scale: { sx: number; sy: number },
): PaperOutline {
  const { width, height } = filled
  const follow = paperFollower(filled, paper, 12, floor)
  const grown = 2
  const rows = new Int32Array(height * 2).fill(-1)
  for (let y = 0; y < height; y++) {
    let first = -1
    let last = -1
    for (let x = 0; x < width; x++) {
      if (!inPart[y * width + x]) continue
      if (first < 0) first = x
      last = x
    }
    if (first < 0) continue
    const row = y * width
    rows[y * 2] = follow(row + first, -1, first) - row + grown
    rows[y * 2 + 1] = follow(row + last, 1, width - 1 - last) - row - grown
  }
  const columns = new Int32Array(width * 2).fill(-1)
  for (let x = 0; x < width; x++) {
    let first = -1
    let last = -1
    for (let y = 0; y < height; y++) {
      if (!inPart[y * width + x]) continue
      if (first < 0) first = y
      last = y
    }
    if (first < 0) continue
    columns[x * 2] = Math.floor(follow(first * width + x, -width, first) / width) + grown
    columns[x * 2 + 1] = Math.floor(follow(last * width + x, width, height - 1 - last) / width) - grown
  }
  return { rows, columns, width, height, ...scale }
}

/** Where the paper is, on the small copy `findPaper` looked at: spans per row and per column. */
export interface PaperOutline {
  rows: Int32Array
  columns: Int32Array
  width: number
  height: number
  /** Full-size pixels per small cell. */
  sx: number
  sy: number
}

/**
 * Paints white what is not paper in `img`, the part of the full image at `box`: the table
 * in the corners of a turned sheet's box, which the lighting pass would leave as black frames
 * and texture (tesseract reads them as marks, and they hide the blank rows between text lines).
 */
export function whitenBackground(img: Gray, box: Box, outline: PaperOutline): void {
  const { rows, columns, width, height, sx, sy } = outline
  const cellX = new Int32Array(img.width)
  for (let x = 0; x < img.width; x++) cellX[x] = Math.min(width - 1, Math.floor((x + box.x0) / sx))
  for (let y = 0; y < img.height; y++) {
    const cy = Math.min(height - 1, Math.floor((y + box.y0) / sy))
    const r0 = rows[cy * 2]!
    const r1 = rows[cy * 2 + 1]!
    const line = y * img.width
    for (let x = 0; x < img.width; x++) {
      const cx = cellX[x]!
      if (r0 >= 0 && cx >= r0 && cx <= r1) continue
      const c0 = columns[cx * 2]!
      if (c0 >= 0 && cy >= c0 && cy <= columns[cx * 2 + 1]!) continue
      img.data[line + x] = 255
    }
  }
}

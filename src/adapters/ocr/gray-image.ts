/** A one-channel 8-bit image held in memory: the unit the preprocessing steps work on. */
export interface Gray {
  data: Uint8Array
  width: number
  height: number
}

/** Otsu's threshold: the grey level that best separates ink from paper. */
export function otsu(img: Gray): number {
  const hist = new Float64Array(256)
  const data = img.data
  for (let i = 0; i < data.length; i++) hist[data[i]!]! += 1
  const total = img.data.length
  let sum = 0
  for (let i = 0; i < 256; i++) sum += i * hist[i]!
  let sumB = 0
  let weightB = 0
  let best = 0
  let threshold = 128
  for (let i = 0; i < 256; i++) {
    weightB += hist[i]!
    if (weightB === 0) continue
    const weightF = total - weightB
    if (weightF === 0) break
    sumB += i * hist[i]!
    const meanB = sumB / weightB
    const meanF = (sum - sumB) / weightF
    const between = weightB * weightF * (meanB - meanF) ** 2
    if (between > best) {
      best = between
      threshold = i
    }
  }
  return threshold
}

/** A box-filtered local maximum: the paper's brightness around each pixel, ink ignored. */
export function localMax(img: Gray, radius: number): Gray {
  const { width, height, data } = img
  const rows = new Uint8Array(data.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) {
        const v = data[y * width + k]!
        if (v > m) m = v
      }
      rows[y * width + x] = m
    }
  }
  const out = new Uint8Array(data.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++) {
        const v = rows[k * width + x]!
        if (v > m) m = v
      }
      out[y * width + x] = m
    }
  }
  return { data: out, width, height }
}

/** Where the ink is: the coordinates of every pixel darker than `threshold`, in one array (x, y, x, y…). */
function inkPoints(img: Gray, threshold: number): Int32Array {
  const { width, height, data } = img
  let count = 0
  for (let i = 0; i < data.length; i++) if (data[i]! < threshold) count++
  const points = new Int32Array(count * 2)
  let at = 0
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      if (data[row + x]! < threshold) {
        points[at++] = x
        points[at++] = y
      }
    }
  }
  return points
}

/** The ink's row projection at `degrees`: how many ink points fall on each (rotated) row. */
function project(points: Int32Array, degrees: number, step: number, bins: Float64Array): void {
  const a = (degrees * Math.PI) / 180
  const sin = Math.sin(a)
  const cos = Math.cos(a)
  const offset = bins.length >> 1
  bins.fill(0)
  for (let i = 0; i < points.length; i += 2 * step) {
    bins[Math.round(points[i + 1]! * cos - points[i]! * sin) + offset]! += 1
  }
}

function sharpness(bins: Float64Array): number {
  let s = 0
  for (const b of bins) s += b * b
  return s
}

export interface TextGeometry {
  /** Skew of the text lines in degrees (positive: lines fall to the right). */
  skew: number
  /** Median height of a text line (ink rows, ascender to descender) in pixels; null with too few lines. */
  lineHeight: number | null
}

/**
 * The skew of text lines, from the angle at which the ink's row projection is sharpest
 * (searched within ±maxDegrees on at most 8,000 ink points), and the median line height
 * measured on the projection at that angle.
 */
export function textGeometry(img: Gray, maxDegrees = 20): TextGeometry {
  const points = inkPoints(img, Math.min(otsu(img), 200))
  const count = points.length / 2
  if (count < 50 || count > img.data.length * 0.5) return { skew: 0, lineHeight: null }
  const step = Math.max(1, Math.floor(count / 8_000))
  const bins = new Float64Array(Math.ceil(Math.hypot(img.width, img.height)) * 2 + 4)
  const score = (degrees: number) => {
    project(points, degrees, step, bins)
    return sharpness(bins)
  }
  let best = 0
  let bestScore = score(0)
  for (let d = -maxDegrees; d <= maxDegrees; d += 1) {
    const s = score(d)
    if (s > bestScore) {
      bestScore = s
      best = d
    }
  }
  const coarse = best
  for (let d = coarse - 0.6; d <= coarse + 0.6; d += 0.1) {
    const s = score(d)
    if (s > bestScore) {
      bestScore = s
      best = d
    }
  }
  project(points, best, 1, bins)
  return { skew: Math.round(best * 10) / 10, lineHeight: medianRun(bins, Math.max(2, img.width * 0.004)) }
}

/** The median length of runs of bins holding at least `minInk`; null when there are fewer than 3. */
function medianRun(bins: Float64Array, minInk: number): number | null {
  const runs: number[] = []
  let run = 0
  for (let i = 0; i <= bins.length; i++) {
    if (i < bins.length && bins[i]! >= minInk) run++
    else {
      if (run >= 4) runs.push(run)
      run = 0
    }
  }
  if (runs.length < 3) return null
  runs.sort((a, b) => a - b)
  return runs[Math.floor(runs.length / 2)]!
}

/** The largest 4-connected set of `true` cells: its bounding box and cells. */
export function largestComponent(
  mask: Uint8Array,
  width: number,
  height: number,
): { x0: number; y0: number; x1: number; y1: number; count: number; cells: Int32Array } | null {
  const seen = new Uint8Array(mask.length)
  const stack = new Int32Array(mask.length)
  const cells = new Int32Array(mask.length)
  let best: { x0: number; y0: number; x1: number; y1: number; count: number; cells: Int32Array } | null = null
  const visit = (q: number, top: number) => {
    if (mask[q] && !seen[q]) {
      seen[q] = 1
      stack[top++] = q
    }
    return top
  }
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue
    let top = 0
    let count = 0
    stack[top++] = start
    seen[start] = 1
    let x0 = width
    let y0 = height
    let x1 = 0
    let y1 = 0
    while (top > 0) {
      const p = stack[--top]!
      cells[count++] = p
      const x = p % width
      const y = (p - x) / width
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
      if (x > 0) top = visit(p - 1, top)
      if (x < width - 1) top = visit(p + 1, top)
      if (y > 0) top = visit(p - width, top)
      if (y < height - 1) top = visit(p + width, top)
    }
    if (!best || count > best.count) best = { x0, y0, x1, y1, count, cells: cells.slice(0, count) }
  }
  return best
}

/**
 * Cuts a page into `parts` horizontal bands at blank rows (the row with the least ink within
 * ±15 % of each even cut), so that each band can be recognised on its own thread.
 */
export function splitRows(img: Gray, parts: number): Gray[] {
  const { width, height, data } = img
  const threshold = Math.min(otsu(img), 200)
  const ink = (y: number) => {
    let c = 0
    for (let x = y * width, end = x + width; x < end; x++) if (data[x]! < threshold) c++
    return c
  }
  const cuts = [0]
  for (let k = 1; k < parts; k++) {
    const target = Math.round((height * k) / parts)
    const reach = Math.round(height * 0.15)
    let best = target
    let bestInk = Number.POSITIVE_INFINITY
    for (let d = 0; d <= reach && bestInk > 0; d++) {
      for (const y of [target - d, target + d]) {
        if (y <= cuts.at(-1)! + 16 || y >= height - 16) continue
        const c = ink(y)
        if (c < bestInk) {
          bestInk = c
          best = y
        }
      }
    }
    cuts.push(best)
  }
  cuts.push(height)
  return cuts.slice(1).map((end, i) => {
    const start = cuts[i]!
    return { data: data.subarray(start * width, end * width), width, height: end - start }
  })
}

/**
 * Widens a box found by a global threshold to the paper's real edges: from each row's (and
 * each column's) end of the box that is paper (brighter than `paper`), the paper is followed outwards while it darkens gently (no step
 * over `step`, never below `floor`); the jump down to the background stops it. A sheet under a
 * strong light gradient is otherwise cut short on its dark side.
 */
export function widenToEdges(img: Gray, box: Box, paper: number, step: number, floor: number): Box {
  const { width, height } = img
  const out = { ...box }
  const follow = paperFollower(img, paper, step, floor)
  for (let y = box.y0; y <= box.y1; y++) {
    const row = y * width
    out.x0 = Math.min(out.x0, follow(row + box.x0, -1, box.x0) - row)
    out.x1 = Math.max(out.x1, follow(row + box.x1, 1, width - 1 - box.x1) - row)
  }
  for (let x = box.x0; x <= box.x1; x++) {
    out.y0 = Math.min(out.y0, Math.floor(follow(box.y0 * width + x, -width, box.y0) / width))
    out.y1 = Math.max(out.y1, Math.floor(follow(box.y1 * width + x, width, height - 1 - box.y1) / width))
  }
  return out
}

/**
 * From a pixel of paper (brighter than `paper`), the last pixel reached going `stride` at a
 * time (at most `limit` steps) while the paper darkens gently: no step down over `step`, never
 * below `floor`. A pixel that is not paper is its own answer.
 */
export function paperFollower(img: Gray, paper: number, step: number, floor: number) {
  const data = img.data
  return (start: number, stride: number, limit: number): number => {
    let at = start
    if (data[at]! <= paper) return at
    for (let n = 0; n < limit; n++) {
      const next = at + stride
      if (data[next]! < floor || data[next]! < data[at]! - step) break
      at = next
    }
    return at
  }
}

export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

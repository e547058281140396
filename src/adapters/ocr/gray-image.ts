/** A one-channel 8-bit image held in memory: the unit the preprocessing steps work on. */
export interface Gray {
  data: Uint8Array
  width: number
  height: number
}

/** Otsu's threshold: the grey level that best separates ink from paper. */
export function otsu(img: Gray): number {
  const hist = new Float64Array(256)
  for (const v of img.data) hist[v]! += 1
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

/**
 * The skew of text lines in degrees (positive: lines fall to the right), from the angle at
 * which the ink's row projection is sharpest. Searched within ±maxDegrees.
 */
export function estimateSkew(img: Gray, maxDegrees = 20): number {
  const threshold = Math.min(otsu(img), 200)
  const xs: number[] = []
  const ys: number[] = []
  const { width, height, data } = img
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < threshold) {
        xs.push(x)
        ys.push(y)
      }
    }
  }
  if (xs.length < 50 || xs.length > data.length * 0.5) return 0
  const step = Math.max(1, Math.floor(xs.length / 60_000))
  const diag = Math.ceil(Math.hypot(width, height)) * 2 + 4
  const bins = new Float64Array(diag)
  const score = (degrees: number) => {
    const a = (degrees * Math.PI) / 180
    const sin = Math.sin(a)
    const cos = Math.cos(a)
    bins.fill(0)
    for (let i = 0; i < xs.length; i += step) {
      const r = Math.round(ys[i]! * cos - xs[i]! * sin) + (diag >> 1)
      bins[r]! += 1
    }
    let s = 0
    for (const b of bins) s += b * b
    return s
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
  for (let d = coarse - 1; d <= coarse + 1; d += 0.1) {
    const s = score(d)
    if (s > bestScore) {
      bestScore = s
      best = d
    }
  }
  return Math.round(best * 10) / 10
}

/** The median height of text lines (runs of inked rows), in pixels; null when there are too few. */
export function medianLineHeight(img: Gray): number | null {
  const threshold = Math.min(otsu(img), 200)
  const { width, height, data } = img
  const counts = new Uint32Array(height)
  for (let y = 0; y < height; y++) {
    let c = 0
    for (let x = 0; x < width; x++) if (data[y * width + x]! < threshold) c++
    counts[y] = c
  }
  const minInk = Math.max(2, width * 0.004)
  const runs: number[] = []
  let run = 0
  for (let y = 0; y <= height; y++) {
    if (y < height && counts[y]! >= minInk) run++
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
  let best: { x0: number; y0: number; x1: number; y1: number; count: number; cells: Int32Array } | null = null
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue
    let top = 0
    stack[top++] = start
    seen[start] = 1
    const cells: number[] = []
    let x0 = width
    let y0 = height
    let x1 = 0
    let y1 = 0
    while (top > 0) {
      const p = stack[--top]!
      cells.push(p)
      const x = p % width
      const y = (p - x) / width
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
      const around = [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ]
      for (const q of around) {
        if (q >= 0 && mask[q] && !seen[q]) {
          seen[q] = 1
          stack[top++] = q
        }
      }
    }
    if (!best || cells.length > best.count)
      best = { x0, y0, x1, y1, count: cells.length, cells: Int32Array.from(cells) }
  }
  return best
}

/** Grey levels: whether a page is evenly lit, and a contrast stretch (used by preprocess.ts). */
import type { Gray } from './gray-image.js'

/**
 * Whether the paper's brightness (a local-maximum map of a small copy) is even: its 2nd to 98th
 * percentile within 12 grey levels, and bright. Shadows, a lamp's falloff and a background
 * around the paper all spread it further.
 */
export function evenlyLit(paper: Gray): boolean {
  const hist = new Uint32Array(256)
  for (const v of paper.data) hist[v]! += 1
  let seen = 0
  let low = -1
  let high = 255
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!
    if (low < 0 && seen > paper.data.length * 0.02) low = v
    if (seen >= paper.data.length * 0.98) {
      high = v
      break
    }
  }
  return low >= 150 && high - low <= 12
}

/** sharp's `normalise()` in one pass over the pixels, without re-running the pipeline. */
export function stretch(data: Uint8Array): void {
  const hist = new Uint32Array(256)
  for (let i = 0; i < data.length; i++) hist[data[i]!]! += 1
  const level = (share: number) => {
    let seen = 0
    for (let v = 0; v < 256; v++) {
      seen += hist[v]!
      if (seen > data.length * share) return v
    }
    return 255
  }
  const low = level(0.01)
  const high = level(0.99)
  if (high - low < 8 || (low === 0 && high === 255)) return
  const lut = new Uint8ClampedArray(256)
  for (let v = 0; v < 256; v++) lut[v] = ((v - low) * 255) / (high - low)
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]!]!
}

import { availableParallelism } from 'node:os'

/**
 * The OCR engine's settings (see docs/ocr.md for the environment names proposed for them).
 * Every field has a default from `defaultOcrSettings`.
 */
export interface OcrSettings {
  /** Worker threads, each holding one tesseract model (~170 MB). `0`: from the CPU count. */
  workers: number
  /**
   * Reads waiting for a worker beyond which a read is refused with `capacity` (→ 503). 0 (the
   * default): at most one image a worker is admitted; every upload held costs memory and its
   * decoding costs the event loop.
   */
  queueLimit: number
  /** Per-image limit of the recognition step; past it the worker is replaced. */
  timeoutMs: number
  /** A worker is replaced after this many reads (tesseract's WASM heap only grows). */
  recycleAfter: number
  /** Decoded pixels an image may have; larger ones are refused before they are decoded. */
  maxPixels: number
  /**
   * `wasm` (the default): tesseract.js in worker threads; `native`: tesseract's own library
   * (Debian's `libtesseract5`) in child processes; `auto`: native when the library loads, else
   * wasm. docs/ocr.md says why wasm stays the default.
   */
  engine: OcrEngineChoice
  /** Start the workers at once (`true`) or on the first read. */
  warmOnStart: boolean
  /**
   * The niceness (0..19) of the worker processes: above 0 the kernel gives the CPU to the API's
   * process first when both want it, so reads never slow other routes down much.
   */
  nice: number
  /**
   * Recognisers a worker holds (1 or 2). With 2, the two bands of a tall page are read at once
   * when a core is free for it (nothing waiting, and the reads in flight would not use more
   * threads than there are cores); otherwise one after the other. Each costs a copy of the model.
   */
  readThreads: number
}

export type OcrEngineChoice = 'auto' | 'native' | 'wasm'

/**
 * Workers from the CPU count: one core is always left to the API (a receipt being read keeps its
 * worker's core busy for a second or more), at least one worker, at most 4.
 */
export function workersForCpus(cpus: number): number {
  return Math.max(1, Math.min(4, cpus - 1))
}

export function defaultOcrSettings(overrides: Partial<OcrSettings> = {}): OcrSettings {
  const merged: OcrSettings = {
    workers: 0,
    queueLimit: 0,
    timeoutMs: 15_000,
    recycleAfter: 200,
    maxPixels: 40_000_000,
    warmOnStart: false,
    engine: 'wasm',
    nice: 10,
    readThreads: 2,
    ...overrides,
  }
  if (merged.workers <= 0) merged.workers = workersForCpus(availableParallelism())
  return merged
}

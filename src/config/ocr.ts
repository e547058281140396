import { type Env, int, oneOf } from './parse.js'

/**
 * The receipt OCR engine's settings (docs/ocr.md#settings), read from `OCR_*`; the OCR adapter
 * (src/adapters/ocr) takes them as they are. Every field has a default in `OCR_DEFAULTS`.
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

/** Each OCR setting's default: what `ocrSettings` reads when the variable is unset. */
export const OCR_DEFAULTS: Readonly<OcrSettings> = Object.freeze({
  workers: 0,
  queueLimit: 0,
  timeoutMs: 15_000,
  recycleAfter: 200,
  maxPixels: 40_000_000,
  warmOnStart: false,
  engine: 'wasm',
  nice: 10,
  readThreads: 2,
})

export function ocrSettings(env: Env): OcrSettings {
  const d = OCR_DEFAULTS
  const warm = d.warmOnStart ? 'true' : 'false'
  return {
    workers: int(env, 'OCR_WORKERS', d.workers, 0, 64),
    queueLimit: int(env, 'OCR_QUEUE_LIMIT', d.queueLimit, 0, 1000),
    timeoutMs: int(env, 'OCR_TIMEOUT_MS', d.timeoutMs, 1000, 300_000),
    recycleAfter: int(env, 'OCR_RECYCLE_AFTER', d.recycleAfter, 1, 100_000),
    maxPixels: int(env, 'OCR_MAX_PIXELS', d.maxPixels, 1_000_000, 200_000_000),
    warmOnStart: oneOf(env, 'OCR_WARM_ON_START', ['true', 'false'] as const, warm) === 'true',
    engine: oneOf(env, 'OCR_ENGINE', ['auto', 'native', 'wasm'] as const, d.engine),
    nice: int(env, 'OCR_NICE', d.nice, 0, 19),
    readThreads: int(env, 'OCR_READ_THREADS', d.readThreads, 1, 2),
  }
}

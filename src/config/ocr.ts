import { type Env, int, oneOf } from './parse.js'

/** The receipt OCR engine's settings (docs/ocr.md). `workers` 0: from the CPU count. */
export interface OcrConfig {
  workers: number
  queueLimit: number
  timeoutMs: number
  recycleAfter: number
  maxPixels: number
  warmOnStart: boolean
  engine: 'auto' | 'native' | 'wasm'
  nice: number
  readThreads: number
}

export function ocr(env: Env): OcrConfig {
  return {
    workers: int(env, 'OCR_WORKERS', 0, 0, 64),
    queueLimit: int(env, 'OCR_QUEUE_LIMIT', 0, 0, 1000),
    timeoutMs: int(env, 'OCR_TIMEOUT_MS', 15_000, 1000, 300_000),
    recycleAfter: int(env, 'OCR_RECYCLE_AFTER', 200, 1, 100_000),
    maxPixels: int(env, 'OCR_MAX_PIXELS', 40_000_000, 1_000_000, 200_000_000),
    warmOnStart: oneOf(env, 'OCR_WARM_ON_START', ['true', 'false'] as const, 'false') === 'true',
    engine: oneOf(env, 'OCR_ENGINE', ['auto', 'native', 'wasm'] as const, 'wasm'),
    nice: int(env, 'OCR_NICE', 10, 0, 19),
    readThreads: int(env, 'OCR_READ_THREADS', 2, 1, 2),
  }
}

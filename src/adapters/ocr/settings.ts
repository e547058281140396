import { availableParallelism } from 'node:os'
import { OCR_DEFAULTS, type OcrSettings } from '../../config/ocr.js'

/** The settings and their defaults are defined once, with the other settings (src/config/ocr.ts). */
export type { OcrEngineChoice, OcrSettings } from '../../config/ocr.js'

/**
 * Workers from the CPU count: one core is always left to the API (a receipt being read keeps its
 * worker's core busy for a second or more), at least one worker, at most 4.
 */
export function workersForCpus(cpus: number): number {
  return Math.max(1, Math.min(4, cpus - 1))
}

/** The settings with every field not given at its default, and `workers` 0 resolved from the CPUs. */
export function defaultOcrSettings(overrides: Partial<OcrSettings> = {}): OcrSettings {
  const merged: OcrSettings = { ...OCR_DEFAULTS, ...overrides }
  if (merged.workers <= 0) merged.workers = workersForCpus(availableParallelism())
  return merged
}

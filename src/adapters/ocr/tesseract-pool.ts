import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Worker as Thread } from 'node:worker_threads'
import Tesseract from 'tesseract.js'
import { type OcrLine, type PoolSettings, type Recognizer, RecognizerPool } from './recognizer-pool.js'

export type { OcrLine, PoolSettings, RecognizedText } from './recognizer-pool.js'

export interface PoolOptions {
  /** Called with each worker thread when it starts (metrics, fault-injection tests). */
  onSpawn?: (thread: Thread) => void
  /** Page segmentation mode; 6 (one uniform block) keeps a receipt's name and price on one line. */
  pageSegMode?: string
  /**
   * The English model: `4.0.0_best_int` or `4.0.0` from `@tesseract.js-data/eng` (the same LSTM,
   * `4.0.0` adds the unused legacy model), or a folder holding an uncompressed `eng.traineddata`.
   */
  model?: OcrModel
  /** More tesseract parameters, set once per worker. */
  parameters?: Record<string, string>
}

export type OcrModel = '4.0.0' | '4.0.0_best_int' | (string & {})

const requireFromHere = createRequire(import.meta.url)
/** The English model shipped in node_modules: nothing is downloaded. */
export const MODELS_DIR = dirname(requireFromHere.resolve('@tesseract.js-data/eng/package.json'))
export const isBundled = (model: OcrModel) => model === '4.0.0' || model === '4.0.0_best_int'
export const langPath = (model: OcrModel) => (isBundled(model) ? join(MODELS_DIR, model) : model)

/** The tesseract parameters every engine sets (page segmentation, spacing, resolution). */
export function baseParameters(
  options: Pick<PoolOptions, 'pageSegMode' | 'parameters'>,
): Record<string, string> {
  return {
    tessedit_pageseg_mode: options.pageSegMode ?? '6',
    preserve_interword_spaces: '1',
    user_defined_dpi: '300',
    ...options.parameters,
  }
}

/**
 * tesseract.js (tesseract compiled to WASM) in worker threads, in a bounded pool (see
 * `RecognizerPool`). The fallback engine: it needs nothing outside node_modules.
 */
export class TesseractPool extends RecognizerPool {
  constructor(settings: PoolSettings, options: PoolOptions = {}) {
    super(settings, (died) => startWorker(options, died))
  }
}

/** One tesseract.js worker thread, its model loaded and parameters set (also used by ocr children). */
export async function startWorker(
  options: PoolOptions,
  died: (reason: string, cause?: unknown) => void,
): Promise<Recognizer> {
  const model = options.model ?? '4.0.0_best_int'
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: langPath(model),
    gzip: isBundled(model),
    cacheMethod: 'none',
    // Without it a rejected job throws inside tesseract.js's message listener.
    errorHandler: () => undefined,
  })
  await worker.setParameters(baseParameters(options) as Partial<Tesseract.WorkerParams>)
  const thread = (worker as unknown as { worker: Thread }).worker
  thread.on('error', (cause) => died('crashed', cause))
  thread.on('exit', (code) => died('exited', code))
  options.onSpawn?.(thread)
  return {
    recognize: async (image) => {
      // The text and tesseract's TSV (words with their confidence): the `blocks` tree (every
      // symbol and its alternatives, built as JSON in the worker) cost ~90 ms more an image.
      const result = await worker.recognize(image, {}, { text: true, tsv: true, blocks: false })
      return toRecognized(result.data)
    },
    // terminate() stops the thread even in the middle of a WASM call.
    stop: () => thread.terminate().then(() => undefined),
  }
}

/**
 * The page's lines with tesseract's confidence of each: the text's non-blank lines, each paired
 * with the TSV's line in the same order, its confidence the mean of its words' (as tesseract
 * computes a line's, before clipping to 0..100), its height the line's box (layout: a shop's
 * name is printed larger). Should the two ever disagree on the number of lines, every line gets
 * the page's confidence and no height.
 */
export function linesWithConfidence(text: string, tsv: string, page: number): OcrLine[] {
  const texts = text
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim())
  const words = new Map<string, { sum: number; count: number; ink: boolean; height: number }>()
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t')
    if (cells.length < 12 || (cells[0] !== '5' && cells[0] !== '4')) continue
    const key = `${cells[2]}.${cells[3]}.${cells[4]}`
    const line = words.get(key) ?? { sum: 0, count: 0, ink: false, height: 0 }
    if (cells[0] === '4') line.height = Number(cells[9]) || 0
    else {
      line.sum += Number(cells[10])
      line.count += 1
      line.ink ||= (cells[11] ?? '').trim() !== ''
    }
    words.set(key, line)
  }
  const inked = [...words.values()].filter((l) => l.ink)
  const same = inked.length === texts.length
  return texts.map((line, i) => {
    const box = inked[i]
    if (!same || !box) return { text: line, confidence: page }
    const confidence = Math.min(1, Math.max(0, box.sum / box.count / 100))
    return box.height > 0 ? { text: line, confidence, height: box.height } : { text: line, confidence }
  })
}

function toRecognized(data: Tesseract.Page): { text: string; lines: OcrLine[]; confidence: number } {
  const confidence = (data.confidence ?? 0) / 100
  return { text: data.text, lines: linesWithConfidence(data.text, data.tsv ?? '', confidence), confidence }
}

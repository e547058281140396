import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Worker as Thread } from 'node:worker_threads'
import Tesseract from 'tesseract.js'
import { OcrCapacityError, OcrError } from './port.js'
import type { OcrSettings } from './settings.js'

/** One recognised line with tesseract's confidence (0..1). */
export interface OcrLine {
  text: string
  confidence: number
}

export interface RecognizedText {
  text: string
  lines: OcrLine[]
  /** Mean word confidence of the page, 0..1. */
  confidence: number
  /** Time spent recognising (not waiting), ms. */
  ms: number
}

export type PoolSettings = Pick<OcrSettings, 'workers' | 'queueLimit' | 'timeoutMs' | 'recycleAfter'>

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
const MODELS_DIR = dirname(requireFromHere.resolve('@tesseract.js-data/eng/package.json'))
const isBundled = (model: OcrModel) => model === '4.0.0' || model === '4.0.0_best_int'
export const langPath = (model: OcrModel) => (isBundled(model) ? join(MODELS_DIR, model) : model)

interface Job {
  image: Buffer
  resolve: (value: RecognizedText) => void
  reject: (error: Error) => void
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
}

interface Slot {
  id: number
  worker: Tesseract.Worker | null
  starting: Promise<Tesseract.Worker> | null
  thread: Thread | null
  jobs: number
  current: Job | null
  /** Fails the job in flight when the thread dies under it. */
  failCurrent: ((error: OcrError) => void) | null
}

/**
 * A bounded pool of tesseract.js worker threads: at most `workers` reads at once, at most
 * `queueLimit` waiting (more → `OcrCapacityError`), each read limited to `timeoutMs`, a worker
 * replaced after `recycleAfter` reads, after a time-out and after any error. A thread that
 * crashes or hangs fails the one read it was doing.
 */
export class TesseractPool {
  private readonly slots: Slot[]
  private readonly queue: Job[] = []
  private closed = false
  /** Moving average of a read's duration, for `Retry-After`. */
  private averageMs = 1500

  constructor(
    private readonly settings: PoolSettings,
    private readonly options: PoolOptions = {},
  ) {
    this.slots = Array.from({ length: Math.max(1, settings.workers) }, (_, id) => ({
      id,
      worker: null,
      starting: null,
      thread: null,
      jobs: 0,
      current: null,
      failCurrent: null,
    }))
  }

  get size(): number {
    return this.slots.length
  }

  /** Workers with nothing to do (started or not). */
  get idle(): number {
    return this.queue.length > 0 ? 0 : this.slots.filter((s) => !s.current).length
  }

  /** Reads in flight and waiting. */
  get load(): { running: number; queued: number } {
    return { running: this.slots.filter((s) => s.current).length, queued: this.queue.length }
  }

  async warm(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.start(slot)))
  }

  recognize(image: Buffer, signal?: AbortSignal): Promise<RecognizedText> {
    if (this.closed) return Promise.reject(new OcrError('closed', 'The OCR engine is closed'))
    if (signal?.aborted) return Promise.reject(new OcrError('cancelled', 'The read was cancelled'))
    const idle = this.slots.find((s) => !s.current)
    if (!idle && this.queue.length >= this.settings.queueLimit) {
      const waves = (this.queue.length + this.slots.length) / this.slots.length
      return Promise.reject(new OcrCapacityError(Math.max(1, Math.ceil((waves * this.averageMs) / 1000))))
    }
    return new Promise<RecognizedText>((resolve, reject) => {
      const job: Job = { image, resolve, reject, signal, onAbort: undefined }
      if (signal) {
        job.onAbort = () => {
          const at = this.queue.indexOf(job)
          if (at >= 0) {
            this.queue.splice(at, 1)
            reject(new OcrError('cancelled', 'The read was cancelled'))
          }
        }
        signal.addEventListener('abort', job.onAbort, { once: true })
      }
      if (idle) this.run(idle, job)
      else this.queue.push(job)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new OcrError('closed', 'The OCR engine is closed'))
    await Promise.all(this.slots.map((slot) => this.retire(slot)))
  }

  private run(slot: Slot, job: Job): void {
    slot.current = job
    void this.execute(slot, job).finally(() => {
      if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort)
      slot.current = null
      slot.failCurrent = null
      const next = this.queue.shift()
      if (next && !this.closed) this.run(slot, next)
    })
  }

  private async execute(slot: Slot, job: Job): Promise<void> {
    let worker: Tesseract.Worker
    try {
      worker = await this.start(slot)
    } catch (cause) {
      await this.retire(slot)
      job.reject(new OcrError('engine_failed', 'The OCR worker could not start', { cause }))
      return
    }
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    const outcome = await new Promise<{ ok: RecognizedText } | { error: OcrError }>((settle) => {
      slot.failCurrent = (error) => settle({ error })
      timer = setTimeout(
        () =>
          settle({
            error: new OcrError('timeout', `The read took longer than ${this.settings.timeoutMs} ms`),
          }),
        this.settings.timeoutMs,
      )
      worker
        .recognize(job.image, {}, { text: true, blocks: true })
        .then((result) => settle({ ok: toRecognized(result.data, performance.now() - started) }))
        .catch((cause: unknown) =>
          settle({ error: new OcrError('engine_failed', 'The OCR engine failed on this image', { cause }) }),
        )
    })
    clearTimeout(timer)
    slot.jobs += 1
    if ('ok' in outcome) {
      this.averageMs = this.averageMs * 0.8 + outcome.ok.ms * 0.2
      if (slot.jobs >= this.settings.recycleAfter) await this.retire(slot)
      job.resolve(outcome.ok)
    } else {
      // After a time-out or an error the worker's state is unknown: replace it.
      await this.retire(slot)
      job.reject(outcome.error)
    }
  }

  private start(slot: Slot): Promise<Tesseract.Worker> {
    if (slot.worker) return Promise.resolve(slot.worker)
    if (slot.starting) return slot.starting
    slot.jobs = 0
    slot.starting = (async () => {
      const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath: langPath(this.options.model ?? '4.0.0_best_int'),
        gzip: isBundled(this.options.model ?? '4.0.0_best_int'),
        cacheMethod: 'none',
        // Without it a rejected job throws inside tesseract.js's message listener.
        errorHandler: () => undefined,
      })
      await worker.setParameters({
        tessedit_pageseg_mode: (this.options.pageSegMode ?? '6') as Tesseract.PSM,
        preserve_interword_spaces: '1',
        user_defined_dpi: '300',
        ...this.options.parameters,
      })
      const thread = (worker as unknown as { worker: Thread }).worker
      const died = (reason: string) => (cause?: unknown) => {
        if (slot.thread !== thread) return
        slot.worker = null
        slot.thread = null
        slot.failCurrent?.(new OcrError('engine_failed', `The OCR worker ${reason}`, { cause }))
      }
      thread.on('error', died('crashed'))
      thread.on('exit', died('exited'))
      slot.thread = thread
      slot.worker = worker
      this.options.onSpawn?.(thread)
      return worker
    })()
    return slot.starting.finally(() => {
      slot.starting = null
    })
  }

  private async retire(slot: Slot): Promise<void> {
    const starting = slot.starting
    if (starting) await starting.catch(() => undefined)
    const thread = slot.thread
    slot.worker = null
    slot.thread = null
    // terminate() stops the thread even in the middle of a WASM call.
    if (thread) await thread.terminate().catch(() => undefined)
  }
}

interface TesseractLine {
  text: string
  confidence: number
}

function toRecognized(data: Tesseract.Page, ms: number): RecognizedText {
  const lines: OcrLine[] = []
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines as TesseractLine[]) {
        const text = line.text.replace(/\n$/, '')
        if (text.trim()) lines.push({ text, confidence: line.confidence / 100 })
      }
    }
  }
  return { text: data.text, lines, confidence: (data.confidence ?? 0) / 100, ms }
}

import { availableParallelism } from 'node:os'
import type { ExtractedReceipt } from './extract/receipt-extract.js'
import { OcrCapacityError, OcrError } from './port.js'
import type { OcrSettings } from './settings.js'

/** One recognised line with tesseract's confidence (0..1). */
export interface OcrLine {
  text: string
  confidence: number
  /** The line's box height in the prepared image's pixels (tesseract's TSV), when known. */
  height?: number
}

export interface RecognizedText {
  text: string
  lines: OcrLine[]
  /** Mean word confidence of the page, 0..1. */
  confidence: number
  /** Time spent recognising (not waiting), ms. */
  ms: number
  /** The text came from a PDF's text layer (an upload the child opened), not from recognition. */
  pdf?: boolean
  /** Recogniser threads the read used at once (the bands of a tall page), when the recogniser says. */
  threads?: number
  /** The receipt's fields, when the recogniser extracts them itself (the child processes do). */
  reading?: ExtractedReceipt
}

/** How the bytes handed to a recogniser are to be read. */
export interface RecognizeOptions {
  /** The bytes are the OCR route's raw JSON body, opened by the recogniser (upload.ts). */
  upload?: boolean
  /** Recogniser threads the read may use at once (the bands of a tall page); 1 when absent. */
  threads?: number
}

export type PoolSettings = Pick<OcrSettings, 'workers' | 'queueLimit' | 'timeoutMs' | 'recycleAfter'> &
  Partial<Pick<OcrSettings, 'readThreads'>> & {
    /** The cores the threads are counted against; `availableParallelism()` when absent. */
    cores?: number
  }

/** One started recogniser (a worker thread, a child process): what the pool needs of it. */
export interface Recognizer {
  /** `options.threads`: how many recogniser threads the read may use at once (1 when absent). */
  recognize(image: Buffer, options?: RecognizeOptions): Promise<Omit<RecognizedText, 'ms'>>
  /** Stops it, even in the middle of a read. */
  stop(): Promise<void>
}

/** Starts a recogniser; `died` is called if it dies on its own (a crash, an exit). */
export type StartRecognizer = (died: (reason: string, cause?: unknown) => void) => Promise<Recognizer>

interface Job {
  image: Buffer
  options: RecognizeOptions
  resolve: (value: RecognizedText) => void
  reject: (error: Error) => void
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
}

interface Slot {
  recognizer: Recognizer | null
  starting: Promise<Recognizer> | null
  jobs: number
  current: Job | null
  /** Threads the current read may use. */
  threads: number
  /** Fails the job in flight when the recogniser dies under it. */
  failCurrent: ((error: OcrError) => void) | null
}

/**
 * A bounded pool of recognisers: at most `workers` reads at once, at most `queueLimit`
 * waiting (more → `OcrCapacityError`), each read limited to `timeoutMs`, a recogniser
 * replaced after `recycleAfter` reads, after a time-out and after any error. One that
 * crashes or hangs fails the one read it was doing.
 */
export class RecognizerPool {
  private readonly slots: Slot[]
  private readonly queue: Job[] = []
  private closed = false
  /** Moving average of a read's duration, for `Retry-After`. */
  private averageMs = 1500

  constructor(
    private readonly settings: PoolSettings,
    private readonly startRecognizer: StartRecognizer,
  ) {
    this.slots = Array.from({ length: Math.max(1, settings.workers) }, () => ({
      recognizer: null,
      starting: null,
      jobs: 0,
      current: null,
      threads: 1,
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

  recognize(image: Buffer, signal?: AbortSignal, options: RecognizeOptions = {}): Promise<RecognizedText> {
    if (this.closed) return Promise.reject(new OcrError('closed', 'The OCR engine is closed'))
    if (signal?.aborted) return Promise.reject(new OcrError('cancelled', 'The read was cancelled'))
    const idle = this.slots.find((s) => !s.current)
    if (!idle && this.queue.length >= this.settings.queueLimit) {
      const waves = (this.queue.length + this.slots.length) / this.slots.length
      return Promise.reject(new OcrCapacityError(Math.max(1, Math.ceil((waves * this.averageMs) / 1000))))
    }
    return new Promise<RecognizedText>((resolve, reject) => {
      const job: Job = { image, options, resolve, reject, signal, onAbort: undefined }
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

  /**
   * A read may use `readThreads` recognisers at once (the two bands of a tall page) only while
   * nothing waits and, even if every idle worker got a read now, the reads in flight would not
   * use more threads than there are cores; otherwise one (the bands one after the other). So a
   * lone read gets the cores a busy pool would use, and a busy pool's throughput is unchanged.
   */
  private threadsFor(slot: Slot): number {
    const want = Math.max(1, this.settings.readThreads ?? 1)
    if (want === 1 || this.queue.length > 0) return 1
    let used = 0
    let idle = 0
    for (const other of this.slots) {
      if (other === slot) continue
      if (other.current) used += other.threads
      else idle++
    }
    return used + want + idle <= (this.settings.cores ?? availableParallelism()) ? want : 1
  }

  private run(slot: Slot, job: Job): void {
    slot.threads = this.threadsFor(slot)
    slot.current = job
    void this.execute(slot, job).finally(() => {
      if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort)
      slot.current = null
      slot.threads = 1
      slot.failCurrent = null
      const next = this.queue.shift()
      if (next && !this.closed) this.run(slot, next)
    })
  }

  private async execute(slot: Slot, job: Job): Promise<void> {
    let recognizer: Recognizer
    try {
      recognizer = await this.start(slot)
    } catch (cause) {
      await this.retire(slot)
      job.reject(new OcrError('engine_failed', 'The OCR worker could not start', { cause }))
      return
    }
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    const outcome = await new Promise<{ ok: RecognizedText } | { error: OcrError; input?: true }>(
      (settle) => {
        slot.failCurrent = (error) => settle({ error })
        timer = setTimeout(
          () =>
            settle({
              error: new OcrError('timeout', `The read took longer than ${this.settings.timeoutMs} ms`),
            }),
          this.settings.timeoutMs,
        )
        recognizer
          .recognize(job.image, { ...job.options, threads: slot.threads })
          .then((result) => settle({ ok: { ...result, ms: performance.now() - started } }))
          .catch((cause: unknown) =>
            // The image's fault (a recogniser that prepares images itself refused it): the
            // recogniser is fine and the error goes to the caller as it is.
            cause instanceof OcrError && cause.isInputError
              ? settle({ error: cause, input: true })
              : settle({
                  error: new OcrError('engine_failed', 'The OCR engine failed on this image', { cause }),
                }),
          )
      },
    )
    clearTimeout(timer)
    slot.jobs += 1
    if ('ok' in outcome) {
      this.averageMs = this.averageMs * 0.8 + outcome.ok.ms * 0.2
      if (slot.jobs >= this.settings.recycleAfter) await this.retire(slot)
      job.resolve(outcome.ok)
    } else if ('input' in outcome) {
      if (slot.jobs >= this.settings.recycleAfter) await this.retire(slot)
      job.reject(outcome.error)
    } else {
      // After a time-out or an error the recogniser's state is unknown: replace it.
      await this.retire(slot)
      job.reject(outcome.error)
    }
  }

  private start(slot: Slot): Promise<Recognizer> {
    if (slot.recognizer) return Promise.resolve(slot.recognizer)
    if (slot.starting) return slot.starting
    slot.jobs = 0
    let current: Recognizer | null = null
    const died = (reason: string, cause?: unknown) => {
      if (!current || slot.recognizer !== current) return
      slot.recognizer = null
      slot.failCurrent?.(new OcrError('engine_failed', `The OCR worker ${reason}`, { cause }))
    }
    slot.starting = this.startRecognizer(died).then((recognizer) => {
      current = recognizer
      slot.recognizer = recognizer
      return recognizer
    })
    return slot.starting.finally(() => {
      slot.starting = null
    })
  }

  private async retire(slot: Slot): Promise<void> {
    const starting = slot.starting
    if (starting) await starting.catch(() => undefined)
    const recognizer = slot.recognizer
    slot.recognizer = null
    if (recognizer) await recognizer.stop().catch(() => undefined)
  }
}

import type { Logger } from 'pino'
import type { JobQueue } from './queue.js'
import { StallGuard } from './stall-guard.js'
import { WakeUp } from './wake-up.js'

export interface DrainOptions<R> {
  /** The pipeline's name in logs. */
  name: string
  /** The queue job whose handler calls `run()`. */
  job: string
  queue: JobQueue
  logger: Logger
  /** Runs a drain alone across every process (a database lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  /** True when a row waits now (the sweep's question). */
  isDue: () => Promise<boolean>
  /** One run over what is due; reads `stopping` to take nothing new once the service stops. */
  drain: () => Promise<R>
  /** No run started or ended in this process for this long while work is due: run directly. */
  stallMs: number
  minBackoffMs: number
  maxBackoffMs: number
}

/**
 * The plumbing every outbox-style pipeline shares (mail, webhooks, receipt OCR): the durable
 * rows are the work; a wake-up (coalesced) asks the job queue for a run after a change commits,
 * a timer asks again when the next retry falls due, the worker's periodic sweep asks whenever
 * something is due (a lost wake-up, a crash) and runs the drain directly when the queue has not
 * started one for `stallMs` (a slot held for a dead process); a run is alone across processes.
 */
export class Drain<R> {
  private readonly wakeUp: WakeUp
  private readonly guard: StallGuard
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(private readonly options: DrainOptions<R>) {
    const { logger, name } = options
    this.wakeUp = new WakeUp(
      () => this.request(),
      (err) => logger.warn({ err, pipeline: name }, 'could not request a run'),
    )
    this.guard = new StallGuard(options)
  }

  /** True once the service stops: a drain finishes what it holds and takes nothing new. */
  get stopping(): boolean {
    return this.stopped
  }

  /** Asks for a run soon; coalesced, so a burst of changes asks once. */
  wake(delayMs = 100): void {
    this.wakeUp.wake(delayMs)
  }

  /** Asks the queue for a run now. */
  async request(): Promise<void> {
    await this.options.queue.send(this.options.job, {})
  }

  /** A wake-up at `at` (the next retry due), replacing an earlier one; none once stopping. */
  wakeAt(at: Date): void {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    const delay = Math.min(2 ** 31 - 1, Math.max(50, at.getTime() - Date.now()))
    this.timer = setTimeout(() => {
      this.timer = null
      this.wake(0)
    }, delay)
    this.timer.unref()
  }

  /** The worker's periodic call: a run requested when work is due, run directly when stalled. */
  async sweep(): Promise<void> {
    if (this.stopped || !(await this.options.isDue())) return
    await this.request()
    if (!this.stopped) await this.guard.runIfStalled(() => this.run())
  }

  /** One run, alone across every process. */
  run(): Promise<R> {
    return this.guard.track(() => this.options.exclusive(this.options.drain))
  }

  /** The service is stopping: no wake-up or retry timer after this. */
  stop(): void {
    this.stopped = true
    this.wakeUp.stop()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

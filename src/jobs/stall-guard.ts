import type { Logger } from 'pino'

/**
 * A background pipeline's safety net: its runs are normally started by the job queue, but
 * when work is due and no run has started or ended in this process for `stallMs` (a queue slot still
 * held for a dead process, a wake-up lost), the periodic sweep runs the pipeline directly.
 * The pipeline's own database lock keeps such a run from overlapping a queued one, here or in
 * another process. A failed direct run is tried again after a doubling delay.
 */
export class StallGuard {
  /** When a run last started or ended (or the guard was made). */
  private lastActivity = Date.now()
  private active = 0
  private running = false
  private retryAt = 0
  private backoffMs: number

  constructor(
    private readonly options: {
      name: string
      logger: Logger
      stallMs: number
      minBackoffMs: number
      maxBackoffMs: number
    },
  ) {
    this.backoffMs = options.minBackoffMs
  }

  /** Runs one pipeline run (from the queue or directly), counted as activity. */
  async track<T>(run: () => Promise<T>): Promise<T> {
    this.active++
    this.lastActivity = Date.now()
    try {
      return await run()
    } finally {
      this.active--
      this.lastActivity = Date.now()
    }
  }

  /**
   * Runs `run` when none is running in this process, none started or ended for `stallMs`, and
   * no failed direct run is waiting out its delay.
   */
  async runIfStalled(run: () => Promise<unknown>): Promise<void> {
    const now = Date.now()
    const idleMs = now - this.lastActivity
    if (this.running || this.active > 0 || idleMs < this.options.stallMs || now < this.retryAt) return
    this.running = true
    this.options.logger.warn(
      { pipeline: this.options.name, idleMs },
      'work is due but no run started from the job queue: running it directly',
    )
    try {
      await run()
      this.backoffMs = this.options.minBackoffMs
      this.retryAt = 0
    } catch (err) {
      this.options.logger.warn({ err, pipeline: this.options.name }, 'a direct run failed')
      this.retryAt = Date.now() + this.backoffMs
      this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs)
    } finally {
      this.running = false
    }
  }
}

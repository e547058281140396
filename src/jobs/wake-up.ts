/**
 * A coalesced wake-up for a background pipeline: a burst of `wake()` calls asks for one run,
 * `delayMs` after the first, so that a burst of changes does not contend on the job queue.
 * The durable work is in the pipeline's own rows; a lost wake-up only delays it until the
 * next sweep.
 */
export class WakeUp {
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(
    private readonly request: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  wake(delayMs = 100): void {
    if (this.timer || this.stopped) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.request().catch(this.onError)
    }, delayMs)
    this.timer.unref()
  }

  /** No wake-up after this (the service is stopping). */
  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

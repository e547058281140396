import type { Db } from '../../db/client.js'
import { recordSent, type SentMessage } from './mail.repository.js'

/**
 * Records delivered messages as SENT, many in one statement: a group is written once it holds
 * `groupSize` messages or its oldest has waited `maxWaitMs`, one statement at a time. Until its
 * group is written a delivered message is still QUEUED, and a crash then sends it again (with
 * the same Message-ID); the two limits bound how many that can be. A write that fails is
 * reported by `add` (so the caller takes nothing new) and by `close`.
 */
export class SentRecords {
  private pending: SentMessage[] = []
  private oldest = 0
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown = null

  constructor(
    private readonly db: Db,
    private readonly groupSize: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Whether a write failed: the run should stop taking messages. */
  get failed(): boolean {
    return this.failure !== null
  }

  add(message: SentMessage): void {
    if (this.pending.length === 0) this.oldest = performance.now()
    this.pending.push(message)
    if (this.pending.length >= this.groupSize || performance.now() - this.oldest >= this.maxWaitMs) {
      this.flush()
    }
  }

  /** Writes what is pending and waits for every write; throws the first failure. */
  async close(): Promise<void> {
    this.flush()
    await this.writing
    if (this.failure !== null) throw this.failure
  }

  private flush(): void {
    if (this.pending.length === 0) return
    const group = this.pending
    this.pending = []
    this.writing = this.writing.then(async () => {
      if (this.failure !== null) return
      try {
        await recordSent(this.db, group)
      } catch (err) {
        this.failure = err
      }
    })
  }
}

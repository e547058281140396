import type { Db } from '../../db/client.js'
import { type ClaimedReminder, markPushSent } from './reminders.repository.js'

/** Rows per statement. */
const GROUP = 500

interface Waiting {
  claim: ClaimedReminder
  done: () => void
  fail: (err: unknown) => void
}

/**
 * Records sent pushes in groups: while one UPDATE is in flight, the next group gathers, so a
 * commit (and its WAL flush) covers many reminders instead of one each, and a reminder waits
 * at most about one statement's time before its row says SENT (what a crash could resend).
 */
export class SentMarker {
  private waiting: Waiting[] = []
  private draining = false

  constructor(private readonly db: Db) {}

  /** Resolves once the row is marked (or found already moved on by another claim). */
  mark(claim: ClaimedReminder): Promise<void> {
    return new Promise((done, fail) => {
      this.waiting.push({ claim, done, fail })
      if (!this.draining) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.draining = true
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, GROUP)
      try {
        await markPushSent(
          this.db,
          group.map((w) => w.claim),
        )
        for (const w of group) w.done()
      } catch (err) {
        for (const w of group) w.fail(err)
      }
    }
    this.draining = false
  }
}

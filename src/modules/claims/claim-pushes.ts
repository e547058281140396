import type { Logger } from 'pino'
import { type PushPort, PushRetryLaterError, PushTokenGoneError } from '../../adapters/push/index.js'
import type { Db, Tx } from '../../db/client.js'
import { Drain } from '../../jobs/drain.js'
import { drainJob, type JobQueue } from '../../jobs/queue.js'
import { errorText } from '../../lib/async.js'
import { deletePushDevice } from '../push/index.js'
import { nextDuePush, queueClaimPushes, settlePush, takeDuePushes } from './claim-pushes.repository.js'

export const CLAIM_PUSH_JOB = 'claims.push'

/** Rows taken per run step, sends in flight, the lease of a taken row, attempts before FAILED. */
const BATCH = 100
const CONCURRENCY = 16
const LEASE_SECONDS = 120
const MAX_ATTEMPTS = 6
const RETRY_MS = 30_000
const MAX_RETRY_MS = 3600_000

/**
 * Push notifications of claims to the customer's devices (docs/claims.md#notifications): an
 * outbox like the e-mail one. `queue` writes one row per device in the change's transaction; a
 * run takes due rows under a lease, sends each through the push port, and records SENT, a retry
 * with backoff, or FAILED; a device the provider no longer knows is removed. A row is SENT once;
 * the one window for a second send is a crash between the provider's acceptance and the SENT
 * record (the row is due again when its lease ends), as for reminders.
 */
export class ClaimPushes {
  private readonly drain: Drain<{ sent: number; failed: number; retrying: number }>

  constructor(
    private readonly deps: {
      db: Db
      push: PushPort
      queue: JobQueue
      logger: Logger
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
      appUrl: string
    },
  ) {
    this.drain = new Drain({
      name: 'claim push',
      job: CLAIM_PUSH_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      isDue: async () => {
        const due = await nextDuePush(deps.db)
        return due !== null && due <= new Date()
      },
      drain: () => this.runAlone(),
      stallMs: 3_000,
      minBackoffMs: 2_000,
      maxBackoffMs: 60_000,
    })
  }

  /** Queues the notification for each of the customer's devices, in the change's transaction. */
  async queue(tx: Tx, push: { claimId: string; customerId: string; title: string; body: string }) {
    if ((await queueClaimPushes(tx, push)) > 0) this.drain.wake()
  }

  job() {
    return drainJob(CLAIM_PUSH_JOB, () => this.drain.run(), 'claim pushes sent')
  }

  sweep(): Promise<void> {
    return this.drain.sweep()
  }

  request(): Promise<void> {
    return this.drain.request()
  }

  stop(): void {
    this.drain.stop()
  }

  /** One run: every due row, `CONCURRENCY` at a time. */
  async run() {
    return this.drain.run()
  }

  private async runAlone() {
    const counts = { sent: 0, failed: 0, retrying: 0 }
    for (;;) {
      if (this.drain.stopping) return counts
      const due = await takeDuePushes(this.deps.db, BATCH, LEASE_SECONDS)
      if (due.length === 0) break
      let next = 0
      const slot = async () => {
        while (next < due.length) {
          const row = due[next++]!
          counts[await this.send(row)]++
        }
      }
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, slot))
    }
    const next = await nextDuePush(this.deps.db)
    if (next) this.drain.wakeAt(next)
    return counts
  }

  private async send(row: Awaited<ReturnType<typeof takeDuePushes>>[number]) {
    const { db, push, logger, appUrl } = this.deps
    try {
      await push.send({
        platform: row.platform,
        token: row.token,
        title: row.title,
        body: row.body,
        data: { type: 'claim.update', claimId: row.claimId, url: `${appUrl}/claims/${row.claimId}` },
      })
      await settlePush(db, row.id, { status: 'SENT' })
      return 'sent' as const
    } catch (err) {
      if (err instanceof PushTokenGoneError) {
        // The row goes with its device (on delete cascade).
        await deletePushDevice(db, row.deviceId, row.token)
        return 'failed' as const
      }
      const retryable =
        err instanceof PushRetryLaterError || (err as { retryable?: boolean }).retryable === true
      if (!retryable || row.attempts >= MAX_ATTEMPTS) {
        logger.warn({ err: errorText(err), pushId: row.id }, 'claim push failed for good')
        await settlePush(db, row.id, { status: 'FAILED', error: errorText(err).slice(0, 500) })
        return 'failed' as const
      }
      const backoff = Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** (row.attempts - 1))
      const wait =
        err instanceof PushRetryLaterError && err.retryAfterMs ? Math.max(backoff, err.retryAfterMs) : backoff
      await settlePush(db, row.id, {
        status: 'QUEUED',
        dueAt: new Date(Date.now() + wait),
        error: errorText(err).slice(0, 500),
      })
      return 'retrying' as const
    }
  }
}

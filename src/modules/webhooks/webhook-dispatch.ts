import type { Logger } from 'pino'
import type { WebhooksConfig } from '../../config/webhooks.js'
import type { Db } from '../../db/client.js'
import { Drain } from '../../jobs/drain.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { SecretBox } from './webhook-secrets.js'
import { signatureHeader } from './webhook-signing.js'
import { deliveryErrorText, PrivateAddressError, postWebhook } from './webhook-target.js'
import {
  type DueDelivery,
  dueDeliveries,
  markEndpointAnswering,
  markEndpointFailing,
  nextDueAt,
  recordAttempt,
} from './webhooks.repository.js'

export const DELIVER_WEBHOOKS_JOB = 'webhooks.deliver'

/**
 * The retry schedule, fixed (not a setting): 30 s doubling to 6 h, 25 attempts: about 3.9 days,
 * past the default 72 hours (WEBHOOK_DISABLE_AFTER_HOURS) that disable an endpoint.
 */
export const RETRY_SCHEDULE = {
  /** Delay before the first retry, doubled on each later one up to `maxDelaySeconds`. */
  retryDelaySeconds: 30,
  maxDelaySeconds: 6 * 3600,
  /** A delivery is FAILED after this many attempts. */
  maxAttempts: 25,
} as const

const BATCH = 50
const PARALLEL = 10
const RUN_BUDGET_MS = 4 * 60_000

type Outcome = 'delivered' | 'retrying' | 'failed'

/** The delay after failed attempt number `attempts` (1-based). */
export function retryDelayMs(attempts: number): number {
  const { maxDelaySeconds, retryDelaySeconds } = RETRY_SCHEDULE
  return Math.min(maxDelaySeconds, retryDelaySeconds * 2 ** (attempts - 1)) * 1000
}

/**
 * Delivers the webhook outbox: every due delivery to an active endpoint is POSTed, signed,
 * and its outcome recorded on it; a failure is retried with exponential backoff, then FAILED.
 * A delivery is recorded DELIVERED only after its 2xx: a crash in between delivers it again
 * (at least once; receivers deduplicate on `Webhook-Id`).
 */
export class WebhookDispatcher {
  private readonly drain: Drain<Record<Outcome, number>>

  constructor(
    private readonly deps: {
      db: Db
      queue: JobQueue
      logger: Logger
      secrets: SecretBox
      settings: WebhooksConfig
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {
    this.drain = new Drain({
      name: 'webhooks',
      job: DELIVER_WEBHOOKS_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      isDue: async () => {
        const next = await nextDueAt(deps.db)
        return next !== null && next.getTime() <= Date.now()
      },
      drain: () => this.runAlone(),
      stallMs: 3_000,
      minBackoffMs: 2_000,
      maxBackoffMs: 60_000,
    })
  }

  /** Asks for a run shortly (coalesced); called once new deliveries are written. */
  wake(): void {
    this.drain.wake()
  }

  request(): Promise<void> {
    return this.drain.request()
  }

  /** A worker's sweep: asks for a run when a delivery is due (its wake-up may have been lost). */
  sweep(): Promise<void> {
    return this.drain.sweep()
  }

  run(): Promise<Record<Outcome, number>> {
    return this.drain.run()
  }

  stop(): void {
    this.drain.stop()
  }

  private async runAlone(): Promise<Record<Outcome, number>> {
    const counts: Record<Outcome, number> = { delivered: 0, retrying: 0, failed: 0 }
    const deadline = Date.now() + RUN_BUDGET_MS
    while (!this.drain.stopping && Date.now() < deadline) {
      const due = await dueDeliveries(this.deps.db, BATCH, this.deps.settings.merchantConcurrency)
      if (due.length === 0) break
      // PARALLEL sends at once, taken in the batch's fair order; a slow one holds only its own slot.
      let next = 0
      const sender = async () => {
        while (next < due.length && !this.drain.stopping) {
          const delivery = due[next++] as DueDelivery
          counts[await this.attempt(delivery)]++
        }
      }
      await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, sender))
    }
    if (!this.drain.stopping) await this.scheduleNext()
    return counts
  }

  private async attempt({ delivery, endpoint }: DueDelivery): Promise<Outcome> {
    const { db, settings, logger } = this.deps
    const attempts = delivery.attempts + 1
    const body = JSON.stringify(delivery.payload)
    let status: number | null = null
    let error: string
    let refused = false
    try {
      const timestamp = Math.floor(Date.now() / 1000)
      const result = await postWebhook(
        endpoint.url,
        this.headers(delivery.eventId, timestamp, body, endpoint),
        body,
        settings,
      )
      status = result.status
      if (status >= 200 && status < 300) {
        await recordAttempt(db, delivery.id, {
          status: 'DELIVERED',
          attempts,
          lastStatusCode: status,
          lastError: null,
          deliveredAt: new Date(),
        })
        await markEndpointAnswering(db, endpoint.id)
        return 'delivered'
      }
      // The status only: the receiver's body never reaches the merchant (docs/webhooks.md).
      error = `answered ${status}`
    } catch (err) {
      error = deliveryErrorText(err)
      // A private address will not change by retrying: failed at once.
      refused = err instanceof PrivateAddressError
      if (refused)
        logger.warn({ deliveryId: delivery.id, endpointId: endpoint.id }, 'webhook refused: private address')
    }
    const last = refused || attempts >= RETRY_SCHEDULE.maxAttempts
    await recordAttempt(db, delivery.id, {
      status: last ? 'FAILED' : 'PENDING',
      attempts,
      lastStatusCode: status,
      lastError: error,
      nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
    })
    const reason = `failing for ${settings.disableAfterHours} hours; last error: ${error.slice(0, 300)}`
    if (await markEndpointFailing(db, endpoint.id, settings.disableAfterHours, reason)) {
      logger.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled after failing continuously')
    }
    return last ? 'failed' : 'retrying'
  }

  private headers(
    eventId: string,
    timestamp: number,
    body: string,
    endpoint: DueDelivery['endpoint'],
  ): Record<string, string> {
    const secrets = [this.deps.secrets.open(endpoint.secret)]
    const previousValid =
      endpoint.previousSecret &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt.getTime() > Date.now()
    if (previousValid && endpoint.previousSecret)
      secrets.push(this.deps.secrets.open(endpoint.previousSecret))
    return {
      'user-agent': 'warranty-webhooks/1',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, timestamp, body),
    }
  }

  /** A wake-up for the next retry due (the sweep would find it too, within seconds). */
  private async scheduleNext(): Promise<void> {
    const next = await nextDueAt(this.deps.db)
    if (next) this.drain.wakeAt(next)
  }
}

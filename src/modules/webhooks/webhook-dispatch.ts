import type { Logger } from 'pino'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { StallGuard } from '../../jobs/stall-guard.js'
import { WakeUp } from '../../jobs/wake-up.js'
import { errorText } from '../../lib/async.js'
import type { SecretBox } from './webhook-secrets.js'
import { signatureHeader } from './webhook-signing.js'
import { PrivateAddressError, postWebhook } from './webhook-target.js'
import {
  type DueDelivery,
  dueDeliveries,
  markEndpointAnswering,
  markEndpointFailing,
  nextDueAt,
  recordAttempt,
} from './webhooks.repository.js'

export const DELIVER_WEBHOOKS_JOB = 'webhooks.deliver'

export interface DispatchSettings {
  /** An endpoint failing continuously for this long is disabled. */
  disableAfterHours: number
  /** False in production: private and loopback addresses are refused (SSRF). */
  allowPrivateNetworks: boolean
  /** Delay before the first retry, doubled on each later one up to `maxDelaySeconds`. */
  retryDelaySeconds: number
  maxDelaySeconds: number
  /** A delivery is FAILED after this many attempts. */
  maxAttempts: number
}

/** 30 s doubling to 6 h, 25 attempts: about 3.9 days, past the default 72 hours that disable an endpoint. */
export const DEFAULT_RETRY = { retryDelaySeconds: 30, maxDelaySeconds: 6 * 3600, maxAttempts: 25 }

const BATCH = 50
const PARALLEL = 10
const RUN_BUDGET_MS = 4 * 60_000

type Outcome = 'delivered' | 'retrying' | 'failed'

/** The delay after failed attempt number `attempts` (1-based). */
export function retryDelayMs(settings: DispatchSettings, attempts: number): number {
  return Math.min(settings.maxDelaySeconds, settings.retryDelaySeconds * 2 ** (attempts - 1)) * 1000
}

/**
 * Delivers the webhook outbox: every due delivery to an active endpoint is POSTed, signed,
 * and its outcome recorded on it; a failure is retried with exponential backoff, then FAILED.
 * A delivery is recorded DELIVERED only after its 2xx: a crash in between delivers it again
 * (at least once; receivers deduplicate on `Webhook-Id`).
 */
export class WebhookDispatcher {
  private readonly wakeUp: WakeUp
  /** Runs the delivery directly when the queue's slot is held by a dead process (after a kill -9). */
  private readonly stallGuard: StallGuard
  private timer: NodeJS.Timeout | null = null
  private stopping = false

  constructor(
    private readonly deps: {
      db: Db
      queue: JobQueue
      logger: Logger
      secrets: SecretBox
      settings: DispatchSettings
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {
    this.wakeUp = new WakeUp(
      () => this.request(),
      (err) => deps.logger.warn({ err }, 'could not request a webhook delivery run'),
    )
    const backoff = { minBackoffMs: 2_000, maxBackoffMs: 60_000 }
    this.stallGuard = new StallGuard({ ...backoff, stallMs: 3_000, logger: deps.logger, name: 'webhooks' })
  }

  /** Asks for a run shortly (coalesced); called once new deliveries are written. */
  wake(): void {
    this.wakeUp.wake()
  }

  async request(): Promise<void> {
    await this.deps.queue.send(DELIVER_WEBHOOKS_JOB, {})
  }

  /** A worker's sweep: asks for a run when a delivery is due (its wake-up may have been lost). */
  async sweep(): Promise<void> {
    const next = await nextDueAt(this.deps.db)
    if (!next || next.getTime() > Date.now()) return
    await this.request()
    if (!this.stopping) await this.stallGuard.runIfStalled(() => this.run())
  }

  run(): Promise<Record<Outcome, number>> {
    return this.stallGuard.track(() => this.deps.exclusive(() => this.runAlone()))
  }

  stop(): void {
    this.stopping = true
    this.wakeUp.stop()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async runAlone(): Promise<Record<Outcome, number>> {
    const counts: Record<Outcome, number> = { delivered: 0, retrying: 0, failed: 0 }
    const deadline = Date.now() + RUN_BUDGET_MS
    while (!this.stopping && Date.now() < deadline) {
      const due = await dueDeliveries(this.deps.db, BATCH)
      if (due.length === 0) break
      for (let i = 0; i < due.length && !this.stopping; i += PARALLEL) {
        const outcomes = await Promise.all(due.slice(i, i + PARALLEL).map((d) => this.attempt(d)))
        for (const outcome of outcomes) counts[outcome]++
      }
    }
    if (!this.stopping) await this.scheduleNext()
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
        {
          allowPrivateNetworks: settings.allowPrivateNetworks,
        },
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
      error = `answered ${status}${result.body ? `: ${result.body.slice(0, 200)}` : ''}`
    } catch (err) {
      error = errorText(err, 500)
      // A private address (production) will not change by retrying: failed at once.
      refused = err instanceof PrivateAddressError
      if (refused)
        logger.warn({ deliveryId: delivery.id, endpointId: endpoint.id }, 'webhook refused: private address')
    }
    const last = refused || attempts >= settings.maxAttempts
    await recordAttempt(db, delivery.id, {
      status: last ? 'FAILED' : 'PENDING',
      attempts,
      lastStatusCode: status,
      lastError: error,
      nextAttemptAt: new Date(Date.now() + retryDelayMs(settings, attempts)),
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
    if (!next || this.stopping) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.wake()
      },
      Math.min(2 ** 31 - 1, Math.max(50, next.getTime() - Date.now())),
    )
    this.timer.unref()
  }
}

import type { Logger } from 'pino'
import type { PushPort } from '../../adapters/push/index.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { WakeUp } from '../../jobs/wake-up.js'
import type { MailOutbox } from '../mail/index.js'
import { type DeliveryCounts, type DeliverySettings, ReminderDelivery } from './reminder-delivery.js'
import { nextDueReminder, scheduleDueReminders } from './reminders.repository.js'

export const SEND_REMINDERS_JOB = 'reminders.send'

export interface ReminderSettings extends DeliverySettings {
  /** How long the cron route sends before it answers and leaves the rest to `reminders.send`. */
  routeBudgetMs: number
  /** How long one `reminders.send` run sends (well inside its job's expiry). */
  jobBudgetMs: number
}

/** What the cron route answers (docs/reminders.md: how the counts relate). */
export interface ReminderRun {
  /** Claimed, unexpired warranties within their customer's threshold, found by this call. */
  warranties: number
  /** Reminders delivered by this call (a push accepted by the provider, an e-mail queued). */
  sent: number
  /** Reminders given up by this call (token gone, refused, last attempt, no longer due). */
  failed: number
}

/**
 * Warranty expiry reminders. `run` (the cron route) logs every due reminder in one statement,
 * sends what fits in its time budget and hands the rest to the `reminders.send` job; the job
 * (one run waiting at most) sends every due reminder, retries with backoff included. Each reminder is
 * a `reminder_sends` row: claimed before it is sent, so no run sends it twice or skips it.
 */
export class RemindersService {
  private readonly delivery: ReminderDelivery
  private stopping = false
  /** The next retry's wake-up (coalesced; the sweep catches what it misses). */
  private readonly retry: WakeUp

  constructor(
    private readonly deps: {
      db: Db
      push: PushPort
      queue: JobQueue
      mail: MailOutbox
      logger: Logger
      appUrl: string
      settings: ReminderSettings
    },
  ) {
    this.delivery = new ReminderDelivery(deps)
    this.retry = new WakeUp(
      () => this.request(),
      (err) => deps.logger.warn({ err }, 'could not request a reminders run'),
    )
  }

  /** The cron route: schedule, send within the route's budget, leave the rest to the job. */
  async run(): Promise<ReminderRun> {
    const { warranties, scheduled } = await scheduleDueReminders(this.deps.db)
    const counts = await this.deliver(this.deps.settings.routeBudgetMs)
    const left = await nextDueReminder(this.deps.db, new Date())
    if (left && !this.stopping) await this.request()
    this.deps.logger.info({ warranties, scheduled, ...counts, continued: left !== null }, 'reminders run')
    return { warranties, ...counts }
  }

  /** The `reminders.send` job: sends every due reminder, then arranges a wake-up for the next retry. */
  async dispatch(): Promise<DeliveryCounts> {
    const counts = await this.deliver(this.deps.settings.jobBudgetMs)
    if (this.stopping) return counts
    const next = await nextDueReminder(this.deps.db, null)
    if (next) this.retry.wake(Math.max(50, next.getTime() - Date.now()))
    return counts
  }

  async request(): Promise<void> {
    await this.deps.queue.send(SEND_REMINDERS_JOB, {})
  }

  /** Requests a run when a reminder is due (workers call it periodically). */
  async sweep(): Promise<void> {
    if (await nextDueReminder(this.deps.db, new Date())) await this.request()
  }

  /** The service is stopping: no new reminder is taken; those in hand finish. */
  stop(): void {
    this.stopping = true
    this.retry.stop()
  }

  private async deliver(budgetMs: number): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, failed: 0 }
    const deadline = Date.now() + budgetMs
    const stopping = () => this.stopping
    while (Date.now() < deadline && !this.stopping) {
      const emails = await this.delivery.emailBatch(counts)
      const pushes = await this.delivery.pushBatch(counts, stopping)
      if (emails + pushes === 0) break
    }
    return counts
  }
}

import type { Logger } from 'pino'
import { AdapterClosedError, AdapterError } from '../../adapters/adapter-error.js'
import { type PushPort, PushRetryLaterError, PushTokenGoneError } from '../../adapters/push/index.js'
import type { Db } from '../../db/client.js'
import { errorText } from '../../lib/async.js'
import type { MailOutbox } from '../mail/index.js'
import { deletePushDevice } from '../push/index.js'
import { reminderPush, stillDue, warrantyLink } from './reminder-message.js'
import {
  type ClaimedReminder,
  claimPushReminders,
  findDevices,
  findReminderSubjects,
  lockEmailReminders,
  type ReminderDevice,
  type ReminderOutcome,
  recordEmailOutcomes,
  recordOutcome,
} from './reminders.repository.js'
import { SentMarker } from './sent-marker.js'

export interface DeliverySettings {
  /** Pushes in flight at once. */
  concurrency: number
  /** Push rows claimed per statement. */
  batchSize: number
  /** How long a claimed push row stays out of other runs' reach (longer than any send). */
  leaseSeconds: number
  /** Attempts before a reminder that keeps failing is given up (FAILED). */
  maxAttempts: number
  /** Delay before the first retry, doubled on each later one, at most `maxRetryDelayMs`. */
  retryDelayMs: number
  maxRetryDelayMs: number
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  concurrency: 128,
  batchSize: 512,
  leaseSeconds: 120,
  maxAttempts: 8,
  retryDelayMs: 30_000,
  maxRetryDelayMs: 6 * 3600_000,
}

export interface DeliveryCounts {
  sent: number
  failed: number
}

/** E-mail rows per transaction. */
const EMAIL_BATCH = 100

/** Delivers claimed reminders: pushes through the port, e-mails through the outbox. */
export class ReminderDelivery {
  private readonly sentMarker: SentMarker

  constructor(
    private readonly deps: {
      db: Db
      push: PushPort
      mail: MailOutbox
      logger: Logger
      appUrl: string
      settings: DeliverySettings
    },
  ) {
    this.sentMarker = new SentMarker(deps.db)
  }

  /**
   * One transaction: locks due e-mail rows, writes one outbox message per reminder still due
   * and marks the rows SENT (or FAILED), so a reminder e-mail exists if and only if its row is
   * SENT. Answers how many rows it took.
   */
  async emailBatch(counts: DeliveryCounts): Promise<number> {
    const { db, mail, appUrl } = this.deps
    return db.transaction(async (tx) => {
      const rows = await lockEmailReminders(tx, EMAIL_BATCH)
      if (rows.length === 0) return 0
      const subjects = await findReminderSubjects(
        tx,
        rows.map((r) => r.warrantyId),
      )
      const sent: string[] = []
      const failed: string[] = []
      for (const row of rows) {
        const subject = subjects.get(row.warrantyId)
        if (!subject || !stillDue(subject, row.expiresAt)) {
          failed.push(row.id)
          continue
        }
        await mail.enqueue(tx, {
          to: row.target,
          content: {
            template: 'warranty.reminder',
            data: {
              merchantName: subject.merchantName,
              productName: subject.productName,
              expiresAt: subject.expiresAt,
              warrantyUrl: warrantyLink(appUrl, subject.warrantyId),
            },
          },
          about: { type: 'warranty', id: subject.warrantyId },
        })
        sent.push(row.id)
      }
      await recordEmailOutcomes(tx, sent, failed)
      counts.sent += sent.length
      counts.failed += failed.length
      return rows.length
    })
  }

  /** Claims one batch of due push rows and sends them, `concurrency` at a time. */
  async pushBatch(counts: DeliveryCounts, stopping: () => boolean): Promise<number> {
    const { db, settings } = this.deps
    const claims = await claimPushReminders(db, settings.batchSize, settings.leaseSeconds)
    if (claims.length === 0) return 0
    const [subjects, devices] = await Promise.all([
      findReminderSubjects(
        db,
        claims.map((c) => c.warrantyId),
      ),
      findDevices(
        db,
        claims.flatMap((c) => (c.deviceId ? [c.deviceId] : [])),
      ),
    ])
    let next = 0
    const worker = async () => {
      while (next < claims.length) {
        const claim = claims[next++] as ClaimedReminder
        const outcome = stopping()
          ? ({ status: 'RELEASED' } as const)
          : await this.sendOne(claim, subjects, devices)
        if (outcome.status === 'SENT') await this.sentMarker.mark(claim)
        else await recordOutcome(db, claim, outcome)
        if (outcome.status === 'SENT') counts.sent++
        if (outcome.status === 'FAILED') counts.failed++
      }
    }
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, claims.length) }, worker))
    return claims.length
  }

  private async sendOne(
    claim: ClaimedReminder,
    subjects: Awaited<ReturnType<typeof findReminderSubjects>>,
    devices: Awaited<ReturnType<typeof findDevices>>,
  ): Promise<ReminderOutcome> {
    const { push, appUrl } = this.deps
    const subject = subjects.get(claim.warrantyId)
    if (!subject || !stillDue(subject, claim.expiresAt)) {
      return { status: 'FAILED', error: 'the warranty is no longer due for a reminder' }
    }
    const device = claim.deviceId ? devices.get(claim.deviceId) : undefined
    // Unregistered, or the token moved to another customer since: not theirs to receive.
    if (!device || device.customerId !== subject.customerId || device.token !== claim.target) {
      return { status: 'FAILED', error: 'the device is no longer registered to the customer' }
    }
    try {
      await push.send(reminderPush(subject, device, appUrl))
      return { status: 'SENT' }
    } catch (err) {
      return this.failure(claim, device, err)
    }
  }

  private async failure(
    claim: ClaimedReminder,
    device: ReminderDevice,
    err: unknown,
  ): Promise<ReminderOutcome> {
    const { db, logger, settings } = this.deps
    if (err instanceof AdapterClosedError) return { status: 'RELEASED' }
    if (err instanceof PushTokenGoneError) {
      // Its other reminders then fail at their turn (the device is no longer registered).
      await deletePushDevice(db, device.id, device.token)
      logger.info({ reminderId: claim.id, deviceId: device.id }, 'push token gone: device removed')
      return { status: 'FAILED', error: errorText(err) }
    }
    const retryable = err instanceof AdapterError ? err.retryable : true
    if (!retryable || claim.attempts >= settings.maxAttempts) {
      logger.warn({ reminderId: claim.id, attempts: claim.attempts, err: errorText(err) }, 'reminder failed')
      return { status: 'FAILED', error: errorText(err) }
    }
    const backoff = Math.min(settings.maxRetryDelayMs, settings.retryDelayMs * 2 ** (claim.attempts - 1))
    const asked = err instanceof PushRetryLaterError ? (err.retryAfterMs ?? 0) : 0
    return {
      status: 'RETRY',
      error: errorText(err),
      at: new Date(Date.now() + Math.max(backoff, asked)),
    }
  }
}

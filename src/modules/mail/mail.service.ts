import type { Logger } from 'pino'
import { AdapterClosedError, AdapterError } from '../../adapters/adapter-error.js'
import { createMessageId, type MailPort } from '../../adapters/mail/index.js'
import type { JwtConfig } from '../../config/jwt.js'
import type { MailConfig } from '../../config/mail.js'
import type { Db, Tx } from '../../db/client.js'
import type { MailMessageRow, mailMessages } from '../../db/schema/index.js'
import { Drain } from '../../jobs/drain.js'
import type { JobQueue } from '../../jobs/queue.js'
import { errorText } from '../../lib/async.js'
import {
  dueMailMessages,
  failUnopenable,
  insertMailMessage,
  nextDueAt,
  recipientLanguage,
  recordAttempt,
} from './mail.repository.js'
import { openData, outboxKey, sealData } from './sealed-data.js'
import { SentRecords } from './sent-records.js'
import {
  type MailJobContent,
  type MailLanguage,
  type MailTemplateName,
  renderMail,
} from './templates/index.js'

export const DISPATCH_MAIL_JOB = 'mail.dispatch'

export interface MailRequest {
  to: string
  content: MailJobContent
  /** What the message is about (kept on the record, shown in logs). */
  about?: { type: string; id: string }
  /**
   * A customer e-mail's language when the recipient's profile names none (the Accept-Language
   * of the request that caused it); without either, English.
   */
  language?: MailLanguage | null
}

/** The e-mails to customers: written in the recipient's language (docs/web-app.md#languages). */
const CUSTOMER_TEMPLATES: ReadonlySet<MailTemplateName> = new Set([
  'warranty.notification',
  'customer.magic-link',
  'receipt.share',
  'warranty.reminder',
  'claim.notice',
  'registration.notice',
])

/** Delivered messages recorded SENT per statement, and the longest one waits for its statement. */
const RECORD_GROUP = 50
const RECORD_WAIT_MS = 200
const MAX_DELAY_MS = 3600_000
const RUN_BUDGET_MS = 4 * 60_000

/**
 * The one way the service sends e-mail: a transactional outbox. `enqueue` writes a
 * `mail_messages` row in the caller's transaction (so a message exists if and only if the
 * change that needs it committed); the `mail.dispatch` job delivers every due message,
 * retrying retryable failures (SMTP 4xx, connection trouble) with exponential backoff, and
 * records each outcome: SENT, or FAILED with the error (SMTP 5xx, a broken template, the
 * last attempt). A message already SENT is never sent again.
 */
export class MailOutbox {
  private readonly drain: Drain<{ sent: number; failed: number; retrying: number }>
  /** The sealing key first, then the previous secret's (opening only). */
  private readonly keys: Buffer[]

  constructor(
    private readonly deps: {
      db: Db
      mail: MailPort
      queue: JobQueue
      logger: Logger
      settings: MailConfig
      /**
       * JWT_SECRET: the key sealing queued messages' data is derived from it; the previous one,
       * during a rotation, still opens messages sealed under it.
       */
      jwt: Pick<JwtConfig, 'secret' | 'previousSecret'>
      /** Runs a dispatch alone across every process (a database lock). */
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {
    const { secret, previousSecret } = deps.jwt
    this.keys = [outboxKey(secret), ...(previousSecret ? [outboxKey(previousSecret)] : [])]
    this.drain = new Drain({
      name: 'mail',
      job: DISPATCH_MAIL_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      isDue: async () => (await this.nextDue(new Date())) !== null,
      drain: () => this.dispatchAlone(),
      stallMs: 3_000,
      minBackoffMs: 2_000,
      maxBackoffMs: 60_000,
    })
  }

  async enqueue(tx: Tx, request: MailRequest): Promise<string> {
    const id = await insertMailMessage(tx, {
      template: request.content.template,
      data: sealData(this.keys[0]!, await this.withLanguage(tx, request)),
      toAddress: request.to,
      messageId: createMessageId(this.deps.settings.from),
      subjectType: request.about?.type ?? null,
      subjectId: request.about?.id ?? null,
    })
    // A wake-up shortly after the caller commits; the sweep catches any the commit outlasts.
    this.wake()
    return id
  }

  /**
   * A customer e-mail's data with its `language`: the one the caller gave, else the recipient's
   * profile's, else the request's hint, else none (English). Staff e-mails are left as they are.
   */
  private async withLanguage(tx: Tx, request: MailRequest): Promise<unknown> {
    const { template, data } = request.content
    if (!CUSTOMER_TEMPLATES.has(template) || ('language' in data && data.language)) return data
    const language = (await recipientLanguage(tx, request.to)) ?? request.language ?? null
    return language ? { ...data, language } : data
  }

  /** Asks for a dispatch run soon; coalesced, so a burst of messages asks once. */
  wake(delayMs = 100): void {
    this.drain.wake(delayMs)
  }

  request(): Promise<void> {
    return this.drain.request()
  }

  /** Requests a dispatch when a message is due (workers call it periodically). */
  sweep(): Promise<void> {
    return this.drain.sweep()
  }

  /**
   * Delivers every message due now, then arranges a wake-up for the next retry. Once the
   * service is stopping it takes no new message: the ones in hand finish, the rest wait.
   */
  async dispatch(): Promise<{ sent: number; failed: number; retrying: number }> {
    return this.drain.run()
  }

  private async dispatchAlone(): Promise<{ sent: number; failed: number; retrying: number }> {
    const counts = { sent: 0, failed: 0, retrying: 0 }
    const { batchSize, concurrency } = this.deps.settings
    // A run stays well inside its job's expiry (15 min), so pg-boss never starts a second
    // dispatcher beside a slow one; what is left is picked up by the next run.
    const deadline = Date.now() + RUN_BUDGET_MS
    while (Date.now() < deadline && !this.drain.stopping) {
      const due = await dueMailMessages(this.deps.db, new Date(), batchSize)
      if (due.length === 0) break
      // `concurrency` messages in flight, each slot taking the next as soon as its own is done
      // (one slow server answer holds up one slot, not a group). The batch's SENT records are
      // all written before the next read, which would otherwise find them still QUEUED.
      // A failure (the database away) stops every slot from taking more; what was sent is
      // still recorded before the run fails, and nothing of this run goes on after it.
      const records = new SentRecords(this.deps.db, RECORD_GROUP, RECORD_WAIT_MS)
      let next = 0
      const failures: unknown[] = []
      const slot = async () => {
        while (next < due.length && !this.drain.stopping && !records.failed && failures.length === 0) {
          try {
            const outcome = await this.deliver(due[next++]!, records)
            if (outcome !== 'skipped') counts[outcome]++
          } catch (err) {
            failures.push(err)
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, slot))
      await records.close()
      if (failures.length > 0) throw failures[0]
    }
    if (this.drain.stopping) return counts
    const next = await this.nextDue(null)
    if (next) this.drain.wakeAt(next)
    return counts
  }

  /** The service is stopping: no new message is taken, no wake-up sent. */
  stop(): void {
    this.drain.stop()
  }

  /** Sends one message; a sent one is added to `sent` (recorded with its group in one statement). */
  private async deliver(
    message: MailMessageRow,
    sent: SentRecords,
  ): Promise<'sent' | 'failed' | 'retrying' | 'skipped'> {
    const { db, mail, logger, settings } = this.deps
    const attempts = message.attempts + 1
    let data: unknown
    try {
      data = openData(this.keys, message.data)
    } catch (err) {
      // Sealed under another JWT_SECRET (rotated): it cannot be sent any more.
      await failUnopenable(db, message.id, attempts, `cannot open the message data: ${errorText(err)}`)
      logger.error({ mailId: message.id }, 'mail data cannot be opened (was JWT_SECRET changed?)')
      return 'failed'
    }
    const record = (values: Partial<typeof mailMessages.$inferInsert>) =>
      recordAttempt(db, message.id, attempts, values)
    let rendered: ReturnType<typeof renderMail>
    try {
      rendered = renderMail(message.template, data)
    } catch (err) {
      await record({ status: 'FAILED', lastError: errorText(err), data: withoutSecrets(data) })
      logger.error({ mailId: message.id, err: errorText(err) }, 'mail cannot be rendered')
      return 'failed'
    }
    try {
      const result = await mail.send({
        to: message.toAddress,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: message.messageId,
      })
      sent.add({ id: message.id, attempts, providerId: result.providerId, data: withoutSecrets(data) })
      logger.info({ mailId: message.id, template: message.template, about: message.subjectType }, 'mail sent')
      return 'sent'
    } catch (err) {
      // Nothing was attempted: the message stays due, its attempts untouched.
      if (err instanceof AdapterClosedError) return 'skipped'
      const retryable = err instanceof AdapterError ? err.retryable : true
      if (!retryable || attempts >= settings.maxAttempts) {
        await record({ status: 'FAILED', lastError: errorText(err), data: withoutSecrets(data) })
        logger.error({ mailId: message.id, attempts, err: errorText(err) }, 'mail failed for good')
        return 'failed'
      }
      const delay = Math.min(MAX_DELAY_MS, settings.retryDelaySeconds * 1000 * 2 ** (attempts - 1))
      await record({ lastError: errorText(err), nextAttemptAt: new Date(Date.now() + delay) })
      logger.warn(
        { mailId: message.id, attempts, retryInMs: delay, err: errorText(err) },
        'mail will be retried',
      )
      return 'retrying'
    }
  }

  /** The earliest time a queued message is due (at or before `before`, when given). */
  private nextDue(before: Date | null): Promise<Date | null> {
    return nextDueAt(this.deps.db, before)
  }
}

/**
 * The links of a message carry one-time tokens (claim ids, verify and share tokens), which
 * are otherwise stored only as hashes. The outbox keeps them only until the message is
 * delivered or given up; afterwards every URL in the data is cut down to its origin and path
 * prefix, with the token gone.
 */
export function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === 'string' && /^https?:\/\//.test(value) ? redactLink(value) : value,
    ]),
  )
}

function redactLink(link: string): string {
  const url = new URL(link)
  const path = url.pathname.split('/')
  // A token in the path is its last segment (…/sender-verify/{token}); in the query, any value.
  if (path.length > 2 && (path.at(-1) ?? '').length >= 16) path[path.length - 1] = '[redacted]'
  url.pathname = path.join('/')
  for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '[redacted]')
  return decodeURI(url.toString())
}

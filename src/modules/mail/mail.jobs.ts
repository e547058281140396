import { eq, sql } from 'drizzle-orm'
import { AdapterError } from '../../adapters/adapter-error.js'
import type { MailPort } from '../../adapters/mail/index.js'
import type { Db } from '../../db/client.js'
import { mailMessages } from '../../db/schema/index.js'
import { defineJob } from '../../jobs/queue.js'
import { SEND_MAIL_JOB } from './mail.service.js'
import { renderMail } from './templates/index.js'

/**
 * Sends one recorded message. Retries with exponential backoff while the failure is
 * retryable (SMTP 4xx, connection trouble); a permanent failure (SMTP 5xx, a broken
 * template) or the last attempt marks it FAILED with the error. A message already SENT is
 * never sent again.
 */
export const sendMailJob = (deps: {
  db: Db
  mail: MailPort
  retryDelaySeconds: number
  maxAttempts: number
}) =>
  defineJob<{ mailId: string }>({
    name: SEND_MAIL_JOB,
    retryLimit: deps.maxAttempts - 1,
    retryDelay: deps.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    concurrency: 4,
    async handler({ mailId }, ctx) {
      const [message] = await deps.db.select().from(mailMessages).where(eq(mailMessages.id, mailId)).limit(1)
      if (message?.status !== 'QUEUED') return
      const record = (values: Partial<typeof mailMessages.$inferInsert>) =>
        deps.db
          .update(mailMessages)
          .set({ ...values, attempts: sql`${mailMessages.attempts} + 1`, updatedAt: sql`now()` })
          .where(eq(mailMessages.id, mailId))
      let rendered: ReturnType<typeof renderMail>
      try {
        rendered = renderMail(message.template, message.data)
      } catch (err) {
        await record({ status: 'FAILED', lastError: errorText(err) })
        ctx.logger.error({ mailId, err: errorText(err) }, 'mail cannot be rendered')
        return
      }
      try {
        const result = await deps.mail.send({
          to: message.toAddress,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId: message.messageId,
        })
        await record({ status: 'SENT', sentAt: new Date(), providerId: result.providerId, lastError: null })
        ctx.logger.info({ mailId, template: message.template, about: message.subjectType }, 'mail sent')
      } catch (err) {
        const retryable = err instanceof AdapterError ? err.retryable : true
        const final = !retryable || ctx.lastAttempt
        await record({ status: final ? 'FAILED' : 'QUEUED', lastError: errorText(err) })
        if (final) {
          ctx.logger.error({ mailId, err: errorText(err) }, 'mail failed for good')
          return
        }
        throw err
      }
    },
  })

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000)

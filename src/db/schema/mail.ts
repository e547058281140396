import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'

export const MAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

/**
 * Every e-mail the service sends, as a transactional outbox: written in the same transaction
 * as the change that needs it (the row is the job), delivered by the `mail.dispatch` job with
 * retries and backoff, its outcome kept (nothing silently lost).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    /** A key of the template registry (`warranty.notification`, …). */
    template: text('template').notNull(),
    /** The template's data; tokens in links are only here, never in logs. */
    data: jsonb('data').notNull(),
    toAddress: text('to_address').notNull(),
    /** Our Message-ID, kept across retries. */
    messageId: text('message_id').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: tstz('sent_at'),
    /** When the dispatcher may (re)try it: now at first, then backing off exponentially. */
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** What the message is about, e.g. `warranty` + its id. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    ...timestamps(),
  },
  (t) => [
    index('mail_messages_subject_idx').on(t.subjectType, t.subjectId),
    index('mail_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'QUEUED'`),
    check('mail_messages_status_check', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
  ],
)

export type MailMessageRow = typeof mailMessages.$inferSelect

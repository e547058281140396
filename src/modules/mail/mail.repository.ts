import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import {
  customerProfiles,
  type Language,
  type MailMessageRow,
  type MailStatus,
  mailMessages,
  users,
} from '../../db/schema/index.js'

// The outbox's SQL: `mail_messages` rows queued, read when due, and recorded as they are sent.

/** A new outbox row, written in the transaction of the change that needs the message. */
export async function insertMailMessage(tx: Tx, values: typeof mailMessages.$inferInsert): Promise<string> {
  const [row] = await tx.insert(mailMessages).values(values).returning({ id: mailMessages.id })
  if (!row) throw new Error('mail message not recorded')
  return row.id
}

/** The language the customer with this e-mail address chose, or null (no such customer, or none chosen). */
export async function recipientLanguage(db: DbOrTx, email: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: customerProfiles.language })
    .from(users)
    .innerJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(and(eq(users.email, email.toLowerCase()), eq(users.role, 'CUSTOMER')))
    .limit(1)
  return row?.language ?? null
}

/** Up to `limit` queued messages due at `now`, the longest due first. */
export function dueMailMessages(db: Db, now: Date, limit: number): Promise<MailMessageRow[]> {
  return db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'QUEUED'), lte(mailMessages.nextAttemptAt, now)))
    .orderBy(asc(mailMessages.nextAttemptAt))
    .limit(limit)
}

/** A message that can never be opened (sealed under another key): FAILED, whatever its status. */
export async function failUnopenable(db: Db, id: string, attempts: number, lastError: string): Promise<void> {
  await db.update(mailMessages).set({ status: 'FAILED', attempts, lastError }).where(eq(mailMessages.id, id))
}

/** An attempt's outcome on a message still QUEUED (one no longer QUEUED is left as it is). */
export async function recordAttempt(
  db: Db,
  id: string,
  attempts: number,
  values: Partial<typeof mailMessages.$inferInsert>,
): Promise<void> {
  await db
    .update(mailMessages)
    .set({ ...values, attempts, updatedAt: sql`now()` })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'QUEUED')))
}

/** The earliest time a queued message is due (at or before `before`, when given). */
export async function nextDueAt(db: Db, before: Date | null): Promise<Date | null> {
  const [row] = await db
    .select({ at: mailMessages.nextAttemptAt })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.status, 'QUEUED'), before ? lte(mailMessages.nextAttemptAt, before) : undefined),
    )
    .orderBy(asc(mailMessages.nextAttemptAt))
    .limit(1)
  return row?.at ?? null
}

/** A delivered message, recorded SENT with its group (`SentRecords`). */
export interface SentMessage {
  id: string
  attempts: number
  providerId: string | null
  data: unknown
}

/** One statement for the whole group; a row no longer QUEUED is left as it is. */
export async function recordSent(db: Db, sent: readonly SentMessage[]): Promise<void> {
  const rows = sql.join(
    sent.map(
      (m) =>
        sql`(${m.id}::uuid, ${m.attempts}::int, ${m.providerId}::text, ${JSON.stringify(m.data)}::jsonb)`,
    ),
    sql`, `,
  )
  await db.execute(sql`
    update ${mailMessages} as m
    set status = 'SENT', sent_at = now(), attempts = v.attempts, provider_id = v.provider_id,
        last_error = null, data = v.data, updated_at = now()
    from (values ${rows}) as v(id, attempts, provider_id, data)
    where m.id = v.id and m.status = 'QUEUED'`)
}

/** Where the latest e-mail of a kind about something stands: what a merchant sees of its delivery. */
export interface MailDelivery {
  status: MailStatus
  /** Delivery attempts made (0 while the first is still to come). */
  attempts: number
  sentAt: Date | null
  /** Last change: queued, an attempt recorded, sent or given up. */
  updatedAt: Date
}

/**
 * The latest message of `template` about `subject` (e.g. the claim e-mail of a warranty; a
 * resend queues a newer one), or null when none was ever queued. Indexed by subject.
 */
export async function latestMailAbout(
  db: DbOrTx,
  subject: { type: string; id: string },
  template: string,
): Promise<MailDelivery | null> {
  const [row] = await db
    .select({
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      sentAt: mailMessages.sentAt,
      updatedAt: mailMessages.updatedAt,
    })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.subjectType, subject.type),
        eq(mailMessages.subjectId, subject.id),
        eq(mailMessages.template, template),
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(1)
  return row ?? null
}

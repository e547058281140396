import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { type MailStatus, mailMessages } from '../../db/schema/index.js'

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

import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.js'

/**
 * Claim e-mails a merchant caused per UTC day (issue, bulk, CSV import, resend), counted in the
 * transaction that queues them, against QUOTA_MERCHANT_EMAILS_PER_DAY (docs/security.md, Quotas).
 */
export const merchantEmailUsage = pgTable(
  'merchant_email_usage',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
)

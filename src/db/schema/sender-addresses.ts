import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'

/** An address a merchant sends receipts from; verified by a link e-mailed to it. */
export const senderAddresses = pgTable(
  'sender_addresses',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    verifiedAt: tstz('verified_at'),
    /** SHA-256 of the current verification token; null once verified. */
    verifyTokenHash: text('verify_token_hash'),
    verifyExpiresAt: tstz('verify_expires_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sender_addresses_unique').on(t.merchantId, t.email),
    uniqueIndex('sender_addresses_token_unique').on(t.verifyTokenHash),
    index('sender_addresses_list_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('sender_addresses_email_idx').on(t.email),
  ],
)

export type SenderAddressRow = typeof senderAddresses.$inferSelect

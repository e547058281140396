import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.js'

const counter = (name: string) => integer(name).notNull().default(0)

/**
 * A merchant's warranty counts by UTC day, maintained by triggers on `warranties` (migration
 * 0013), so that the merchant dashboard (src/modules/stats) sums day rows instead of scanning
 * every warranty. A warranty counts in `issued`, `claimed` and its mint status on the day of its
 * `created_at`, and in `expiring` on the day of its `expires_at`. Every statement that changes
 * warranties appends delta rows (`compacted` false): writers never update a shared row, so they
 * never wait on each other. Compaction folds a merchant's deltas into one `compacted` row per day;
 * the sums are exact with or without it.
 */
export const merchantWarrantyDays = pgTable(
  'merchant_warranty_days',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    compacted: boolean('compacted').notNull().default(false),
    issued: counter('issued'),
    expiring: counter('expiring'),
    claimed: counter('claimed'),
    pending: counter('pending'),
    minting: counter('minting'),
    minted: counter('minted'),
    failed: counter('failed'),
  },
  (t) => [
    index('merchant_warranty_days_merchant_idx').on(t.merchantId, t.day),
    uniqueIndex('merchant_warranty_days_compacted_unique').on(t.merchantId, t.day).where(sql`${t.compacted}`),
  ],
)

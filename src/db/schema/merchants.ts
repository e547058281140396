import { sql } from 'drizzle-orm'
import { check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns.js'

export const MERCHANT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number]

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    address: text('address'),
    phone: text('phone'),
    contactEmail: text('contact_email'),
    status: text('status').$type<MerchantStatus>().notNull().default('ACTIVE'),
    /** ISO 4217 code of the currency its prices are in (docs/console.md, "Currency"). */
    currency: text('currency').notNull().default('EUR'),
    ...timestamps(),
  },
  (t) => [
    check('merchants_status_check', sql`${t.status} in ('ACTIVE', 'SUSPENDED')`),
    check('merchants_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('merchants_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
)

export type MerchantRow = typeof merchants.$inferSelect

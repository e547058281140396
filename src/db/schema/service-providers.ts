import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'

export const SERVICE_PROVIDER_STATUSES = ['ACTIVE', 'SUSPENDED'] as const
export type ServiceProviderStatus = (typeof SERVICE_PROVIDER_STATUSES)[number]

/**
 * Service providers: the repair shops and authorised service centres that do the work a
 * warranty promises (docs/service-providers.md). Made by admins; their users (role
 * SERVICE_PROVIDER) point at one through `users.service_provider_id`.
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: id(),
    /** Unique, case-insensitively: merchants choose providers by name. */
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    phone: text('phone'),
    address: text('address'),
    status: text('status').$type<ServiceProviderStatus>().notNull().default('ACTIVE'),
    ...timestamps(),
  },
  (t) => [
    check('service_providers_status_check', sql`${t.status} in ('ACTIVE', 'SUSPENDED')`),
    uniqueIndex('service_providers_name_unique').on(sql`lower(${t.name})`),
    index('service_providers_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
)

export type ServiceProviderRow = typeof serviceProviders.$inferSelect

/** The providers a merchant allows to work on its claims (its OWNERs and ADMINs choose). */
export const merchantServiceProviders = pgTable(
  'merchant_service_providers',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    serviceProviderId: uuid('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    /** When the merchant allowed the provider: the allow-list's order. */
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.serviceProviderId] }),
    index('merchant_service_providers_merchant_idx').on(
      t.merchantId,
      t.createdAt.desc(),
      t.serviceProviderId.desc(),
    ),
    index('merchant_service_providers_provider_idx').on(t.serviceProviderId),
  ],
)

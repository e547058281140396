import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'
import { serviceProviders } from './service-providers.js'

export const ROLES = ['ADMIN', 'MERCHANT_USER', 'CUSTOMER', 'SERVICE_PROVIDER'] as const
export type Role = (typeof ROLES)[number]
export const MERCHANT_ROLES = ['OWNER', 'ADMIN', 'USER'] as const
export type MerchantRole = (typeof MERCHANT_ROLES)[number]
export const ADMIN_ROLES = ['SUPER_ADMIN', 'ADMIN'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]
export const USER_STATUSES = ['ACTIVE', 'SUSPENDED'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const users = pgTable(
  'users',
  {
    id: id(),
    /**
     * Stored lower-cased. Customers and staff are separate identities: an address is unique
     * among staff (admins, merchant users, service providers) and among customers, so a
     * merchant's own address can also be a customer's.
     */
    email: text('email').notNull(),
    /** argon2id PHC string; null for password-less customers. */
    passwordHash: text('password_hash'),
    name: text('name'),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    merchantRole: text('merchant_role').$type<MerchantRole>(),
    adminRole: text('admin_role').$type<AdminRole>(),
    /** The provider a SERVICE_PROVIDER user belongs to (set exactly for that role). */
    serviceProviderId: uuid('service_provider_id').references(() => serviceProviders.id, {
      onDelete: 'restrict',
    }),
    /** Bumped by a password change: tokens carrying an older version are rejected. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: tstz('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_staff_email_unique').on(t.email).where(sql`${t.role} <> 'CUSTOMER'`),
    uniqueIndex('users_customer_email_unique').on(t.email).where(sql`${t.role} = 'CUSTOMER'`),
    index('users_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('users_service_provider_idx').on(t.serviceProviderId, t.createdAt.desc(), t.id.desc()),
    index('users_role_idx').on(t.role),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'MERCHANT_USER', 'CUSTOMER', 'SERVICE_PROVIDER')`),
    check('users_status_check', sql`${t.status} in ('ACTIVE', 'SUSPENDED')`),
    check(
      'users_merchant_check',
      sql`(${t.role} = 'MERCHANT_USER') = (${t.merchantId} is not null and ${t.merchantRole} is not null)`,
    ),
    check(
      'users_merchant_role_check',
      sql`${t.merchantRole} is null or ${t.merchantRole} in ('OWNER', 'ADMIN', 'USER')`,
    ),
    check(
      'users_service_provider_check',
      sql`(${t.role} = 'SERVICE_PROVIDER') = (${t.serviceProviderId} is not null)`,
    ),
    check('users_admin_role_check', sql`(${t.role} = 'ADMIN') = (${t.adminRole} is not null)`),
  ],
)

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.js'
import {
  type MerchantRole,
  type MerchantRow,
  merchants,
  type Role,
  type ServiceProviderRow,
  serviceProviders,
  users,
} from '../../src/db/schema/index.js'
import type { TokenService } from '../../src/http/tokens.js'
import { hashPassword } from '../../src/modules/auth/passwords.js'

export const PASSWORD = 'correct-horse-battery'
let passwordHash: Promise<string> | undefined
function hashOf(password: string): Promise<string> {
  if (password !== PASSWORD) return hashPassword(password)
  passwordHash ??= hashPassword(PASSWORD)
  return passwordHash
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`

export async function createMerchant(
  db: Db,
  overrides: Partial<typeof merchants.$inferInsert> = {},
): Promise<MerchantRow> {
  const [row] = await db
    .insert(merchants)
    .values({ name: `Merchant ${randomUUID().slice(0, 6)}`, ...overrides })
    .returning()
  if (!row) throw new Error('merchant not created')
  return row
}

/** A service provider (ACTIVE unless told), its name unique. */
export async function createServiceProvider(
  db: Db,
  overrides: Partial<typeof serviceProviders.$inferInsert> = {},
): Promise<ServiceProviderRow> {
  const [row] = await db
    .insert(serviceProviders)
    .values({
      name: `Provider ${randomUUID().slice(0, 8)}`,
      contactEmail: uniqueEmail('provider'),
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('service provider not created')
  return row
}

export interface TestUser {
  id: string
  email: string
  password: string
  role: Role
  merchantId: string | null
  /** Set for SERVICE_PROVIDER users: their provider (a fresh one unless given). */
  serviceProviderId: string | null
  token: string
}

/** A user of any role with a known password and a valid token. */
export async function createUser(
  deps: { db: Db; tokens: TokenService },
  options: {
    role: Role
    merchantId?: string
    merchantRole?: MerchantRole
    serviceProviderId?: string
    email?: string
    password?: string | null
    name?: string
    status?: 'ACTIVE' | 'SUSPENDED'
  },
): Promise<TestUser> {
  const email = (options.email ?? uniqueEmail(options.role.toLowerCase())).toLowerCase()
  const password = options.password === undefined ? PASSWORD : options.password
  const serviceProviderId =
    options.role === 'SERVICE_PROVIDER'
      ? (options.serviceProviderId ?? (await createServiceProvider(deps.db)).id)
      : null
  const [row] = await deps.db
    .insert(users)
    .values({
      email,
      passwordHash: password === null ? null : await hashOf(password),
      name: options.name ?? `Test ${options.role}`,
      role: options.role,
      status: options.status ?? 'ACTIVE',
      merchantId: options.role === 'MERCHANT_USER' ? options.merchantId : null,
      merchantRole: options.role === 'MERCHANT_USER' ? (options.merchantRole ?? 'OWNER') : null,
      adminRole: options.role === 'ADMIN' ? 'SUPER_ADMIN' : null,
      serviceProviderId,
    })
    .returning()
  if (!row) throw new Error('user not created')
  const token = await deps.tokens.issue({ sub: row.id, role: row.role, tv: row.tokenVersion })
  return {
    id: row.id,
    email,
    password: password ?? '',
    role: row.role,
    merchantId: row.merchantId,
    serviceProviderId: row.serviceProviderId,
    token,
  }
}

/** A merchant with one user of each merchant role. */
export async function createMerchantWithUsers(deps: { db: Db; tokens: TokenService }, name?: string) {
  const merchant = await createMerchant(deps.db, name ? { name } : {})
  const [owner, admin, user] = await Promise.all(
    (['OWNER', 'ADMIN', 'USER'] as const).map((merchantRole) =>
      createUser(deps, { role: 'MERCHANT_USER', merchantId: merchant.id, merchantRole }),
    ),
  )
  return { merchant, owner: owner!, admin: admin!, user: user! }
}

export async function setUserStatus(db: Db, id: string, status: 'ACTIVE' | 'SUSPENDED'): Promise<void> {
  await db.update(users).set({ status }).where(eq(users.id, id))
}

export async function setServiceProviderStatus(
  db: Db,
  id: string,
  status: 'ACTIVE' | 'SUSPENDED',
): Promise<void> {
  await db.update(serviceProviders).set({ status }).where(eq(serviceProviders.id, id))
}

export async function setMerchantStatus(db: Db, id: string, status: 'ACTIVE' | 'SUSPENDED'): Promise<void> {
  await db.update(merchants).set({ status }).where(eq(merchants.id, id))
}

/**
 * An admin, and every caller who is not one (each merchant role, a customer, a service
 * provider's user), labelled: for the admin-only routes' "everyone else is refused" walks.
 */
export async function createAdminAndOthers(deps: { db: Db; tokens: TokenService }) {
  const [admin, tenant, customer, provider] = await Promise.all([
    createUser(deps, { role: 'ADMIN' }),
    createMerchantWithUsers(deps),
    createUser(deps, { role: 'CUSTOMER', password: null }),
    createUser(deps, { role: 'SERVICE_PROVIDER' }),
  ])
  const others = [
    { label: 'merchant owner', token: tenant.owner.token },
    { label: 'merchant admin', token: tenant.admin.token },
    { label: 'merchant user', token: tenant.user.token },
    { label: 'customer', token: customer.token },
    { label: 'service provider', token: provider.token },
  ]
  return { admin, others }
}

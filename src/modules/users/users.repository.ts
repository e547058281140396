import { and, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import {
  type AdminRole,
  type MerchantRole,
  merchants,
  type Role,
  serviceProviders,
  users,
} from '../../db/schema/index.js'
import type { PrincipalRecord } from '../../http/principal-cache.js'

/**
 * A user with what authentication and the login payload need of its merchant or service
 * provider: the auth guard's `PrincipalRecord` (this feature's `prepareFindUserById` is its
 * loader) and the password hash.
 */
export interface UserWithMerchant extends PrincipalRecord {
  passwordHash: string | null
}

const withMerchant = {
  id: users.id,
  email: users.email,
  name: users.name,
  passwordHash: users.passwordHash,
  role: users.role,
  status: users.status,
  tokenVersion: users.tokenVersion,
  merchantId: users.merchantId,
  merchantRole: users.merchantRole,
  adminRole: users.adminRole,
  merchantName: merchants.name,
  merchantStatus: merchants.status,
  serviceProviderId: users.serviceProviderId,
  serviceProviderName: serviceProviders.name,
  serviceProviderStatus: serviceProviders.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

/** Users with their merchant's and service provider's columns (`withMerchant`). */
const selectWithOrganisation = (db: DbOrTx) =>
  db
    .select(withMerchant)
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, users.serviceProviderId))

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Customers and staff are separate identities: one address may be both. */
export type Identity = 'staff' | 'customer'

const ofIdentity = (identity: Identity) =>
  identity === 'customer' ? sql`${users.role} = 'CUSTOMER'` : sql`${users.role} <> 'CUSTOMER'`

/** The staff user (default) or the customer with this e-mail, in any case. */
export async function findUserByEmail(
  db: DbOrTx,
  email: string,
  identity: Identity = 'staff',
): Promise<UserWithMerchant | null> {
  const rows = await selectWithOrganisation(db)
    .where(and(eq(users.email, normalizeEmail(email)), ofIdentity(identity)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * The lookup every authenticated request makes, as a prepared statement (parsed and planned
 * once per connection).
 */
export function prepareFindUserById(db: Db): (id: string) => Promise<UserWithMerchant | null> {
  const statement = selectWithOrganisation(db)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_find_user_by_id')
  return async (id) => (await statement.execute({ id }))[0] ?? null
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserWithMerchant | null> {
  const rows = await selectWithOrganisation(db).where(eq(users.id, id)).limit(1)
  return rows[0] ?? null
}

export interface NewUser {
  email: string
  passwordHash: string | null
  name: string | null
  role: Role
  merchantId?: string | null
  merchantRole?: MerchantRole | null
  adminRole?: AdminRole | null
  serviceProviderId?: string | null
}

/** Inserts a user; answers null when the e-mail is taken (by staff for staff, by a customer for a customer; any case). */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<{ id: string; createdAt: Date } | null> {
  const rows = await db
    .insert(users)
    .values({ ...user, email: normalizeEmail(user.email) })
    .onConflictDoNothing({
      target: users.email,
      where: ofIdentity(user.role === 'CUSTOMER' ? 'customer' : 'staff'),
    })
    .returning({ id: users.id, createdAt: users.createdAt })
  return rows[0] ?? null
}

/** Sets a new password hash and invalidates every token issued before. */
export async function setPassword(db: DbOrTx, id: string, passwordHash: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion })
  return rows[0]?.tokenVersion ?? 0
}

/** Invalidates every token issued so far (sign out everywhere): the token version moves on. */
export async function revokeTokens(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}

/** Keeps the latest login time; a late or repeated job never moves it backwards. */
export async function recordLogin(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      lastLoginAt: sql`greatest(coalesce(${users.lastLoginAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, id))
}

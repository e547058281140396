import { eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type MerchantRow, type MerchantStatus, merchants, users } from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'
import { pendingInvitationExpiry } from '../../db/staff-invitations.js'

/** A merchant's display name (e-mails name the merchant); the merchant must exist. */
export async function merchantName(db: DbOrTx, merchantId: string): Promise<string> {
  const rows = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1)
  if (!rows[0]) throw new Error(`merchant ${merchantId} not found`)
  return rows[0].name
}

/** A merchant's currency (ISO 4217), or null when there is no such merchant. */
export async function merchantCurrency(db: DbOrTx, merchantId: string): Promise<string | null> {
  const rows = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1)
  return rows[0]?.currency ?? null
}

export type NewMerchant = Pick<typeof merchants.$inferInsert, 'name'> &
  Partial<Pick<MerchantRow, 'taxId' | 'address' | 'phone' | 'contactEmail' | 'currency'>>
export type MerchantChanges = Partial<
  Pick<MerchantRow, 'name' | 'taxId' | 'address' | 'phone' | 'contactEmail' | 'status' | 'currency'>
>

export async function insertMerchant(db: DbOrTx, merchant: NewMerchant): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(merchant).returning()
  if (!row) throw new Error('the merchant insert returned no row')
  return row
}

/** The merchant, row-locked until the transaction ends when `forUpdate`. */
export async function findMerchant(db: DbOrTx, id: string, forUpdate = false): Promise<MerchantRow | null> {
  const query = db.select().from(merchants).where(eq(merchants.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

/** Sets only the columns given (and `updatedAt`); null when there is no such merchant. */
export async function updateMerchant(
  db: DbOrTx,
  id: string,
  changes: MerchantChanges,
): Promise<MerchantRow | null> {
  const [row] = await db
    .update(merchants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(merchants.id, id))
    .returning()
  return row ?? null
}

/** Newest first; `status` and `nameContains` (case-insensitive) narrow the list. */
export async function listMerchants(
  db: DbOrTx,
  filter: { status?: MerchantStatus | undefined; nameContains?: string | undefined },
  window: PageWindow,
): Promise<MerchantRow[]> {
  const filters: (SQL | undefined)[] = [
    filter.status ? eq(merchants.status, filter.status) : undefined,
    filter.nameContains ? contains(merchants.name, filter.nameContains) : undefined,
  ]
  return keysetPage(db.select().from(merchants).$dynamic(), merchants, window, filters)
}

// Never the password hash: only these columns of a merchant user ever leave the database.
const merchantUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  merchantRole: users.merchantRole,
  status: users.status,
  invitationExpiresAt: pendingInvitationExpiry,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export async function findMerchantUser(db: DbOrTx, userId: string) {
  const [row] = await db.select(merchantUserColumns).from(users).where(eq(users.id, userId))
  return row ?? null
}

export type MerchantUserRow = NonNullable<Awaited<ReturnType<typeof findMerchantUser>>>

/** The users of one merchant, newest first. */
export async function listMerchantUsers(
  db: DbOrTx,
  merchantId: string,
  window: PageWindow,
): Promise<MerchantUserRow[]> {
  return keysetPage(db.select(merchantUserColumns).from(users).$dynamic(), users, window, [
    eq(users.merchantId, merchantId),
  ])
}

import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type UserStatus, users } from '../../db/schema/index.js'
import { pendingInvitationExpiry } from '../../db/staff-invitations.js'

// Never the password hash or the token version: only these columns of a staff user leave here.
const staffColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  merchantId: users.merchantId,
  merchantRole: users.merchantRole,
  adminRole: users.adminRole,
  serviceProviderId: users.serviceProviderId,
  status: users.status,
  invitationExpiresAt: pendingInvitationExpiry,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

const staffUser = (db: DbOrTx, id: string) =>
  db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), sql`${users.role} <> 'CUSTOMER'`))

/** A staff user (any role but CUSTOMER), or null. */
export async function findStaffUser(db: DbOrTx, id: string) {
  const [row] = await staffUser(db, id)
  return row ?? null
}

export type StaffUserRow = NonNullable<Awaited<ReturnType<typeof findStaffUser>>>

/** The same, locked for the change. */
export async function lockStaffUser(db: DbOrTx, id: string): Promise<StaffUserRow | null> {
  const [row] = await staffUser(db, id).for('update')
  return row ?? null
}

/** Active, and able to sign in: an invited user who has not chosen a password yet keeps nothing running. */
const activeAccount = and(eq(users.status, 'ACTIVE'), isNotNull(users.passwordHash))

/**
 * The active owners of a merchant (or, with `null`, the active admins), locked in id order: two
 * off-boardings of the same group run one after the other, so neither removes the last one.
 */
export async function lockActiveKeepers(db: DbOrTx, merchantId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      merchantId
        ? and(eq(users.merchantId, merchantId), eq(users.merchantRole, 'OWNER'), activeAccount)
        : and(eq(users.role, 'ADMIN'), activeAccount),
    )
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((r) => r.id)
}

/**
 * A new status. Suspended, every token answers 403 `account_suspended` (the contract); reactivating
 * moves the token version on, so the sessions of before do not come back: the user signs in again.
 */
export async function setStaffStatus(db: DbOrTx, id: string, status: UserStatus): Promise<StaffUserRow> {
  const [row] = await db
    .update(users)
    .set({
      status,
      ...(status === 'ACTIVE' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning(staffColumns)
  if (!row) throw new Error('the locked user is missing')
  return row
}

/** Deletes the user; what they did stays (issued warranties, events, imports keep a null author). */
export async function deleteStaffUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id))
}

/** The platform's admins (invited ones too), newest first. */
export async function listAdmins(db: DbOrTx, window: PageWindow): Promise<StaffUserRow[]> {
  return keysetPage(db.select(staffColumns).from(users).$dynamic(), users, window, [eq(users.role, 'ADMIN')])
}

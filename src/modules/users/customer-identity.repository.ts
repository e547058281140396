import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { customerProfiles, users } from '../../db/schema/index.js'
import { normalizeEmail } from './users.repository.js'

/** A customer account as issuing and password-less sign-up find it. */
export interface CustomerIdentity {
  id: string
  /** The customer has proved the address (a claim or a magic link): `customer_profiles.verified_at`. */
  verified: boolean
}

/**
 * Finds the customer with this e-mail or creates one (role CUSTOMER, no password: they sign in
 * by claim or magic link), in one statement whether or not the address is known, so the two
 * cases cost the same. The upsert locks the user row until the caller's transaction ends: a
 * sign-in that verifies the customer (which locks the row too) is either seen here or sees
 * what this transaction writes. Staff accounts are a separate identity: an address that is
 * also an admin's or a merchant user's gets its own customer account.
 */
export async function findOrCreateCustomer(db: DbOrTx, email: string): Promise<CustomerIdentity> {
  // No name: a merchant's `customerName` stays on that merchant's warranty and never names the
  // customer's account (the first merchant to issue would name it for everyone).
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(email), passwordHash: null, name: null, role: 'CUSTOMER' })
    .onConflictDoUpdate({
      target: users.email,
      targetWhere: sql`${users.role} = 'CUSTOMER'`,
      // A no-op write: it locks the row and lets RETURNING answer the existing customer.
      set: { email: sql`${users.email}` },
    })
    .returning({ id: users.id })
  if (!row) throw new Error('customer neither inserted nor found')
  const [profile] = await db
    .select({ verifiedAt: customerProfiles.verifiedAt })
    .from(customerProfiles)
    .where(eq(customerProfiles.userId, row.id))
  return { id: row.id, verified: Boolean(profile?.verifiedAt) }
}

/** Locks a user row until the end of the caller's transaction (see `findOrCreateCustomer`). */
export async function lockUser(tx: DbOrTx, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update')
}

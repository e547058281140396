import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { claimLinks, users } from '../../db/schema/index.js'
import { createOneTimeToken } from '../../lib/one-time-tokens.js'
import { findUserByEmail, insertUser, normalizeEmail } from '../users/index.js'

/** How long a claim link e-mailed to a customer stays valid. */
export const CLAIM_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000

/** The owner of an e-mail address: a customer account, or a staff account (any other role). */
export type CustomerLookup = { kind: 'customer'; id: string } | { kind: 'staff' }

/**
 * Finds the customer with this e-mail or creates one (role CUSTOMER, no password: they sign
 * in by claim or magic link). Safe against a concurrent creation of the same address. An
 * address that belongs to an admin, merchant user or service provider answers `staff`: it
 * is never turned into a customer.
 */
export async function findOrCreateCustomer(
  db: DbOrTx,
  email: string,
  name: string | null,
): Promise<CustomerLookup> {
  if (await isStaffEmail(db, email)) return { kind: 'staff' }
  const inserted = await insertUser(db, { email, passwordHash: null, name, role: 'CUSTOMER' })
  if (inserted) return { kind: 'customer', id: inserted.id }
  const existing = await findUserByEmail(db, email, 'customer')
  if (!existing) throw new Error('customer neither inserted nor found')
  if (existing.name === null && name) {
    await db.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, existing.id))
  }
  return { kind: 'customer', id: existing.id }
}

/** Whether the address belongs to a staff account (read-only; no customer is created). */
export async function isStaffEmail(db: DbOrTx, email: string): Promise<boolean> {
  return (await findUserByEmail(db, normalizeEmail(email), 'staff')) !== null
}

/**
 * Creates a claim link for one warranty: a random claim id, stored only as its SHA-256.
 * Answers the raw claim id (it goes into the e-mail and nowhere else) and its expiry.
 */
export async function createClaimLink(
  db: DbOrTx,
  link: { customerId: string; merchantId: string; warrantyId: string },
): Promise<{ claimId: string; expiresAt: Date }> {
  const { token, hash } = createOneTimeToken()
  const expiresAt = new Date(Date.now() + CLAIM_LINK_TTL_MS)
  await db.insert(claimLinks).values({ ...link, tokenHash: hash, expiresAt })
  return { claimId: token, expiresAt }
}

/**
 * Ends every still-open claim link of a warranty (they then read as expired): a resend
 * supersedes the links e-mailed before it.
 */
export async function expireOpenClaimLinks(db: DbOrTx, warrantyId: string): Promise<number> {
  const rows = await db
    .update(claimLinks)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(claimLinks.warrantyId, warrantyId),
        isNull(claimLinks.consumedAt),
        gt(claimLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: claimLinks.id })
  return rows.length
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { claimLinks, merchants, users } from '../../db/schema/index.js'
import { createOneTimeToken } from '../../lib/one-time-tokens.js'

/** How long a claim link e-mailed to a customer stays valid. */
export const CLAIM_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000

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
 * Ends every still-open claim link of a warranty e-mailed to one customer (they then read as
 * expired): a resend supersedes the links e-mailed before it. Another customer's links (a
 * warranty given by e-mail to someone) are left alone.
 */
export async function expireOpenClaimLinks(
  db: DbOrTx,
  warrantyId: string,
  customerId: string,
): Promise<number> {
  const rows = await db
    .update(claimLinks)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(claimLinks.warrantyId, warrantyId),
        eq(claimLinks.customerId, customerId),
        isNull(claimLinks.consumedAt),
        gt(claimLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: claimLinks.id })
  return rows.length
}

/** A claim link as the landing page, the claim and the resend read it (by its token's hash). */
export interface StoredClaimLink {
  customerId: string
  customerEmail: string
  expiresAt: Date
  /** Whether a newer link for the same warranty was e-mailed to the same customer (a resend). */
  superseded: boolean
  /** When it was consumed; null while open. */
  usedAt: Date | null
  warrantyId: string | null
  merchantName: string | null
}

export async function findClaimLink(db: DbOrTx, tokenHash: string): Promise<StoredClaimLink | null> {
  const rows = await db
    .select({
      customerId: claimLinks.customerId,
      customerEmail: users.email,
      expiresAt: claimLinks.expiresAt,
      superseded: sql<boolean>`exists (select 1 from claim_links newer
        where newer.customer_id = ${claimLinks.customerId}
          and newer.warranty_id is not distinct from ${claimLinks.warrantyId}
          and newer.created_at > ${claimLinks.createdAt})`,
      usedAt: claimLinks.consumedAt,
      warrantyId: claimLinks.warrantyId,
      merchantName: merchants.name,
    })
    .from(claimLinks)
    .innerJoin(users, eq(users.id, claimLinks.customerId))
    .leftJoin(merchants, eq(merchants.id, claimLinks.merchantId))
    .where(eq(claimLinks.tokenHash, tokenHash))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Consumes an open, unexpired claim link in one conditional UPDATE: of any number of
 * concurrent calls, exactly one gets the row (the others wait for its commit, then find it
 * consumed). Null when nothing was consumed.
 */
export async function consumeClaimLink(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ customerId: string; warrantyId: string | null } | null> {
  const rows = await db
    .update(claimLinks)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(claimLinks.tokenHash, tokenHash),
        isNull(claimLinks.consumedAt),
        gt(claimLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ customerId: claimLinks.customerId, warrantyId: claimLinks.warrantyId })
  return rows[0] ?? null
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { claimLinks, magicLinks, merchants, users } from '../../db/schema/index.js'
import { createOneTimeToken } from '../../lib/one-time-tokens.js'

/** A sign-in link as the landing page and the consuming call read it (by its token's hash). */
export interface StoredLink {
  customerId: string
  customerEmail: string
  expiresAt: Date
  /** When it was consumed (a claim) or used (a magic link); null while open. */
  usedAt: Date | null
}

export interface StoredClaimLink extends StoredLink {
  warrantyId: string | null
  merchantName: string | null
}

export async function findClaimLink(db: DbOrTx, tokenHash: string): Promise<StoredClaimLink | null> {
  const rows = await db
    .select({
      customerId: claimLinks.customerId,
      customerEmail: users.email,
      expiresAt: claimLinks.expiresAt,
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

/** Records a fresh magic link for the customer; answers the raw token (it goes into the e-mail only). */
export async function createMagicLink(db: DbOrTx, customerId: string, ttlMs: number): Promise<string> {
  const { token, hash } = createOneTimeToken()
  await db.insert(magicLinks).values({ customerId, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) })
  return token
}

export async function findMagicLink(db: DbOrTx, tokenHash: string): Promise<StoredLink | null> {
  const rows = await db
    .select({
      customerId: magicLinks.customerId,
      customerEmail: users.email,
      expiresAt: magicLinks.expiresAt,
      usedAt: magicLinks.usedAt,
    })
    .from(magicLinks)
    .innerJoin(users, eq(users.id, magicLinks.customerId))
    .where(eq(magicLinks.tokenHash, tokenHash))
    .limit(1)
  return rows[0] ?? null
}

/** Uses an unused, unexpired magic link in one conditional UPDATE (see `consumeClaimLink`). */
export async function useMagicLink(db: DbOrTx, tokenHash: string): Promise<{ customerId: string } | null> {
  const rows = await db
    .update(magicLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(magicLinks.tokenHash, tokenHash),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ customerId: magicLinks.customerId })
  return rows[0] ?? null
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { magicLinks, users } from '../../db/schema/index.js'
import { createOneTimeToken } from '../../lib/one-time-tokens.js'

/** A sign-in link as the landing page and the consuming call read it (by its token's hash). */
export interface StoredLink {
  customerId: string
  customerEmail: string
  expiresAt: Date
  /** When it was consumed (a claim) or used (a magic link); null while open. */
  usedAt: Date | null
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

/**
 * Uses an unused, unexpired magic link in one conditional UPDATE: of any number of concurrent
 * calls, exactly one gets the row (as `consumeClaimLink` in claim-links).
 */
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

import { and, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type WarrantyRow, warranties } from '../../db/schema/index.js'
import type { WalletView } from './warranty-view.js'
import { selectWalletViews } from './warranty-view.repository.js'

/**
 * The wallet: a customer's warranties across merchants (those linked to the customer at issue,
 * by the e-mail it was issued to). Only customers who proved the address hold a token, so every
 * warranty linked to one is theirs to see.
 */
export type WalletFilter = { expiring: { withinDays: number } } | 'expired' | 'active' | null

function walletConditions(customerId: string, filter: WalletFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(warranties.customerId, customerId)]
  if (filter === 'expired') conditions.push(lte(warranties.expiresAt, sql`now()`))
  if (filter === 'active') conditions.push(gt(warranties.expiresAt, sql`now()`))
  if (filter !== null && typeof filter === 'object') {
    conditions.push(
      gt(warranties.expiresAt, sql`now()`),
      lte(warranties.expiresAt, sql`now() + make_interval(days => ${filter.expiring.withinDays}::int)`),
    )
  }
  return conditions
}

/** One page of a customer's wallet, newest first (`limit + 1` rows, see `keysetPage`). */
export async function listWalletWarranties(
  db: DbOrTx,
  customerId: string,
  filter: WalletFilter,
  page: PageWindow,
): Promise<WalletView[]> {
  return keysetPage(selectWalletViews(db), warranties, page, walletConditions(customerId, filter))
}

/** One warranty of the customer's wallet; another customer's (or an unknown id) is null. */
export async function findWalletWarranty(
  db: DbOrTx,
  customerId: string,
  id: string,
): Promise<WalletView | null> {
  const rows = await selectWalletViews(db)
    .where(and(eq(warranties.id, id), eq(warranties.customerId, customerId)))
    .limit(1)
  return rows[0] ?? null
}

/** How many warranties a customer has (what a claim or sign-in puts in the wallet). */
export async function countWalletWarranties(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(warranties)
    .where(eq(warranties.customerId, customerId))
  return row?.n ?? 0
}

/**
 * Marks every warranty of the customer not yet claimed as claimed now: the customer has just
 * proved the address (a claim link or a magic link). Answers the warranties that moved.
 */
export async function claimWalletWarranties(db: DbOrTx, customerId: string): Promise<WarrantyRow[]> {
  const rows = await db
    .update(warranties)
    .set({ claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(warranties.customerId, customerId), isNull(warranties.claimedAt)))
    .returning()
  return rows
}

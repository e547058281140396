import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { warranties } from '../../db/schema/index.js'
import { selectWarrantyViews, type WarrantyView } from '../warranties/index.js'

/**
 * The customer's claimed warranties bought (or, without a purchase date, issued) in
 * [`from`, `to`): the candidates a receipt may prove (warranty-match.ts); at most 100.
 */
export async function claimedWarrantiesBetween(
  db: DbOrTx,
  customerId: string,
  from: Date,
  to: Date,
): Promise<WarrantyView[]> {
  const when = sql`coalesce(${warranties.purchaseDate}, ${warranties.createdAt})`
  return selectWarrantyViews(db)
    .where(
      and(
        eq(warranties.customerId, customerId),
        isNotNull(warranties.claimedAt),
        gte(when, from),
        lt(when, to),
      ),
    )
    .limit(100)
}

/** The customer's own claimed warranty, or null. */
export async function findClaimedWarranty(
  db: DbOrTx,
  customerId: string,
  id: string,
): Promise<string | null> {
  const rows = await db
    .select({ id: warranties.id })
    .from(warranties)
    .where(and(eq(warranties.id, id), eq(warranties.customerId, customerId), isNotNull(warranties.claimedAt)))
    .limit(1)
  return rows[0]?.id ?? null
}

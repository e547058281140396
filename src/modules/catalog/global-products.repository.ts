import { count, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type GlobalProductRow, globalProducts, merchantProducts, warranties } from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'

export type GlobalProductValues = Pick<
  typeof globalProducts.$inferInsert,
  'brand' | 'model' | 'category' | 'gtin' | 'imageUrl'
>

/** The unique index a taken GTIN violates. */
export const GTIN_UNIQUE = 'global_products_gtin_unique'

export async function insertGlobalProduct(
  db: DbOrTx,
  values: GlobalProductValues,
): Promise<GlobalProductRow> {
  const [row] = await db.insert(globalProducts).values(values).returning()
  if (!row) throw new Error('the global product insert returned no row')
  return row
}

/** The product, row-locked until the transaction ends. */
export async function lockGlobalProduct(tx: Tx, id: string): Promise<GlobalProductRow | null> {
  const [row] = await tx.select().from(globalProducts).where(eq(globalProducts.id, id)).limit(1).for('update')
  return row ?? null
}

/** Sets only the columns given (and `updatedAt`); null when there is no such product. */
export async function updateGlobalProduct(
  db: DbOrTx,
  id: string,
  changes: Partial<GlobalProductValues>,
): Promise<GlobalProductRow | null> {
  const [row] = await db
    .update(globalProducts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(globalProducts.id, id))
    .returning()
  return row ?? null
}

/** Whether any warranty names the product. */
export async function hasWarranties(db: DbOrTx, id: string): Promise<boolean> {
  const [issued] = await db
    .select({ id: warranties.id })
    .from(warranties)
    .where(eq(warranties.globalProductId, id))
    .limit(1)
  return issued !== undefined
}

/** How many merchant products (deleted ones included) link the product. */
export async function countLinkedMerchantProducts(db: DbOrTx, id: string): Promise<number> {
  const [products] = await db
    .select({ n: count() })
    .from(merchantProducts)
    .where(eq(merchantProducts.globalProductId, id))
  return products?.n ?? 0
}

export async function deleteGlobalProduct(db: DbOrTx, id: string): Promise<void> {
  await db.delete(globalProducts).where(eq(globalProducts.id, id))
}

/** Newest first; each filter given narrows to "contains, case-insensitive". */
export async function listGlobalProducts(
  db: DbOrTx,
  filter: { brand?: string | undefined; model?: string | undefined; category?: string | undefined },
  window: PageWindow,
): Promise<GlobalProductRow[]> {
  const filters: (SQL | undefined)[] = [
    filter.brand !== undefined ? contains(globalProducts.brand, filter.brand) : undefined,
    filter.model !== undefined ? contains(globalProducts.model, filter.model) : undefined,
    filter.category !== undefined ? contains(globalProducts.category, filter.category) : undefined,
  ]
  return keysetPage(db.select().from(globalProducts).$dynamic(), globalProducts, window, filters)
}

import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type MerchantProductRow, merchantProducts } from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'

export type MerchantProductValues = Pick<
  typeof merchantProducts.$inferInsert,
  'merchantSku' | 'title' | 'gtin' | 'price' | 'warrantyDurationMonths' | 'globalProductId'
>

/** The partial unique index a taken SKU violates (live products of one merchant). */
export const SKU_UNIQUE = 'merchant_products_sku_unique'
/** The foreign key an unknown global product violates. */
export const GLOBAL_PRODUCT_FK = 'merchant_products_global_product_id_global_products_id_fk'

/** A product of this merchant that is not deleted. */
const live = (merchantId: string, id: string) =>
  and(
    eq(merchantProducts.id, id),
    eq(merchantProducts.merchantId, merchantId),
    isNull(merchantProducts.deletedAt),
  )

export async function insertMerchantProduct(
  db: DbOrTx,
  merchantId: string,
  values: MerchantProductValues,
): Promise<MerchantProductRow> {
  const [row] = await db
    .insert(merchantProducts)
    .values({ ...values, merchantId })
    .returning()
  if (!row) throw new Error('the merchant product insert returned no row')
  return row
}

/** Newest first, live products only; `text` narrows to title or SKU containing it (any case). */
export async function listMerchantProducts(
  db: DbOrTx,
  merchantId: string,
  filter: { text?: string | undefined },
  window: PageWindow,
): Promise<MerchantProductRow[]> {
  const filters: (SQL | undefined)[] = [
    eq(merchantProducts.merchantId, merchantId),
    isNull(merchantProducts.deletedAt),
    filter.text !== undefined
      ? or(contains(merchantProducts.title, filter.text), contains(merchantProducts.merchantSku, filter.text))
      : undefined,
  ]
  return keysetPage(db.select().from(merchantProducts).$dynamic(), merchantProducts, window, filters)
}

/** Sets only the columns given (and `updatedAt`) of a live product; null when there is none. */
export async function updateMerchantProduct(
  db: DbOrTx,
  merchantId: string,
  id: string,
  changes: Partial<MerchantProductValues>,
): Promise<MerchantProductRow | null> {
  const [row] = await db
    .update(merchantProducts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(live(merchantId, id))
    .returning()
  return row ?? null
}

/** Marks a live product deleted; its id as stored, or null when there is none. */
export async function softDeleteMerchantProduct(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .update(merchantProducts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(live(merchantId, id))
    .returning({ id: merchantProducts.id })
  return row?.id ?? null
}

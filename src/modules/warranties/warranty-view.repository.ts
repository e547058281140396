import { eq, getTableColumns, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.js'
import { globalProducts, merchantProducts, merchants, warranties } from '../../db/schema/index.js'

/**
 * The one query of the warranty view: warranty + merchant + merchant product + global
 * product. Made `$dynamic()`: each caller adds its own `where`, order and limit.
 */
export function selectWarrantyViews(db: DbOrTx) {
  return selectViews(db, {})
}

/** The view's columns and joins, with `extra` columns of a caller's own. */
export function selectViews<E extends SelectedFields>(db: DbOrTx, extra: E) {
  return db
    .select({
      ...getTableColumns(warranties),
      merchantName: merchants.name,
      productTitle: merchantProducts.title,
      productBrand: globalProducts.brand,
      productModel: globalProducts.model,
      ...extra,
    })
    .from(warranties)
    .innerJoin(merchants, eq(merchants.id, warranties.merchantId))
    .leftJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
    .leftJoin(globalProducts, eq(globalProducts.id, warranties.globalProductId))
    .$dynamic()
}

/**
 * The wallet's view of a warranty (`WalletView`): the view, the merchant's currency (its prices'
 * currency) and whether it has changed hands.
 */
export function selectWalletViews(db: DbOrTx) {
  return selectViews(db, {
    currency: merchants.currency,
    handedOn: sql<boolean>`exists (select 1 from owner_changes oc where oc.warranty_id = ${warranties.id} and oc.kind in ('RESALE', 'CHAIN_TRANSFER'))`,
  })
}

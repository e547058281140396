import { and, asc, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { globalProducts, merchantProducts, warranties } from '../../db/schema/index.js'

/**
 * The forms a GTIN-14 may be stored in (the catalogue keeps a GTIN as it was entered): itself,
 * and the GTIN-13, -12 and -8 it pads when its leading digits are zeros. Matching on the list
 * keeps the catalogue's GTIN indexes usable.
 */
export function storedForms(gtin14: string): string[] {
  return [14, 13, 12, 8].filter((n) => /^0*$/.test(gtin14.slice(0, 14 - n))).map((n) => gtin14.slice(14 - n))
}

/** What the resolver may say of a product: its title, nothing about who sells or bought it. */
export interface ProductFacts {
  title: string
}

/**
 * The product with this GTIN: a merchant's (not deleted) product, the oldest first, or else a
 * global product that a warranty points at. Null when neither exists.
 */
export function prepareFindProductByGtin(db: Db): (gtin14: string) => Promise<ProductFacts | null> {
  const ownProduct = db
    .select({ title: merchantProducts.title })
    .from(merchantProducts)
    .where(
      and(
        sql`${merchantProducts.gtin} = any(${sql.placeholder('forms')}::text[])`,
        isNull(merchantProducts.deletedAt),
      ),
    )
    .orderBy(asc(merchantProducts.createdAt))
    .limit(1)
    .prepare('digital_link_own_product')
  return async (gtin14) => {
    const forms = storedForms(gtin14)
    const [own] = await ownProduct.execute({ forms })
    return own ?? (await findGlobalProduct(db, forms))
  }
}

/** A global product with one of these GTIN forms that a warranty points at. */
async function findGlobalProduct(db: DbOrTx, forms: string[]): Promise<ProductFacts | null> {
  const [global] = await db
    .select({ title: sql<string>`${globalProducts.brand} || ' ' || ${globalProducts.model}` })
    .from(globalProducts)
    .where(
      and(
        inArray(globalProducts.gtin, forms),
        exists(
          db
            .select({ one: sql`1` })
            .from(warranties)
            .where(eq(warranties.globalProductId, globalProducts.id)),
        ),
      ),
    )
    .limit(1)
  return global ?? null
}

/**
 * The newest warranty of the item with this GTIN and serial (serials compared without case, as
 * the service's duplicate check does): only its code, never the owner's details.
 */
export function prepareFindItemWarranty(
  db: Db,
): (gtin14: string, serial: string) => Promise<{ warrantyCode: string } | null> {
  // Lean on purpose (no view): the resolver's hot path. `lower(serial_number)` has its own index
  // (warranties_serial_lower_idx); the products are joined only to compare their GTIN.
  const statement = db
    .select({ warrantyCode: warranties.warrantyCode })
    .from(warranties)
    .leftJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
    .leftJoin(globalProducts, eq(globalProducts.id, warranties.globalProductId))
    .where(
      and(
        sql`lower(${warranties.serialNumber}) = lower(${sql.placeholder('serial')})`,
        sql`coalesce(${merchantProducts.gtin}, ${globalProducts.gtin}) = any(${sql.placeholder('forms')}::text[])`,
      ),
    )
    .orderBy(desc(warranties.createdAt))
    .limit(1)
    .prepare('digital_link_item_warranty')
  return async (gtin14, serial) =>
    (await statement.execute({ forms: storedForms(gtin14), serial }))[0] ?? null
}

/** A merchant's product (not deleted): its title and GTIN as stored; null when it is not the merchant's. */
export async function findMerchantProduct(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<{ title: string; gtin: string | null } | null> {
  const [row] = await db
    .select({ title: merchantProducts.title, gtin: merchantProducts.gtin })
    .from(merchantProducts)
    .where(
      and(
        eq(merchantProducts.id, id),
        eq(merchantProducts.merchantId, merchantId),
        isNull(merchantProducts.deletedAt),
      ),
    )
    .limit(1)
  return row ?? null
}

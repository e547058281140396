import { and, asc, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { globalProducts, merchantProducts, warranties } from '../../db/schema/index.js'
import { selectWarrantyViewsWith } from '../warranties/index.js'

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
export async function findProductByGtin(db: DbOrTx, gtin14: string): Promise<ProductFacts | null> {
  const forms = storedForms(gtin14)
  const [own] = await db
    .select({ title: merchantProducts.title })
    .from(merchantProducts)
    .where(and(inArray(merchantProducts.gtin, forms), isNull(merchantProducts.deletedAt)))
    .orderBy(asc(merchantProducts.createdAt))
    .limit(1)
  if (own) return own
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
export async function findItemWarranty(
  db: DbOrTx,
  gtin14: string,
  serial: string,
): Promise<{ warrantyCode: string } | null> {
  const gtin = sql<string | null>`coalesce(${merchantProducts.gtin}, ${globalProducts.gtin})`
  const [row] = await selectWarrantyViewsWith(db, { gtin })
    .where(
      and(
        sql`${gtin} in (${sql.join(
          storedForms(gtin14).map((form) => sql`${form}`),
          sql`, `,
        )})`,
        sql`lower(${warranties.serialNumber}) = lower(${serial})`,
      ),
    )
    .orderBy(desc(warranties.createdAt))
    .limit(1)
  return row ? { warrantyCode: row.warrantyCode } : null
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

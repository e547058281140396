import { and, eq, isNull, sql } from 'drizzle-orm'
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

/** What the resolver reads of a GTIN (and a serial): the product's title, the item's warranty code. */
export interface ResolvedItem {
  /** Null when no product of the service has the GTIN. */
  title: string | null
  /** The newest warranty of the item, when a serial was given and a warranty has it. */
  warrantyCode: string | null
}

/**
 * One prepared statement for the resolver's hot path. The product: a merchant's (not deleted)
 * product with the GTIN, the oldest first, or else a global product that a warranty points at.
 * The item (when `serial` is not null): its newest warranty of a product with the GTIN, found by
 * `warranties_serial_lower_idx` (serials match without case); only its code, never the owner.
 */
export function prepareResolveItem(db: Db): (gtin14: string, serial: string | null) => Promise<ResolvedItem> {
  const forms = sql`${sql.placeholder('forms')}::text[]`
  const own = sql`(select ${merchantProducts.title} from ${merchantProducts} where ${merchantProducts.gtin} = any(${forms}) and ${merchantProducts.deletedAt} is null order by ${merchantProducts.createdAt} limit 1)`
  const global = sql`(select ${globalProducts.brand} || ' ' || ${globalProducts.model} from ${globalProducts} where ${globalProducts.gtin} = any(${forms}) and exists (select 1 from ${warranties} where ${warranties.globalProductId} = ${globalProducts.id}) limit 1)`
  const code = sql`(select w.warranty_code from warranties w
      left join merchant_products mp on mp.id = w.merchant_product_id
      left join global_products gp on gp.id = w.global_product_id
      where lower(w.serial_number) = lower(${sql.placeholder('serial')}::text)
        and coalesce(mp.gtin, gp.gtin) = any(${forms})
      order by w.created_at desc limit 1)`
  const statement = db
    .select({
      title: sql<string | null>`coalesce(${own}, ${global})`,
      warrantyCode: sql<string | null>`${code}`,
    })
    .from(sql`(select 1) as one`)
    .prepare('digital_link_resolve_item')
  return async (gtin14, serial) => {
    const [row] = await statement.execute({ forms: storedForms(gtin14), serial })
    return { title: row?.title ?? null, warrantyCode: row?.warrantyCode ?? null }
  }
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

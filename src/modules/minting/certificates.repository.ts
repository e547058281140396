import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { globalProducts, merchantProducts, warranties } from '../../db/schema/index.js'
import { selectWarrantyViewsWith, type WarrantyView } from '../warranties/index.js'

/** The warranty with this (canonical) code, as its certificate shows it, with its product's GTIN. */
export async function findWarrantyByCode(
  db: DbOrTx,
  code: string,
): Promise<(WarrantyView & { gtin: string | null }) | null> {
  const gtin = sql<string | null>`coalesce(${merchantProducts.gtin}, ${globalProducts.gtin})`
  const [row] = await selectWarrantyViewsWith(db, { gtin }).where(eq(warranties.warrantyCode, code)).limit(1)
  return row ?? null
}

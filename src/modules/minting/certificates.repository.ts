import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { warranties } from '../../db/schema/index.js'
import { selectWarrantyViews, type WarrantyView } from '../warranties/index.js'

/** The warranty with this (canonical) code, as its certificate shows it. */
export async function findWarrantyByCode(db: DbOrTx, code: string): Promise<WarrantyView | null> {
  const [row] = await selectWarrantyViews(db).where(eq(warranties.warrantyCode, code)).limit(1)
  return row ?? null
}

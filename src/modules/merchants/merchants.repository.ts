import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { merchants } from '../../db/schema/index.js'

/** A merchant's display name (e-mails name the merchant); the merchant must exist. */
export async function merchantName(db: DbOrTx, merchantId: string): Promise<string> {
  const rows = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1)
  if (!rows[0]) throw new Error(`merchant ${merchantId} not found`)
  return rows[0].name
}

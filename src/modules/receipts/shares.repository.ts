import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { receiptShares, receipts } from '../../db/schema/index.js'
import type { ReceiptRow } from './receipts.repository.js'

export type ShareRow = typeof receiptShares.$inferSelect

export async function insertShare(
  tx: Tx,
  values: {
    receiptId: string
    customerId: string
    tokenHash: string
    toEmail: string | null
    expiresAt: Date
  },
): Promise<ShareRow> {
  const [row] = await tx.insert(receiptShares).values(values).returning()
  if (!row) throw new Error('share not recorded')
  return row
}

/** One page of the shares of the customer's receipt, newest first. */
export async function listShares(
  db: DbOrTx,
  customerId: string,
  receiptId: string,
  window: PageWindow,
): Promise<ShareRow[]> {
  return keysetPage(db.select().from(receiptShares).$dynamic(), receiptShares, window, [
    eq(receiptShares.customerId, customerId),
    eq(receiptShares.receiptId, receiptId),
  ])
}

/** Revokes the customer's share (revoking again keeps the first time); null when not theirs. */
export async function revokeShare(db: DbOrTx, customerId: string, id: string): Promise<ShareRow | null> {
  const rows = await db
    .update(receiptShares)
    .set({ revokedAt: sql`coalesce(${receiptShares.revokedAt}, now())` })
    .where(and(eq(receiptShares.id, id), eq(receiptShares.customerId, customerId)))
    .returning()
  return rows[0] ?? null
}

/** The receipt and expiry of a working link (not expired, not revoked); null otherwise. */
export async function findSharedReceipt(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ receipt: ReceiptRow; expiresAt: Date } | null> {
  const rows = await db
    .select({ receipt: getTableColumns(receipts), expiresAt: receiptShares.expiresAt })
    .from(receiptShares)
    .innerJoin(receipts, eq(receipts.id, receiptShares.receiptId))
    .where(
      and(
        eq(receiptShares.tokenHash, tokenHash),
        gt(receiptShares.expiresAt, sql`now()`),
        isNull(receiptShares.revokedAt),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

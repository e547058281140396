import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type ReceiptOcrData, type ReceiptOcrStatus, receipts } from '../../db/schema/index.js'

export type ReceiptRow = typeof receipts.$inferSelect
export type NewReceipt = typeof receipts.$inferInsert

/** What the list's filters narrow to. */
export interface ReceiptFilter {
  folderId?: string | undefined
  warrantyId?: string | undefined
  /** Lower-cased by the caller. */
  text?: string | undefined
}

/** The lower-cased text the list's `q` looks in: the extracted merchant and raw text. */
export function searchTextOf(data: ReceiptOcrData | null | undefined): string {
  if (!data) return ''
  return [data.merchant ?? '', data.rawText ?? ''].join('\n').toLowerCase()
}

export async function insertReceipt(tx: Tx, values: NewReceipt): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning()
  if (!row) throw new Error('receipt not recorded')
  return row
}

const mine = (customerId: string, id: string) => and(eq(receipts.id, id), eq(receipts.customerId, customerId))

/** One page of the customer's receipts, newest first (`limit + 1` rows, see `keysetPage`). */
export async function listReceipts(
  db: DbOrTx,
  customerId: string,
  filter: ReceiptFilter,
  window: PageWindow,
): Promise<ReceiptRow[]> {
  const conditions: (SQL | undefined)[] = [eq(receipts.customerId, customerId)]
  if (filter.folderId) conditions.push(eq(receipts.folderId, filter.folderId))
  if (filter.warrantyId) conditions.push(eq(receipts.warrantyId, filter.warrantyId))
  // strpos, not LIKE: the customer's text needs no escaping.
  if (filter.text) conditions.push(sql`strpos(${receipts.searchText}, ${filter.text}) > 0`)
  return keysetPage(db.select().from(receipts).$dynamic(), receipts, window, conditions)
}

/** The customer's receipt; another customer's (or an unknown id) is null. */
export async function findReceipt(db: DbOrTx, customerId: string, id: string): Promise<ReceiptRow | null> {
  const rows = await db.select().from(receipts).where(mine(customerId, id)).limit(1)
  return rows[0] ?? null
}

/** The customer's receipt, held until the transaction ends (a read-modify-write); null when not theirs. */
export async function lockReceipt(tx: Tx, customerId: string, id: string): Promise<ReceiptRow | null> {
  const rows = await tx.select().from(receipts).where(mine(customerId, id)).for('update')
  return rows[0] ?? null
}

export async function deleteReceipt(tx: Tx, customerId: string, id: string): Promise<ReceiptRow | null> {
  const rows = await tx.delete(receipts).where(mine(customerId, id)).returning()
  return rows[0] ?? null
}

/** Changes the customer's receipt; null when it is not theirs. */
export async function updateReceipt(
  db: DbOrTx,
  customerId: string,
  id: string,
  values: Partial<
    Pick<
      NewReceipt,
      'folderId' | 'warrantyId' | 'suggestedWarrantyId' | 'ocrData' | 'ocrStatus' | 'searchText'
    >
  >,
): Promise<ReceiptRow | null> {
  const rows = await db
    .update(receipts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(mine(customerId, id))
    .returning()
  return rows[0] ?? null
}

/** The receipts waiting for OCR, oldest first. */
export async function pendingOcr(db: DbOrTx, limit: number): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(eq(receipts.ocrStatus, 'PENDING'))
    .orderBy(asc(receipts.createdAt))
    .limit(limit)
}

export async function anyPendingOcr(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.ocrStatus, 'PENDING'))
    .limit(1)
  return rows.length > 0
}

/** Records the OCR outcome of a receipt still PENDING (a second run's late answer changes nothing). */
export async function recordOcr(
  db: DbOrTx,
  id: string,
  outcome: { status: ReceiptOcrStatus; data: ReceiptOcrData | null; suggestedWarrantyId: string | null },
): Promise<boolean> {
  const rows = await db
    .update(receipts)
    .set({
      ocrStatus: outcome.status,
      ocrData: outcome.data,
      searchText: searchTextOf(outcome.data),
      suggestedWarrantyId: outcome.suggestedWarrantyId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(receipts.id, id), eq(receipts.ocrStatus, 'PENDING')))
    .returning({ id: receipts.id })
  return rows.length > 0
}

/** How many receipts the customer keeps, and their stored image bytes (the storage quota). */
export async function receiptUsage(
  db: DbOrTx,
  customerId: string,
): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${receipts.byteSize}), 0)::text`,
    })
    .from(receipts)
    .where(eq(receipts.customerId, customerId))
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) }
}

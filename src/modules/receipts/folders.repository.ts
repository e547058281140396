import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { receiptFolders, receipts } from '../../db/schema/index.js'

export type FolderRow = typeof receiptFolders.$inferSelect & { receiptCount: number }

const mine = (customerId: string, id: string) =>
  and(eq(receiptFolders.id, id), eq(receiptFolders.customerId, customerId))

// Spelled out: Drizzle leaves columns of a one-table select unqualified, which the subquery would misread.
const receiptCount = sql<number>`(select count(*)::int from receipts r where r.folder_id = receipt_folders.id)`

function selectFolders(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(receiptFolders), receiptCount })
    .from(receiptFolders)
    .$dynamic()
}

/** One page of the customer's folders, newest first, each with its number of receipts. */
export async function listFolders(db: DbOrTx, customerId: string, window: PageWindow): Promise<FolderRow[]> {
  return keysetPage(selectFolders(db), receiptFolders, window, [eq(receiptFolders.customerId, customerId)])
}

export async function findFolder(db: DbOrTx, customerId: string, id: string): Promise<FolderRow | null> {
  const rows = await selectFolders(db).where(mine(customerId, id)).limit(1)
  return rows[0] ?? null
}

/**
 * Holds the customer's folder until the transaction ends (a receipt is being filed in it: it
 * cannot be deleted meanwhile); false when the customer has no such folder.
 */
export async function lockFolder(tx: Tx, customerId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: receiptFolders.id })
    .from(receiptFolders)
    .where(mine(customerId, id))
    .for('key share')
  return rows.length > 0
}

/** The new folder; null when the customer has one of that name (any case). */
export async function insertFolder(db: DbOrTx, customerId: string, name: string): Promise<FolderRow | null> {
  const [row] = await db.insert(receiptFolders).values({ customerId, name }).onConflictDoNothing().returning()
  return row ? { ...row, receiptCount: 0 } : null
}

/** Renames the customer's folder (a taken name throws a unique violation); null when not theirs. */
export async function renameFolder(
  db: DbOrTx,
  customerId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(receiptFolders)
    .set({ name, updatedAt: sql`now()` })
    .where(mine(customerId, id))
    .returning({ id: receiptFolders.id })
  return rows.length > 0
}

/** Deletes the customer's folder; its receipts become unfiled. Null when not theirs. */
export async function deleteFolder(
  tx: Tx,
  customerId: string,
  id: string,
): Promise<{ unfiledReceipts: number } | null> {
  const unfiled = await tx
    .update(receipts)
    .set({ folderId: null, updatedAt: sql`now()` })
    .where(and(eq(receipts.folderId, id), eq(receipts.customerId, customerId)))
    .returning({ id: receipts.id })
  const rows = await tx
    .delete(receiptFolders)
    .where(mine(customerId, id))
    .returning({ id: receiptFolders.id })
  return rows.length > 0 ? { unfiledReceipts: unfiled.length } : null
}

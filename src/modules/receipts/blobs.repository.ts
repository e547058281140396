import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { BLOB_LOCK_NAMESPACE } from '../../db/lock-keys.js'
import { blobs, claimPhotos, receipts } from '../../db/schema/index.js'

/**
 * Takes the transaction-scoped locks of `keys` (in BLOB_LOCK_NAMESPACE), in one order everywhere
 * (no deadlock); a hash collision only makes two keys wait for each other.
 */
export async function lockBlobKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${BLOB_LOCK_NAMESPACE}::int, hashtext(${key}))`)
  }
}

/** Records the objects (or touches `last_used_at` of rows already there). */
export async function upsertBlobRows(
  tx: Tx,
  refs: readonly { key: string; contentType: string; byteSize: number }[],
): Promise<void> {
  if (refs.length === 0) return
  await tx
    .insert(blobs)
    .values(refs.map((r) => ({ key: r.key, contentType: r.contentType, byteSize: r.byteSize })))
    .onConflictDoUpdate({ target: blobs.key, set: { lastUsedAt: sql`now()` } })
}

export async function blobRowExists(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db.select({ key: blobs.key }).from(blobs).where(eq(blobs.key, key)).limit(1)
  return rows.length > 0
}

/** Whether any receipt or claim photo still points at the object (as its image or its thumbnail). */
export async function blobReferenced(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(or(eq(receipts.imageKey, key), eq(receipts.thumbnailKey, key)))
    .limit(1)
  if (rows.length > 0) return true
  const photos = await db
    .select({ id: claimPhotos.id })
    .from(claimPhotos)
    .where(or(eq(claimPhotos.imageKey, key), eq(claimPhotos.thumbnailKey, key)))
    .limit(1)
  return photos.length > 0
}

export async function deleteBlobRow(tx: Tx, key: string): Promise<void> {
  await tx.delete(blobs).where(eq(blobs.key, key))
}

/** Of `keys`, those that have a row. */
export async function keysWithRows(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db
    .select({ key: blobs.key })
    .from(blobs)
    .where(inArray(blobs.key, [...keys]))
  return new Set(rows.map((r) => r.key))
}

// Spelled out: Drizzle may leave columns of a one-table query unqualified, which the subquery would misread.
// Claim photos (src/modules/claims) keep their objects the same way receipts do.
const unreferenced = sql`not exists (select 1 from receipts r where r.image_key = blobs.key or r.thumbnail_key = blobs.key)
  and not exists (select 1 from claim_photos p where p.image_key = blobs.key or p.thumbnail_key = blobs.key)`

/** Rows no receipt or claim photo references, last used before `cutoff` (the sweep's second pass). */
export async function staleUnreferencedKeys(db: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: blobs.key })
    .from(blobs)
    .where(and(lt(blobs.lastUsedAt, cutoff), unreferenced))
    .limit(limit)
  return rows.map((r) => r.key)
}

/** Re-checked under the key's lock: still unreferenced and still last used before `cutoff`. */
export async function stillStale(tx: Tx, key: string, cutoff: Date): Promise<boolean> {
  const rows = await tx
    .select({ key: blobs.key })
    .from(blobs)
    .where(and(eq(blobs.key, key), lt(blobs.lastUsedAt, cutoff), unreferenced))
  return rows.length > 0
}

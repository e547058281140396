import { and, eq, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { IDEMPOTENCY_LOCK_NAMESPACE } from '../../db/lock-keys.js'
import { idempotencyKeys } from '../../db/schema/index.js'

/**
 * Serialises requests carrying one key of one merchant until the end of the transaction: a
 * second request waits, then finds the first one's stored answer.
 */
export async function lockIdempotencyKey(tx: DbOrTx, merchantId: string, key: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_NAMESPACE}, hashtext(${`${merchantId}|${key}`}))`,
  )
}

export async function findIdempotencyKey(db: DbOrTx, merchantId: string, key: string) {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)))
    .limit(1)
  return rows[0] ?? null
}

export async function deleteIdempotencyKey(db: DbOrTx, merchantId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)))
}

export async function saveIdempotencyKey(
  db: DbOrTx,
  row: typeof idempotencyKeys.$inferInsert,
): Promise<void> {
  await db.insert(idempotencyKeys).values(row)
}

/** Drops idempotency records past their 24 hours (a worker sweeps them periodically). */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key })
  return rows.length
}

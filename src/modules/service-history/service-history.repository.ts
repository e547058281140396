import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  type AnchorBatchRow,
  anchorBatches,
  type ServiceEventKind,
  serviceEvents,
  warranties,
} from '../../db/schema/index.js'

export async function insertEvent(
  db: DbOrTx,
  event: {
    warrantyId: string
    merchantId: string
    recordedBy: string
    kind: ServiceEventKind
    description: string
    newExpiresAt: Date | null
    newSerialHash: string | null
  },
) {
  const [row] = await db.insert(serviceEvents).values(event).returning()
  if (!row) throw new Error('service event not inserted')
  return row
}

/** A warranty's events, oldest first, with the batch each was anchored in. */
export async function eventsOf(db: DbOrTx, warrantyId: string) {
  return db
    .select({ event: serviceEvents, batch: anchorBatches })
    .from(serviceEvents)
    .leftJoin(anchorBatches, eq(anchorBatches.id, serviceEvents.anchorBatchId))
    .where(eq(serviceEvents.warrantyId, warrantyId))
    .orderBy(asc(serviceEvents.createdAt), asc(serviceEvents.id))
}

/** The leaves of a batch in order. */
export async function leavesOf(db: DbOrTx, batchId: string): Promise<`0x${string}`[]> {
  const rows = await db
    .select({ leaf: serviceEvents.leaf })
    .from(serviceEvents)
    .where(eq(serviceEvents.anchorBatchId, batchId))
    .orderBy(asc(serviceEvents.leafIndex))
  return rows.map((r) => r.leaf as `0x${string}`)
}

/** Events not in a batch yet whose warranty has a token, oldest first, with what their file needs. */
export async function unanchoredEvents(db: DbOrTx, limit: number) {
  return db
    .select({
      event: serviceEvents,
      warrantyCode: warranties.warrantyCode,
      tokenId: warranties.tokenId,
    })
    .from(serviceEvents)
    .innerJoin(warranties, eq(warranties.id, serviceEvents.warrantyId))
    .where(
      and(
        isNull(serviceEvents.anchorBatchId),
        isNotNull(warranties.tokenId),
        eq(warranties.mintStatus, 'MINTED'),
      ),
    )
    .orderBy(asc(serviceEvents.createdAt), asc(serviceEvents.id))
    .limit(limit)
}

export async function insertBatch(
  db: DbOrTx,
  batch: { seq: number; root: string; manifestCid: string; count: number },
) {
  const [row] = await db.insert(anchorBatches).values(batch).returning()
  if (!row) throw new Error('anchor batch not inserted')
  return row
}

export async function assignToBatch(
  db: DbOrTx,
  batchId: string,
  entries: { id: string; cid: string; leaf: string; leafIndex: number }[],
) {
  for (const e of entries) {
    await db
      .update(serviceEvents)
      .set({
        anchorBatchId: batchId,
        cid: e.cid,
        leaf: e.leaf,
        leafIndex: e.leafIndex,
        updatedAt: sql`now()`,
      })
      .where(eq(serviceEvents.id, e.id))
  }
}

export async function openBatches(db: DbOrTx): Promise<AnchorBatchRow[]> {
  return db
    .select()
    .from(anchorBatches)
    .where(inArray(anchorBatches.status, ['PREPARED', 'SENT']))
    .orderBy(asc(anchorBatches.seq))
}

export async function updateBatch(db: DbOrTx, id: string, set: Partial<AnchorBatchRow>) {
  await db
    .update(anchorBatches)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(anchorBatches.id, id))
}

/** A batch that will never be anchored: its events wait for the next one. */
export async function releaseBatch(db: DbOrTx, id: string, error: string) {
  await db.transaction(async (tx) => {
    await updateBatch(tx, id, { status: 'FAILED', error })
    await tx
      .update(serviceEvents)
      .set({ anchorBatchId: null, cid: null, leaf: null, leafIndex: null, updatedAt: sql`now()` })
      .where(eq(serviceEvents.anchorBatchId, id))
  })
}

import { and, asc, eq, getTableColumns, gte, inArray, like, sql } from 'drizzle-orm'
import { AdapterError } from '../../adapters/adapter-error.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { type MintBatchRow, mintBatches, warranties } from '../../db/schema/index.js'
import { selectWarrantyViews, type WarrantyView } from '../warranties/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'

/** Error prefix of a batch given up after its last attempt: it may still reach the chain. */
export const GAVE_UP = 'gave up: '

/** Where a mint landed: the chain, the contract, the transaction and its block. */
export interface MintRecord {
  chainId: number
  contractAddress: string
  txHash: string | null
  blockNumber: bigint | null
}

export const blockNumberOf = (mint: MintRecord) =>
  mint.blockNumber === null ? null : Number(mint.blockNumber)

/** Whether any warranty waits to be minted or settled. */
export async function hasUnmintedWarranty(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: warranties.id })
    .from(warranties)
    .where(inArray(warranties.mintStatus, ['PENDING', 'MINTING']))
    .limit(1)
  return row !== undefined
}

/** The oldest pending warranties, as their certificates show them, at most `limit`. */
export async function pendingWarranties(db: DbOrTx, limit: number): Promise<WarrantyView[]> {
  return selectWarrantyViews(db)
    .where(eq(warranties.mintStatus, 'PENDING'))
    .orderBy(asc(warranties.createdAt), asc(warranties.id))
    .limit(limit)
}

/** Batches of this contract given up after their last attempt since `since`, at most `limit`. */
export async function givenUpBatches(
  db: DbOrTx,
  contractAddress: string,
  since: Date,
  limit?: number,
): Promise<MintBatchRow[]> {
  const query = db
    .select()
    .from(mintBatches)
    .where(
      and(
        eq(mintBatches.status, 'FAILED'),
        like(mintBatches.error, `${GAVE_UP}%`),
        eq(mintBatches.contractAddress, contractAddress),
        gte(mintBatches.createdAt, since),
      ),
    )
    .$dynamic()
  return limit === undefined ? query : query.limit(limit)
}

export async function findMintBatch(db: DbOrTx, id: string): Promise<MintBatchRow | null> {
  const [row] = await db.select().from(mintBatches).where(eq(mintBatches.id, id))
  return row ?? null
}

/** Batches of this contract not yet settled (PREPARED or SENT), in token id order. */
export async function unfinishedBatches(db: DbOrTx, contractAddress: string): Promise<MintBatchRow[]> {
  return db
    .select()
    .from(mintBatches)
    .where(
      and(
        inArray(mintBatches.status, ['PREPARED', 'SENT']),
        eq(mintBatches.contractAddress, contractAddress),
      ),
    )
    .orderBy(asc(mintBatches.startTokenId))
}

/**
 * Records a PREPARED batch and moves its warranties from PENDING to MINTING with their token
 * ids and certificate CIDs, in one transaction. The files are in token id order from the
 * batch's start.
 */
export async function recordBatch(
  db: Db,
  values: Pick<
    typeof mintBatches.$inferInsert,
    'chainId' | 'contractAddress' | 'startTokenId' | 'metadataDirCid'
  >,
  files: readonly { id: string; cid: string }[],
): Promise<MintBatchRow> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(mintBatches)
      .values({ ...values, quantity: files.length })
      .returning()
    if (!batch) throw new Error('mint batch not recorded')
    // One statement for the whole batch: a transaction of a hundred updates would hold its
    // connection (and the rows' locks) a hundred round trips long.
    const rows = sql.join(
      files.map((f, i) => sql`(${f.id}::uuid, ${values.startTokenId + i}::bigint, ${f.cid}::text)`),
      sql`, `,
    )
    const updated = (await tx.execute(sql`
      update ${warranties} as w
      set mint_status = 'MINTING', mint_batch_id = ${batch.id}, token_id = v.token_id, metadata_cid = v.cid,
          mint_attempts = w.mint_attempts + 1, mint_error = null, updated_at = now()
      from (values ${rows}) as v(id, token_id, cid)
      where w.id = v.id and w.mint_status = 'PENDING'
      returning w.id`)) as unknown as { rows: unknown[] }
    // Only this pipeline moves PENDING warranties, one run at a time (a stately queue).
    if (updated.rows.length !== files.length) {
      throw new AdapterError('warranties changed while being batched', true)
    }
    return batch
  })
}

export async function markBatchSent(
  db: DbOrTx,
  id: string,
  sent: { txHash: string; nonce: number },
): Promise<MintBatchRow | null> {
  const [row] = await db
    .update(mintBatches)
    .set({
      status: 'SENT',
      txHash: sent.txHash,
      nonce: sent.nonce,
      sentAt: new Date(),
      updatedAt: sql`now()`,
    })
    .where(eq(mintBatches.id, id))
    .returning()
  return row ?? null
}

/**
 * The batch is CONFIRMED and its warranties MINTED where it landed, in one transaction.
 * Returns each warranty's seconds from issue to minted (the mint latency metric).
 */
export async function recordMinted(
  db: Db,
  batchId: string,
  mint: MintRecord,
  events?: WarrantyEvents,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({
        status: 'CONFIRMED',
        txHash: mint.txHash,
        blockNumber: blockNumberOf(mint),
        confirmedAt: new Date(),
        error: null,
        updatedAt: sql`now()`,
      })
      .where(eq(mintBatches.id, batchId))
    const minted = await tx
      .update(warranties)
      .set({
        mintStatus: 'MINTED',
        txHash: mint.txHash,
        blockNumber: blockNumberOf(mint),
        chainId: mint.chainId,
        contractAddress: mint.contractAddress,
        mintError: null,
        mintedAt: new Date(),
        updatedAt: sql`now()`,
      })
      .where(eq(warranties.mintBatchId, batchId))
      .returning({
        ...getTableColumns(warranties),
        seconds: sql<number>`extract(epoch from (now() - ${warranties.createdAt}))::float8`,
      })
    await events?.record(tx, 'warranty.minted', minted)
    return minted.map((m) => Number(m.seconds))
  })
}

/** Marks the batch FAILED and moves its warranties still MINTING to `next`, in one transaction. */
export async function closeBatch(
  db: Db,
  batchId: string,
  reason: string,
  next: Pick<typeof warranties.$inferInsert, 'mintStatus' | 'mintError' | 'tokenId'>,
  events?: WarrantyEvents,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({ status: 'FAILED', error: reason, updatedAt: sql`now()` })
      .where(eq(mintBatches.id, batchId))
    const moved = await tx
      .update(warranties)
      .set({ ...next, updatedAt: sql`now()` })
      .where(and(eq(warranties.mintBatchId, batchId), eq(warranties.mintStatus, 'MINTING')))
      .returning()
    if (next.mintStatus === 'FAILED') await events?.record(tx, 'warranty.mint_failed', moved)
  })
}

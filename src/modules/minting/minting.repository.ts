import { and, asc, eq, gte, inArray, like, sql } from 'drizzle-orm'
import { AdapterError } from '../../adapters/adapter-error.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { type MintBatchRow, mintBatches } from '../../db/schema/index.js'
import { warrantyMint } from '../warranties/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'

// The mint_batches statements. The warranties' mint columns move only through `warrantyMint`
// (warranties' warranty-mint.repository.ts, the one file both features own), in these transactions.

/** Error prefix of a batch given up after its last attempt: it may still reach the chain. */
export const GAVE_UP = 'gave up: '

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
    const moved = await warrantyMint.assignToBatch(
      tx,
      { id: batch.id, startTokenId: values.startTokenId },
      files,
    )
    // Only this pipeline moves PENDING warranties, one run at a time (the minting lock).
    if (moved !== files.length) {
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
  mint: warrantyMint.MintRecord,
  events?: WarrantyEvents,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({
        status: 'CONFIRMED',
        txHash: mint.txHash,
        blockNumber: warrantyMint.blockNumberOf(mint),
        confirmedAt: new Date(),
        error: null,
        updatedAt: sql`now()`,
      })
      .where(eq(mintBatches.id, batchId))
    const minted = await warrantyMint.markBatchMinted(tx, batchId, mint)
    await events?.record(tx, 'warranty.minted', minted)
    return minted.map((m) => Number(m.seconds))
  })
}

/** Marks the batch FAILED and moves its warranties still MINTING to `next`, in one transaction. */
export async function closeBatch(
  db: Db,
  batchId: string,
  reason: string,
  next: warrantyMint.MintOutcome,
  events?: WarrantyEvents,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({ status: 'FAILED', error: reason, updatedAt: sql`now()` })
      .where(eq(mintBatches.id, batchId))
    const moved = await warrantyMint.leaveBatch(tx, batchId, next)
    if (next.mintStatus === 'FAILED') await events?.record(tx, 'warranty.mint_failed', moved)
  })
}

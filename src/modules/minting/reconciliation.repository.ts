import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { type MintBatchRow, mintBatches } from '../../db/schema/index.js'
import { warrantyMint } from '../warranties/index.js'

// The warranties' mint columns move only through `warrantyMint` (warranties' warranty-mint.repository.ts).

const confirmedOf = (contractAddress: string) =>
  and(eq(mintBatches.status, 'CONFIRMED'), eq(mintBatches.contractAddress, contractAddress))

/** Confirmed batches of this contract that start at or past `tokenId` (the chain's next one). */
export async function confirmedBatchesFrom(
  db: DbOrTx,
  contractAddress: string,
  tokenId: number,
): Promise<MintBatchRow[]> {
  return db
    .select()
    .from(mintBatches)
    .where(and(confirmedOf(contractAddress), gte(mintBatches.startTokenId, tokenId)))
}

/** The `limit` most recent confirmed batches of this contract that start before `tokenId`. */
export async function confirmedBatchesBefore(
  db: DbOrTx,
  contractAddress: string,
  tokenId: number,
  limit: number,
): Promise<MintBatchRow[]> {
  return db
    .select()
    .from(mintBatches)
    .where(and(confirmedOf(contractAddress), lt(mintBatches.startTokenId, tokenId)))
    .orderBy(desc(mintBatches.startTokenId))
    .limit(limit)
}

/**
 * Closes a confirmed batch the chain lost (FAILED with `reason`, freeing its start id) and puts
 * its MINTED warranties back to PENDING, keeping their certificate, in one transaction.
 */
export async function reopenLostBatch(db: Db, batchId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({ status: 'FAILED', error: reason, updatedAt: sql`now()` })
      .where(and(eq(mintBatches.id, batchId), eq(mintBatches.status, 'CONFIRMED')))
    await warrantyMint.reopenMintedBatch(tx, batchId)
  })
}

/**
 * A batch given up earlier was found on chain: it becomes CONFIRMED, and the warranties whose
 * certificates its directory lists (by CID, each entry named by its token id) are MINTED in
 * it, in one transaction. Unsent batches holding any of them are superseded first.
 */
export async function recordFoundOnChain(
  db: Db,
  batchId: string,
  entries: readonly { name: string; cid: string }[],
  mint: warrantyMint.MintRecord,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mintBatches)
      .set({ status: 'CONFIRMED', txHash: mint.txHash, error: null, confirmedAt: new Date() })
      .where(eq(mintBatches.id, batchId))
    await supersedeHolders(
      tx,
      entries.map((e) => e.cid),
    )
    for (const entry of entries) {
      await warrantyMint.markFoundMinted(tx, batchId, { tokenId: Number(entry.name), cid: entry.cid }, mint)
    }
  })
}

/** Any of these certificates waiting in an unsent batch must leave it before it is sent. */
async function supersedeHolders(tx: Tx, cids: string[]): Promise<void> {
  for (const id of await warrantyMint.preparedBatchesHolding(tx, cids)) {
    await tx
      .update(mintBatches)
      .set({ status: 'FAILED', error: 'superseded: some of its warranties were found minted' })
      .where(eq(mintBatches.id, id))
    await warrantyMint.returnBatchToPending(tx, id)
  }
}

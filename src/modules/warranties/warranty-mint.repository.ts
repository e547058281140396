import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { globalProducts, merchantProducts, mintBatches, warranties } from '../../db/schema/index.js'
import type { WarrantyView } from './warranty-view.js'
import { selectViews } from './warranty-view.repository.js'

/*
 * The mint columns of the warranties table (mint_status, mint_batch_id, token_id, metadata_cid,
 * mint_attempts, mint_error, tx_hash, block_number, chain_id, contract_address, minted_at): every
 * statement that moves them, in one file with two owners.
 *
 * - warranties owns the table: it issues a warranty PENDING and puts a FAILED mint back to
 *   PENDING on the merchant's retry (`resetFailedMint`; the operator's bulk retry,
 *   `retryFailedMints`, is the `warranty` CLI's, through src/modules/operations).
 * - minting (src/modules/minting) owns the pipeline that moves a warranty PENDING → MINTING →
 *   MINTED (or FAILED, or back to PENDING): it calls the other functions here as
 *   `warrantyMint.…` (warranties' index.ts), inside its own transactions beside its
 *   mint_batches statements.
 *
 * A change to these columns' states is a change to both features (docs/certificates.md).
 */

/** Where a mint landed: the chain, the contract, the transaction and its block. */
export interface MintRecord {
  chainId: number
  contractAddress: string
  txHash: string | null
  blockNumber: bigint | null
}

export const blockNumberOf = (mint: MintRecord) =>
  mint.blockNumber === null ? null : Number(mint.blockNumber)

/** Where the warranties of a batch that did not land go: its error, status and token id. */
export type MintOutcome = Pick<typeof warranties.$inferInsert, 'mintStatus' | 'mintError' | 'tokenId'>

/** Puts a FAILED mint of the merchant back to PENDING (error cleared, attempts kept). */
export async function resetFailedMint(db: DbOrTx, merchantId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(warranties)
    .set({ mintStatus: 'PENDING', mintError: null, updatedAt: sql`now()` })
    .where(
      and(eq(warranties.id, id), eq(warranties.merchantId, merchantId), eq(warranties.mintStatus, 'FAILED')),
    )
    .returning({ id: warranties.id })
  return rows.length > 0
}

/**
 * Every FAILED mint (of one merchant, or all) back to PENDING, error cleared and attempts kept,
 * as `retry-mint` does one at a time; a worker's sweep picks them up within seconds.
 * Answers how many moved (or would move, with `dryRun`).
 */
export async function retryFailedMints(
  db: DbOrTx,
  options: { merchantId: string | null; dryRun: boolean },
): Promise<number> {
  const failed = and(
    eq(warranties.mintStatus, 'FAILED'),
    options.merchantId ? eq(warranties.merchantId, options.merchantId) : undefined,
  )
  if (options.dryRun) {
    const [row] = await db.select({ n: count() }).from(warranties).where(failed)
    return Number(row?.n ?? 0)
  }
  const moved = await db
    .update(warranties)
    .set({ mintStatus: 'PENDING', mintError: null, updatedAt: sql`now()` })
    .where(failed)
    .returning({ id: warranties.id })
  return moved.length
}

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
export async function pendingWarranties(
  db: DbOrTx,
  limit: number,
): Promise<(WarrantyView & { gtin: string | null })[]> {
  // The product's GTIN: the certificate carries the product's GS1 Digital Link (docs/digital-link.md).
  const gtin = sql<string | null>`coalesce(${merchantProducts.gtin}, ${globalProducts.gtin})`
  return selectViews(db, { gtin })
    .where(eq(warranties.mintStatus, 'PENDING'))
    .orderBy(asc(warranties.createdAt), asc(warranties.id))
    .limit(limit)
}

/**
 * PENDING → MINTING in a batch, each warranty with its token id (from the batch's start, in the
 * order given) and certificate CID. Answers how many moved (a warranty no longer PENDING does not).
 */
export async function assignToBatch(
  tx: Tx,
  batch: { id: string; startTokenId: number },
  files: readonly { id: string; cid: string }[],
): Promise<number> {
  // One statement for the whole batch: a transaction of a hundred updates would hold its
  // connection (and the rows' locks) a hundred round trips long.
  const rows = sql.join(
    files.map((f, i) => sql`(${f.id}::uuid, ${batch.startTokenId + i}::bigint, ${f.cid}::text)`),
    sql`, `,
  )
  const updated = (await tx.execute(sql`
    update ${warranties} as w
    set mint_status = 'MINTING', mint_batch_id = ${batch.id}, token_id = v.token_id, metadata_cid = v.cid,
        mint_attempts = w.mint_attempts + 1, mint_error = null, updated_at = now()
    from (values ${rows}) as v(id, token_id, cid)
    where w.id = v.id and w.mint_status = 'PENDING'
    returning w.id`)) as unknown as { rows: unknown[] }
  return updated.rows.length
}

/** The batch's warranties MINTED where it landed; each with its seconds from issue to minted. */
export async function markBatchMinted(tx: Tx, batchId: string, mint: MintRecord) {
  return tx
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
}

/** The batch's warranties still MINTING move to `next` (a batch that did not land); answers them. */
export async function leaveBatch(tx: Tx, batchId: string, next: MintOutcome) {
  return tx
    .update(warranties)
    .set({ ...next, updatedAt: sql`now()` })
    .where(and(eq(warranties.mintBatchId, batchId), eq(warranties.mintStatus, 'MINTING')))
    .returning()
}

/** A confirmed batch the chain lost: its MINTED warranties back to PENDING, keeping their certificate. */
export async function reopenMintedBatch(tx: Tx, batchId: string): Promise<void> {
  await tx
    .update(warranties)
    .set({
      mintStatus: 'PENDING',
      tokenId: null,
      txHash: null,
      blockNumber: null,
      mintedAt: null,
      mintError: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(warranties.mintBatchId, batchId), eq(warranties.mintStatus, 'MINTED')))
}

/** The warranty whose certificate has this CID is MINTED in the batch found on chain, as token `tokenId`. */
export async function markFoundMinted(
  tx: Tx,
  batchId: string,
  entry: { tokenId: number; cid: string },
  mint: MintRecord,
): Promise<void> {
  await tx
    .update(warranties)
    .set({
      mintStatus: 'MINTED',
      mintBatchId: batchId,
      tokenId: entry.tokenId,
      txHash: mint.txHash,
      blockNumber: blockNumberOf(mint),
      chainId: mint.chainId,
      contractAddress: mint.contractAddress,
      mintError: null,
      mintedAt: new Date(),
    })
    .where(and(eq(warranties.metadataCid, entry.cid), sql`${warranties.mintStatus} <> 'MINTED'`))
}

/** The PREPARED (unsent) batches holding any of these certificates MINTING. */
export async function preparedBatchesHolding(tx: Tx, cids: string[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: mintBatches.id })
    .from(warranties)
    .innerJoin(mintBatches, eq(mintBatches.id, warranties.mintBatchId))
    .where(
      and(
        inArray(warranties.metadataCid, cids),
        eq(warranties.mintStatus, 'MINTING'),
        eq(mintBatches.status, 'PREPARED'),
      ),
    )
  return rows.map((r) => r.id)
}

/** A superseded batch's warranties still MINTING go back to PENDING, without a token id. */
export async function returnBatchToPending(tx: Tx, batchId: string): Promise<void> {
  await tx
    .update(warranties)
    .set({ mintStatus: 'PENDING', tokenId: null })
    .where(and(eq(warranties.mintBatchId, batchId), eq(warranties.mintStatus, 'MINTING')))
}

import { AdapterError } from '../../adapters/adapter-error.js'
import { ChainRevertError } from '../../adapters/chain/index.js'
import type { MintBatchRow } from '../../db/schema/index.js'
import { closeBatch, markBatchSent, recordMinted } from './minting.repository.js'
import { dirDigest, type Outcome, type PipelineDeps, sameBatch } from './pipeline.js'

type Hash = `0x${string}`

/** How many times a batch is settled again after a `StartIdMismatch` before it fails. */
const MAX_DEPTH = 2

/**
 * Brings one batch to an end: minted, failed, or handed back to pending. The chain's own
 * record of the batch decides first (a crash may have sent it); a transaction already sent is
 * waited for; otherwise the batch is sent (again: the start id makes that safe).
 */
export async function settle(deps: PipelineDeps, batch: MintBatchRow, depth = 0): Promise<Outcome> {
  const { chain } = deps
  const start = BigInt(batch.startTokenId)
  const onChain = await chain.findBatch(start)
  if (onChain) {
    if (sameBatch(onChain, batch)) {
      return markMinted(
        deps,
        batch,
        onChain.txHash ?? (batch.txHash as Hash | null),
        onChain.blockNumber,
        null,
      )
    }
    return requeue(deps, batch, `token ids from ${start} were minted by another batch`)
  }
  const next = await chain.nextTokenId()
  if (next !== start) return requeue(deps, batch, `token id ${start} is no longer the next one (${next})`)
  if (batch.txHash) {
    const outcome = await settleSent(deps, batch, batch.txHash as Hash, depth)
    if (outcome) return outcome
    // No receipt: the transaction was dropped or is stuck; sending again is safe (start id).
  }
  return send(deps, batch, depth)
}

/** Waits a little for a transaction sent earlier; null when it has no receipt (send again). */
async function settleSent(
  deps: PipelineDeps,
  batch: MintBatchRow,
  txHash: Hash,
  depth: number,
): Promise<Outcome | null> {
  // A transaction the node no longer knows (dropped, or lost in a crash of the node) will
  // never be mined: send again at once instead of waiting for it.
  const known = await deps.chain.transactionKnown(txHash)
  const outcome = known
    ? await waitQuietly(deps, txHash, Math.min(deps.settings.receiptTimeoutMs, 15_000))
    : null
  if (outcome?.status === 'success') {
    return markMinted(deps, batch, txHash, outcome.blockNumber, outcome.gasUsed)
  }
  if (outcome?.status === 'reverted' && outcome.errorName !== 'StartIdMismatch') {
    return failBatch(deps, batch, outcome.reason)
  }
  if (outcome?.status === 'reverted' && depth < MAX_DEPTH) return settle(deps, batch, depth + 1)
  return null
}

/** Sends the batch's `mintBatch` transaction and waits for its receipt. */
async function send(deps: PipelineDeps, batch: MintBatchRow, depth: number): Promise<Outcome> {
  const { chain, settings } = deps
  let sent: { txHash: Hash; nonce: number }
  try {
    sent = await chain.sendMintBatch({
      expectedStartId: BigInt(batch.startTokenId),
      quantity: batch.quantity,
      dirDigest: dirDigest(batch.metadataDirCid),
    })
  } catch (err) {
    if (err instanceof ChainRevertError) {
      if (err.errorName === 'StartIdMismatch' && depth < MAX_DEPTH) return settle(deps, batch, depth + 1)
      return failBatch(deps, batch, err.reason)
    }
    throw err
  }
  const recorded = (await markBatchSent(deps.db, batch.id, sent)) ?? batch
  const outcome = await chain.waitForMint(sent.txHash, settings.confirmations, settings.receiptTimeoutMs)
  if (outcome.status === 'success') {
    return markMinted(deps, recorded, sent.txHash, outcome.blockNumber, outcome.gasUsed)
  }
  if (outcome.errorName === 'StartIdMismatch' && depth < MAX_DEPTH) return settle(deps, recorded, depth + 1)
  return failBatch(deps, batch, outcome.reason)
}

async function waitQuietly(deps: PipelineDeps, txHash: Hash, timeoutMs: number) {
  try {
    return await deps.chain.waitForMint(txHash, deps.settings.confirmations, timeoutMs)
  } catch (err) {
    if (err instanceof AdapterError && err.retryable) return null
    throw err
  }
}

async function markMinted(
  deps: PipelineDeps,
  batch: MintBatchRow,
  txHash: Hash | null,
  blockNumber: bigint | null,
  gasUsed: bigint | null,
): Promise<Outcome> {
  const { chain } = deps
  // A mint counts only once a crash of the node can no longer take it back.
  await chain.makeDurable(blockNumber ?? undefined)
  const latencies = await recordMinted(
    deps.db,
    batch.id,
    { chainId: chain.chainId, contractAddress: chain.contractAddress, txHash, blockNumber },
    deps.events,
  )
  deps.logger.info(
    { batch: batch.id, start: batch.startTokenId, quantity: batch.quantity, txHash },
    'batch minted',
  )
  deps.metrics?.batchMinted(latencies, gasUsed)
  return 'minted'
}

/** A definite failure (a revert, or given up): the batch's warranties become FAILED with the reason. */
export async function failBatch(deps: PipelineDeps, batch: MintBatchRow, reason: string): Promise<Outcome> {
  await closeBatch(deps.db, batch.id, reason, { mintStatus: 'FAILED', mintError: reason }, deps.events)
  deps.logger.error({ batch: batch.id, start: batch.startTokenId, reason }, 'batch failed')
  return 'failed'
}

/** The batch cannot be minted at its ids (taken): its warranties go back to pending for a new batch. */
async function requeue(deps: PipelineDeps, batch: MintBatchRow, reason: string): Promise<Outcome> {
  await closeBatch(deps.db, batch.id, reason, { mintStatus: 'PENDING', tokenId: null })
  deps.logger.warn({ batch: batch.id, start: batch.startTokenId, reason }, 'batch requeued')
  return 'requeued'
}

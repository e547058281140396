import type { MintBatchRow } from '../../db/schema/index.js'
import { givenUpBatches } from './minting.repository.js'
import type { PipelineDeps } from './pipeline.js'
import { sameBatch, sameDirectory } from './pipeline.js'
import {
  confirmedBatchesBefore,
  confirmedBatchesFrom,
  recordFoundOnChain,
  reopenLostBatch,
} from './reconciliation.repository.js'

/** How long a given-up batch is still compared with the chain. */
const RECONCILE_WINDOW_MS = 7 * 24 * 3600_000
/** Error prefix of a confirmed batch that the chain no longer holds. */
const LOST = 'lost: '
/** How often a run also re-reads the most recent confirmed batches from the chain (a reorg). */
const DEEP_CHECK_MS = 60_000
/** How many of the most recent confirmed batches that check reads. */
const DEEP_CHECK_BATCHES = 20

/** Batches given up recently enough to be reconciled with the chain, at most `limit`. */
export function reconcilableBatches(deps: PipelineDeps, limit?: number): Promise<MintBatchRow[]> {
  const since = new Date(Date.now() - RECONCILE_WINDOW_MS)
  return givenUpBatches(deps.db, deps.chain.contractAddress, since, limit)
}

/**
 * Reconciliation of recorded batches with the chain, at the start of every run: confirmed
 * batches the chain lost are taken back, given-up batches the chain holds are recorded.
 */
export class Reconciliation {
  /** When the last run compared recent confirmed batches with the chain; 0: not yet since start. */
  private lastDeepCheck = 0

  constructor(private readonly deps: PipelineDeps) {}

  /**
   * Confirmed batches the chain no longer holds: the embedded node restored from an older
   * state, or a reorg deeper than the confirmations on a public chain. Their warranties go back
   * to PENDING (keeping their certificate) and are minted again in a new batch; the lost batch
   * is closed, so its start id is free. Every run checks the cheap sign (a batch at or past the
   * chain's next token id); at start and every minute it also reads the most recent confirmed
   * batches back from the chain.
   */
  async takeBackLost(): Promise<void> {
    const { db, chain, logger } = this.deps
    const next = await chain.nextTokenId()
    const lost = await confirmedBatchesFrom(db, chain.contractAddress, Number(next))
    if (Date.now() - this.lastDeepCheck >= DEEP_CHECK_MS) {
      lost.push(...(await this.lostRecently(Number(next))))
      this.lastDeepCheck = Date.now()
    }
    for (const batch of lost) {
      const reason = `${LOST}the chain no longer holds tokens ${batch.startTokenId}..${batch.startTokenId + batch.quantity - 1} (next token id ${next}): minting them again`
      await reopenLostBatch(db, batch.id, reason)
      logger.warn(
        { batch: batch.id, start: batch.startTokenId, quantity: batch.quantity, txHash: batch.txHash, next },
        'a confirmed batch is no longer on chain: its warranties are pending again and will be minted again',
      )
    }
  }

  /** The most recent confirmed batches before `next` whose record the chain no longer matches. */
  private async lostRecently(next: number): Promise<MintBatchRow[]> {
    const { db, chain } = this.deps
    const recent = await confirmedBatchesBefore(db, chain.contractAddress, next, DEEP_CHECK_BATCHES)
    const lost: MintBatchRow[] = []
    for (const batch of recent) {
      if (!sameBatch(await chain.findBatch(BigInt(batch.startTokenId)), batch)) lost.push(batch)
    }
    return lost
  }

  /**
   * A batch given up after its last attempt may still have been broadcast. If the chain holds
   * it after all, its warranties are MINTED there: record that (instead of minting them again).
   */
  async reconcileGivenUp(): Promise<void> {
    const { chain, pinning, logger } = this.deps
    for (const batch of await reconcilableBatches(this.deps)) {
      const onChain = await chain.findBatch(BigInt(batch.startTokenId))
      if (!sameDirectory(onChain, batch)) continue
      // The directory names each certificate's token id; a warranty's metadata (so its CID)
      // is the same in every batch it was ever put in, which identifies it here.
      const listing = await pinning.ls(batch.metadataDirCid)
      if (!listing) continue
      await recordFoundOnChain(this.deps.db, batch.id, listing.entries, {
        chainId: chain.chainId,
        contractAddress: chain.contractAddress,
        txHash: onChain.txHash,
        blockNumber: onChain.blockNumber,
      })
      logger.warn({ batch: batch.id }, 'a batch given up earlier was found on chain and recorded')
    }
  }
}

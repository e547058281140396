import type { MintBatchRow } from '../../db/schema/index.js'
import type { JobQueue } from '../../jobs/queue.js'
import { StallGuard } from '../../jobs/stall-guard.js'
import { WakeUp } from '../../jobs/wake-up.js'

import { errorText } from '../../lib/async.js'
import { warrantyMint } from '../warranties/index.js'
import { prepareBatch } from './batch-preparation.js'
import { failBatch, settle } from './batch-settlement.js'
import { findMintBatch, GAVE_UP, unfinishedBatches } from './minting.repository.js'
import type { Outcome, PipelineDeps } from './pipeline.js'
import { Reconciliation, reconcilableBatches } from './reconciliation.js'

/** Work due and no run started for this long: the sweep runs the pipeline itself. */
const STALL_MS = 3_000

export const MINT_JOB = 'warranties.mint'

export interface RunResult {
  batches: number
  minted: number
  failed: number
}

/**
 * The minting pipeline: pending warranties are grouped into batches; each batch's metadata
 * is pinned as one IPFS directory (entries named by token id), then minted in one
 * `mintBatch` transaction, confirmed, and recorded on the warranties.
 *
 * Warranty mint states: PENDING → MINTING (in a batch, token id reserved) → MINTED, or FAILED
 * (a definite revert, or the last attempt used up) and back to PENDING through retry-mint.
 * Batch states: PREPARED → SENT → CONFIRMED, or FAILED.
 *
 * Exactly once: the contract mints a batch only at the start id it names, so a re-sent batch
 * reverts instead of minting twice; after a crash, an unfinished batch is settled from the
 * chain's own record of it (`findBatch`), never by blindly minting again.
 */
export class MintingService {
  private readonly reconciliation: Reconciliation

  constructor(
    private readonly deps: PipelineDeps & {
      queue: JobQueue
      /** Runs a minting run alone across every process (a database lock). */
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {
    this.reconciliation = new Reconciliation(deps)
    this.wakeUp = new WakeUp(
      () => this.request(),
      (err) => deps.logger.warn({ err }, 'could not request a minting run'),
    )
    this.stallGuard = new StallGuard({
      name: 'minting',
      logger: deps.logger,
      stallMs: STALL_MS,
      minBackoffMs: 5_000,
      maxBackoffMs: 300_000,
    })
  }

  private readonly wakeUp: WakeUp
  private readonly stallGuard: StallGuard
  private stopping = false

  /** Asks for a minting run; the queue keeps one waiting at most. */
  async request(): Promise<void> {
    await this.deps.queue.send(MINT_JOB, {})
  }

  /**
   * Called after a change that leaves work for the minter commits (an issue, a retry-mint).
   * The PENDING warranty row, written in that change's transaction, is the durable record of
   * the work; this is only a wake-up, coalesced to one request per 100 ms, so that a burst of
   * issues does not contend on the queue. A wake-up lost to a crash is made good by the
   * worker's periodic sweep and by the run every worker asks for when it starts.
   */
  wake(): void {
    this.wakeUp.wake()
  }

  /**
   * Requests a run when anything waits to be minted or settled, or a recently given-up batch
   * may still need reconciling (the worker calls it periodically).
   */
  async sweep(): Promise<void> {
    const pending = await warrantyMint.hasUnmintedWarranty(this.deps.db)
    const givenUp = pending ? [] : await reconcilableBatches(this.deps, 1)
    if (!pending && givenUp.length === 0) return
    await this.request()
    if (!this.stopping) await this.stallGuard.runIfStalled(() => this.run())
  }

  /** The service is stopping: a run ends after the batch in hand, and no wake-up is sent. */
  stop(): void {
    this.stopping = true
    this.wakeUp.stop()
  }

  /**
   * One pipeline run, alone across every process: takes back confirmed batches the chain lost,
   * settles batches left unfinished (a crash, a chain outage), reconciles batches given up
   * earlier, then mints pending warranties batch after batch until none is left (or the
   * service stops). A retryable failure (chain or pinning unreachable) is thrown for the job's
   * backoff.
   */
  async run(options: { lastAttempt?: boolean } = {}): Promise<RunResult> {
    return this.stallGuard.track(() => this.deps.exclusive(() => this.runAlone(options)))
  }

  private async runAlone(options: { lastAttempt?: boolean }): Promise<RunResult> {
    const result: RunResult = { batches: 0, minted: 0, failed: 0 }
    let current: MintBatchRow | null = null
    try {
      await this.reconciliation.takeBackLost()
      await this.reconciliation.reconcileGivenUp()
      for (const batch of await this.unfinishedBatches()) {
        if (this.stopping) return result
        current = batch
        this.count(result, batch, await this.settle(batch))
      }
      let next = this.stopping ? null : await this.prepareBatch()
      while (next) {
        current = next
        // Pipelined: the next batch is selected, pinned and recorded while this one is sent,
        // mined and made durable (it starts where this one ends).
        const upcoming = this.stopping ? Promise.resolve(null) : this.prepareBatch(current)
        // Handled from now on: it may fail (the database gone) while this batch settles, before
        // it is awaited below (where its error counts); unhandled, that would end the process.
        upcoming.catch(() => undefined)
        let outcome: Outcome
        try {
          outcome = await this.settle(current)
        } catch (err) {
          // Left PREPARED if it was recorded: the next run settles it like any unfinished batch.
          await upcoming.catch(() => null)
          throw err
        }
        this.count(result, current, outcome)
        next = await upcoming
        if (this.stopping) break
      }
      return result
    } catch (err) {
      if (options.lastAttempt && current) await this.giveUp(current, err)
      throw err
    }
  }

  /** The last attempt failed with `batch` in hand: fail it if it was never sent as far as we know. */
  private async giveUp(batch: MintBatchRow, err: unknown): Promise<void> {
    // The row, not the object this run started with: settling may have sent it meanwhile.
    const latest = await findMintBatch(this.deps.db, batch.id)
    if (latest && latest.status === 'PREPARED' && !latest.txHash) {
      // Never sent as far as we know: fail it, but remember it may still appear on chain.
      await failBatch(this.deps, latest, `${GAVE_UP}${errorText(err, 500)}`)
    }
  }

  private count(result: RunResult, batch: MintBatchRow, outcome: Outcome): void {
    result.batches++
    if (outcome === 'minted') result.minted += batch.quantity
    if (outcome === 'failed') result.failed += batch.quantity
  }

  /** Batches of the current contract not yet settled, in token id order. */
  async unfinishedBatches(): Promise<MintBatchRow[]> {
    return unfinishedBatches(this.deps.db, this.deps.chain.contractAddress)
  }

  /**
   * Reserves the next token ids for the oldest pending warranties, pins their metadata as
   * one directory and records the batch (PREPARED). Null when nothing is pending. `after`: a
   * batch still on its way (see batch-preparation.ts).
   */
  async prepareBatch(after?: MintBatchRow): Promise<MintBatchRow | null> {
    return prepareBatch(this.deps, after)
  }

  /** Brings one batch to an end: minted, failed, or handed back to pending. */
  async settle(batch: MintBatchRow): Promise<Outcome> {
    return settle(this.deps, batch)
  }
}

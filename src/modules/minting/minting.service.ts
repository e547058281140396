import { and, asc, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm'
import { CID } from 'multiformats/cid'
import type { Logger } from 'pino'
import { AdapterError } from '../../adapters/adapter-error.js'
import { type ChainPort, ChainRevertError } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { Db } from '../../db/client.js'
import {
  globalProducts,
  type MintBatchRow,
  merchantProducts,
  merchants,
  mintBatches,
  warranties,
} from '../../db/schema/index.js'
import type { JobQueue } from '../../jobs/queue.js'
import { errorText } from '../../lib/async.js'
import { encodeMetadata } from './certificate-metadata.js'

export const MINT_JOB = 'warranties.mint'

/** Error prefix of a batch given up after its last attempt: it may still reach the chain. */
const GAVE_UP = 'gave up: '
const RECONCILE_WINDOW_MS = 7 * 24 * 3600_000
/** Error prefix of a confirmed batch that the chain no longer holds. */
const LOST = 'lost: '
/** How often a run also re-reads the most recent confirmed batches from the chain (a reorg). */
const DEEP_CHECK_MS = 60_000
/** How many of the most recent confirmed batches that check reads. */
const DEEP_CHECK_BATCHES = 20

export interface MintingSettings {
  batchSize: number
  /** Salt of the serial-number hash in the public metadata. */
  serialHashSalt: string
  confirmations: number
  /** How long one run waits for a receipt before leaving it to the next attempt. */
  receiptTimeoutMs: number
}

export interface RunResult {
  batches: number
  minted: number
  failed: number
}

type Outcome = 'minted' | 'failed' | 'requeued'

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
  constructor(
    private readonly deps: {
      db: Db
      chain: ChainPort
      pinning: PinningPort
      queue: JobQueue
      logger: Logger
      settings: MintingSettings
      /** Runs a minting run alone across every process (a database lock). */
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {}

  private wakeTimer: NodeJS.Timeout | null = null
  private stopping = false
  /** When the last run compared recent confirmed batches with the chain; 0: not yet since start. */
  private lastDeepCheck = 0

  /** Asks for a minting run; the stately queue keeps one waiting at most. */
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
    if (this.wakeTimer || this.stopping) return
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null
      this.request().catch((err: unknown) =>
        this.deps.logger.warn({ err }, 'could not request a minting run'),
      )
    }, 100)
    this.wakeTimer.unref()
  }

  /**
   * Requests a run when anything waits to be minted or settled, or a recently given-up batch
   * may still need reconciling (the worker calls it periodically).
   */
  async sweep(): Promise<void> {
    const [pending] = await this.deps.db
      .select({ id: warranties.id })
      .from(warranties)
      .where(inArray(warranties.mintStatus, ['PENDING', 'MINTING']))
      .limit(1)
    const [givenUp] = pending ? [] : await this.givenUpBatches().limit(1)
    if (pending || givenUp) await this.request()
  }

  private givenUpBatches() {
    return this.deps.db
      .select()
      .from(mintBatches)
      .where(
        and(
          eq(mintBatches.status, 'FAILED'),
          like(mintBatches.error, `${GAVE_UP}%`),
          eq(mintBatches.contractAddress, this.deps.chain.contractAddress),
          gte(mintBatches.createdAt, new Date(Date.now() - RECONCILE_WINDOW_MS)),
        ),
      )
      .$dynamic()
  }

  /** The service is stopping: a run ends after the batch in hand, and no wake-up is sent. */
  stop(): void {
    this.stopping = true
    if (this.wakeTimer) clearTimeout(this.wakeTimer)
    this.wakeTimer = null
  }

  /**
   * One pipeline run, alone across every process: takes back confirmed batches the chain lost,
   * settles batches left unfinished (a crash, a chain outage), reconciles batches given up
   * earlier, then mints pending warranties batch after batch until none is left (or the
   * service stops). A retryable failure (chain or pinning unreachable) is thrown for the job's
   * backoff.
   */
  async run(options: { lastAttempt?: boolean } = {}): Promise<RunResult> {
    return this.deps.exclusive(() => this.runAlone(options))
  }

  private async runAlone(options: { lastAttempt?: boolean }): Promise<RunResult> {
    const result: RunResult = { batches: 0, minted: 0, failed: 0 }
    let current: MintBatchRow | null = null
    try {
      await this.takeBackLost()
      await this.reconcileGivenUp()
      for (const batch of await this.unfinishedBatches()) {
        if (this.stopping) return result
        current = batch
        this.count(result, batch, await this.settle(batch))
      }
      while (!this.stopping) {
        current = await this.prepareBatch()
        if (!current) break
        this.count(result, current, await this.settle(current))
      }
      return result
    } catch (err) {
      if (options.lastAttempt && current) {
        // The row, not the object this run started with: settling may have sent it meanwhile.
        const [latest] = await this.deps.db.select().from(mintBatches).where(eq(mintBatches.id, current.id))
        if (latest && latest.status === 'PREPARED' && !latest.txHash) {
          // Never sent as far as we know: fail it, but remember it may still appear on chain.
          await this.failBatch(latest, `${GAVE_UP}${errorText(err, 500)}`)
        }
      }
      throw err
    }
  }

  private count(result: RunResult, batch: MintBatchRow, outcome: Outcome): void {
    result.batches++
    if (outcome === 'minted') result.minted += batch.quantity
    if (outcome === 'failed') result.failed += batch.quantity
  }

  async unfinishedBatches(): Promise<MintBatchRow[]> {
    return this.deps.db
      .select()
      .from(mintBatches)
      .where(
        and(
          inArray(mintBatches.status, ['PREPARED', 'SENT']),
          eq(mintBatches.contractAddress, this.deps.chain.contractAddress),
        ),
      )
      .orderBy(asc(mintBatches.startTokenId))
  }

  /**
   * Reserves the next token ids for the oldest pending warranties, pins their metadata as
   * one directory and records the batch (PREPARED). Null when nothing is pending.
   */
  async prepareBatch(): Promise<MintBatchRow | null> {
    const { db, chain, pinning, settings } = this.deps
    const pending = await db
      .select({
        id: warranties.id,
        warrantyCode: warranties.warrantyCode,
        serialNumber: warranties.serialNumber,
        metadataCid: warranties.metadataCid,
        purchaseDate: warranties.purchaseDate,
        expiresAt: warranties.expiresAt,
        createdAt: warranties.createdAt,
        merchantName: merchants.name,
        productTitle: merchantProducts.title,
        brand: globalProducts.brand,
        model: globalProducts.model,
      })
      .from(warranties)
      .innerJoin(merchants, eq(merchants.id, warranties.merchantId))
      .leftJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
      .leftJoin(globalProducts, eq(globalProducts.id, warranties.globalProductId))
      .where(eq(warranties.mintStatus, 'PENDING'))
      .orderBy(asc(warranties.createdAt), asc(warranties.id))
      .limit(Math.min(settings.batchSize, chain.maxBatchSize))
    if (pending.length === 0) return null

    const start = await chain.nextTokenId()
    const files = await mapLimited(pending, PIN_CONCURRENCY, async (w) => {
      // A warranty keeps the certificate it was first batched with (its CID is its identity on
      // IPFS and in reconciliation), even if a name changed since.
      if (w.metadataCid && (await pinning.cat(w.metadataCid))) return { id: w.id, cid: w.metadataCid }
      const bytes = encodeMetadata(
        {
          warrantyCode: w.warrantyCode,
          merchantName: w.merchantName,
          productName: w.productTitle ?? (w.brand ? `${w.brand} ${w.model}` : null),
          serialNumber: w.serialNumber,
          purchaseDate: w.purchaseDate,
          issuedAt: w.createdAt,
          expiresAt: w.expiresAt,
        },
        settings.serialHashSalt,
      )
      return { id: w.id, cid: await pinning.addFile(bytes) }
    })
    const directory = await pinning.addDirectory(
      files.map((f, i) => ({ name: (start + BigInt(i)).toString(), cid: f.cid })),
    )
    await pinning.pin(directory.cid, `warranty-certificates-${start}`)

    return db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(mintBatches)
        .values({
          chainId: chain.chainId,
          contractAddress: chain.contractAddress,
          startTokenId: Number(start),
          quantity: files.length,
          metadataDirCid: directory.cid,
        })
        .returning()
      if (!batch) throw new Error('mint batch not recorded')
      // One statement for the whole batch: the embedded database is one connection, and a
      // transaction of a hundred updates would hold it a hundred round trips long.
      const rows = sql.join(
        files.map((f, i) => sql`(${f.id}::uuid, ${Number(start) + i}::bigint, ${f.cid}::text)`),
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

  /** Brings one batch to an end: minted, failed, or handed back to pending. */
  async settle(batch: MintBatchRow, depth = 0): Promise<Outcome> {
    const { chain, settings } = this.deps
    const start = BigInt(batch.startTokenId)
    const digest = dirDigest(batch.metadataDirCid)

    const onChain = await chain.findBatch(start)
    if (onChain) {
      if (onChain.dirDigest.toLowerCase() === digest && onChain.quantity === batch.quantity) {
        return this.markMinted(
          batch,
          onChain.txHash ?? (batch.txHash as `0x${string}` | null),
          onChain.blockNumber,
        )
      }
      return this.requeue(batch, `token ids from ${start} were minted by another batch`)
    }
    const next = await chain.nextTokenId()
    if (next !== start) return this.requeue(batch, `token id ${start} is no longer the next one (${next})`)

    if (batch.txHash) {
      // A transaction the node no longer knows (dropped, or lost in a crash of the node) will
      // never be mined: send again at once instead of waiting for it.
      const known = await chain.transactionKnown(batch.txHash as `0x${string}`)
      const outcome = known
        ? await this.waitQuietly(batch.txHash as `0x${string}`, Math.min(settings.receiptTimeoutMs, 15_000))
        : null
      if (outcome?.status === 'success')
        return this.markMinted(batch, batch.txHash as `0x${string}`, outcome.blockNumber)
      if (outcome?.status === 'reverted' && outcome.errorName !== 'StartIdMismatch') {
        return this.failBatch(batch, outcome.reason)
      }
      if (outcome?.status === 'reverted' && depth < 2) return this.settle(batch, depth + 1)
      // No receipt: the transaction was dropped or is stuck; sending again is safe (start id).
    }

    let sent: { txHash: `0x${string}`; nonce: number }
    try {
      sent = await chain.sendMintBatch({
        expectedStartId: start,
        quantity: batch.quantity,
        dirDigest: digest,
      })
    } catch (err) {
      if (err instanceof ChainRevertError) {
        if (err.errorName === 'StartIdMismatch' && depth < 2) return this.settle(batch, depth + 1)
        return this.failBatch(batch, err.reason)
      }
      throw err
    }
    const [recorded] = await this.deps.db
      .update(mintBatches)
      .set({
        status: 'SENT',
        txHash: sent.txHash,
        nonce: sent.nonce,
        sentAt: new Date(),
        updatedAt: sql`now()`,
      })
      .where(eq(mintBatches.id, batch.id))
      .returning()
    const outcome = await chain.waitForMint(sent.txHash, settings.confirmations, settings.receiptTimeoutMs)
    if (outcome.status === 'success')
      return this.markMinted(recorded ?? batch, sent.txHash, outcome.blockNumber)
    if (outcome.errorName === 'StartIdMismatch' && depth < 2) return this.settle(recorded ?? batch, depth + 1)
    return this.failBatch(batch, outcome.reason)
  }

  private async waitQuietly(txHash: `0x${string}`, timeoutMs: number) {
    try {
      return await this.deps.chain.waitForMint(txHash, this.deps.settings.confirmations, timeoutMs)
    } catch (err) {
      if (err instanceof AdapterError && err.retryable) return null
      throw err
    }
  }

  private async markMinted(
    batch: MintBatchRow,
    txHash: `0x${string}` | null,
    blockNumber: bigint | null,
  ): Promise<Outcome> {
    const { chain } = this.deps
    // A mint counts only once a crash of the node can no longer take it back.
    await chain.makeDurable(blockNumber ?? undefined)
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(mintBatches)
        .set({
          status: 'CONFIRMED',
          txHash,
          blockNumber: blockNumber === null ? null : Number(blockNumber),
          confirmedAt: new Date(),
          error: null,
          updatedAt: sql`now()`,
        })
        .where(eq(mintBatches.id, batch.id))
      await tx
        .update(warranties)
        .set({
          mintStatus: 'MINTED',
          txHash,
          blockNumber: blockNumber === null ? null : Number(blockNumber),
          chainId: chain.chainId,
          contractAddress: chain.contractAddress,
          mintError: null,
          mintedAt: new Date(),
          updatedAt: sql`now()`,
        })
        .where(eq(warranties.mintBatchId, batch.id))
    })
    this.deps.logger.info(
      { batch: batch.id, start: batch.startTokenId, quantity: batch.quantity, txHash },
      'batch minted',
    )
    return 'minted'
  }

  /** A definite failure (a revert, or given up): the batch's warranties become FAILED with the reason. */
  private async failBatch(batch: MintBatchRow, reason: string): Promise<Outcome> {
    await this.closeBatch(batch, reason, { mintStatus: 'FAILED', mintError: reason })
    this.deps.logger.error({ batch: batch.id, start: batch.startTokenId, reason }, 'batch failed')
    return 'failed'
  }

  /** The batch cannot be minted at its ids (taken): its warranties go back to pending for a new batch. */
  private async requeue(batch: MintBatchRow, reason: string): Promise<Outcome> {
    await this.closeBatch(batch, reason, { mintStatus: 'PENDING', tokenId: null })
    this.deps.logger.warn({ batch: batch.id, start: batch.startTokenId, reason }, 'batch requeued')
    return 'requeued'
  }

  /** Marks the batch FAILED and moves its warranties still MINTING to `next`, in one transaction. */
  private async closeBatch(
    batch: MintBatchRow,
    reason: string,
    next: Pick<typeof warranties.$inferInsert, 'mintStatus' | 'mintError' | 'tokenId'>,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(mintBatches)
        .set({ status: 'FAILED', error: reason, updatedAt: sql`now()` })
        .where(eq(mintBatches.id, batch.id))
      await tx
        .update(warranties)
        .set({ ...next, updatedAt: sql`now()` })
        .where(and(eq(warranties.mintBatchId, batch.id), eq(warranties.mintStatus, 'MINTING')))
    })
  }

  /**
   * Confirmed batches the chain no longer holds: the embedded node restored from an older
   * state, or a reorg deeper than the confirmations on a public chain. Their warranties go back
   * to PENDING (keeping their certificate) and are minted again in a new batch; the lost batch
   * is closed, so its start id is free. Every run checks the cheap sign (a batch at or past the
   * chain's next token id); at start and every minute it also reads the most recent confirmed
   * batches back from the chain.
   */
  private async takeBackLost(): Promise<void> {
    const { db, chain, logger } = this.deps
    const next = await chain.nextTokenId()
    const mine = and(
      eq(mintBatches.status, 'CONFIRMED'),
      eq(mintBatches.contractAddress, chain.contractAddress),
    )
    const lost = await db
      .select()
      .from(mintBatches)
      .where(and(mine, gte(mintBatches.startTokenId, Number(next))))
    if (Date.now() - this.lastDeepCheck >= DEEP_CHECK_MS) {
      const recent = await db
        .select()
        .from(mintBatches)
        .where(and(mine, lt(mintBatches.startTokenId, Number(next))))
        .orderBy(desc(mintBatches.startTokenId))
        .limit(DEEP_CHECK_BATCHES)
      for (const batch of recent) {
        const onChain = await chain.findBatch(BigInt(batch.startTokenId))
        const same =
          onChain?.dirDigest.toLowerCase() === dirDigest(batch.metadataDirCid) &&
          onChain.quantity === batch.quantity
        if (!same) lost.push(batch)
      }
      this.lastDeepCheck = Date.now()
    }
    for (const batch of lost) {
      const reason = `${LOST}the chain no longer holds tokens ${batch.startTokenId}..${batch.startTokenId + batch.quantity - 1} (next token id ${next}): minting them again`
      await db.transaction(async (tx) => {
        await tx
          .update(mintBatches)
          .set({ status: 'FAILED', error: reason, updatedAt: sql`now()` })
          .where(and(eq(mintBatches.id, batch.id), eq(mintBatches.status, 'CONFIRMED')))
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
          .where(and(eq(warranties.mintBatchId, batch.id), eq(warranties.mintStatus, 'MINTED')))
      })
      logger.warn(
        { batch: batch.id, start: batch.startTokenId, quantity: batch.quantity, txHash: batch.txHash, next },
        'a confirmed batch is no longer on chain: its warranties are pending again and will be minted again',
      )
    }
  }

  /**
   * A batch given up after its last attempt may still have been broadcast. If the chain holds
   * it after all, its warranties are MINTED there: record that (instead of minting them again).
   */
  private async reconcileGivenUp(): Promise<void> {
    const candidates = await this.givenUpBatches()
    for (const batch of candidates) {
      const onChain = await this.deps.chain.findBatch(BigInt(batch.startTokenId))
      if (!onChain || onChain.dirDigest.toLowerCase() !== dirDigest(batch.metadataDirCid)) continue
      // The directory names each certificate's token id; a warranty's metadata (so its CID)
      // is the same in every batch it was ever put in, which identifies it here.
      const listing = await this.deps.pinning.ls(batch.metadataDirCid)
      if (!listing) continue
      await this.deps.db.transaction(async (tx) => {
        await tx
          .update(mintBatches)
          .set({ status: 'CONFIRMED', txHash: onChain.txHash, error: null, confirmedAt: new Date() })
          .where(eq(mintBatches.id, batch.id))
        const cids = listing.entries.map((e) => e.cid)
        // Any of them waiting in an unsent batch must leave it before it is sent.
        const holders = await tx
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
        for (const holder of holders) {
          await tx
            .update(mintBatches)
            .set({ status: 'FAILED', error: 'superseded: some of its warranties were found minted' })
            .where(eq(mintBatches.id, holder.id))
          await tx
            .update(warranties)
            .set({ mintStatus: 'PENDING', tokenId: null })
            .where(and(eq(warranties.mintBatchId, holder.id), eq(warranties.mintStatus, 'MINTING')))
        }
        for (const entry of listing.entries) {
          await tx
            .update(warranties)
            .set({
              mintStatus: 'MINTED',
              mintBatchId: batch.id,
              tokenId: Number(entry.name),
              txHash: onChain.txHash,
              blockNumber: onChain.blockNumber === null ? null : Number(onChain.blockNumber),
              chainId: this.deps.chain.chainId,
              contractAddress: this.deps.chain.contractAddress,
              mintError: null,
              mintedAt: new Date(),
            })
            .where(and(eq(warranties.metadataCid, entry.cid), sql`${warranties.mintStatus} <> 'MINTED'`))
        }
      })
      this.deps.logger.warn({ batch: batch.id }, 'a batch given up earlier was found on chain and recorded')
    }
  }
}

/** The 32-byte sha2-256 digest of a CIDv1 as 0x-hex (what the contract stores). */
export function dirDigest(cid: string): `0x${string}` {
  return `0x${Buffer.from(CID.parse(cid).multihash.digest).toString('hex')}`
}

/** Block writes (each fsynced) in flight at once: enough to overlap, few enough to leave libuv's pool to others. */
const PIN_CONCURRENCY = 4

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

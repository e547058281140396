import { CID } from 'multiformats/cid'
import type { Logger } from 'pino'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { Db } from '../../db/client.js'
import type { AnchorBatchRow } from '../../db/schema/index.js'
import { errorText } from '../../lib/async.js'
import { canonicalJson } from '../minting/index.js'
import { leafOf, merkleRoot } from './merkle.js'
import {
  assignToBatch,
  insertBatch,
  openBatches,
  releaseBatch,
  unanchoredEvents,
  updateBatch,
} from './service-history.repository.js'

/** Events per `anchor` transaction. */
export const ANCHOR_BATCH_SIZE = 100

type Pending = Awaited<ReturnType<typeof unanchoredEvents>>[number]

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null)

/**
 * The public file of one service event (canonical JSON: its bytes, CID and leaf are
 * reproducible). No personal data: the warranty code, the token, the kind, the merchant's short
 * description, the dates and the serial's HMAC.
 */
export function eventFile(p: Pending, chain: { chainId: number; contractAddress: string }): Uint8Array {
  const e = p.event
  return new TextEncoder().encode(
    canonicalJson({
      chainId: chain.chainId,
      contract: chain.contractAddress,
      description: e.description,
      eventId: e.id,
      kind: e.kind,
      newExpiresAt: day(e.newExpiresAt),
      newSerialHash: e.newSerialHash,
      recordedAt: e.createdAt.toISOString(),
      tokenId: String(p.tokenId),
      warrantyCode: p.warrantyCode,
    }),
  )
}

const digestOf = (cid: string): `0x${string}` =>
  `0x${Buffer.from(CID.parse(cid).multihash.digest).toString('hex')}`

/**
 * Anchoring: service events are pinned one file each, grouped 100 to a batch whose manifest
 * (the files' CIDs in leaf order) is pinned too, and the batch's Merkle root is anchored by
 * `ServiceHistoryAnchor.anchor(seq, …)`. Exactly once: the contract anchors a batch only at the
 * sequence number it names, and an unfinished batch is settled from the chain's own record
 * (`rootOf(seq)`) before anything is sent again.
 */
export class Anchoring {
  constructor(
    private readonly deps: {
      db: Db
      chain: ChainPort
      pinning: PinningPort
      logger: Logger
      confirmations: number
      receiptTimeoutMs: number
    },
  ) {}

  /**
   * Settles unfinished batches, then anchors what waits, batch after batch. While a batch is
   * still unsettled (its transaction not mined yet) nothing new is prepared: a new batch would
   * take the same sequence number.
   */
  async run(): Promise<number> {
    if (!this.deps.chain.ownership.anchorAddress) return 0
    for (const batch of await openBatches(this.deps.db)) {
      if ((await this.settle(batch)) === 'OPEN') return 0
    }
    let anchored = 0
    for (;;) {
      const pending = await unanchoredEvents(this.deps.db, ANCHOR_BATCH_SIZE)
      if (pending.length === 0) return anchored
      const batch = await this.prepare(pending)
      if ((await this.settle(batch)) !== 'CONFIRMED') return anchored
      anchored += pending.length
    }
  }

  private async prepare(pending: Pending[]): Promise<AnchorBatchRow> {
    const { db, chain, pinning } = this.deps
    const entries: { id: string; cid: string; leaf: `0x${string}`; leafIndex: number }[] = []
    for (const [leafIndex, p] of pending.entries()) {
      const bytes = eventFile(p, chain)
      const cid = await pinning.addFile(bytes)
      await pinning.pin(cid, `service-event-${p.event.id}`)
      entries.push({ id: p.event.id, cid, leaf: leafOf(bytes), leafIndex })
    }
    const seq = Number(await chain.ownership.nextAnchorSeq())
    const manifest = new TextEncoder().encode(canonicalJson({ events: entries.map((e) => e.cid), seq }))
    const manifestCid = await pinning.addFile(manifest)
    await pinning.pin(manifestCid, `service-history-${seq}`)
    const root = merkleRoot(entries.map((e) => e.leaf))
    return db.transaction(async (tx) => {
      const batch = await insertBatch(tx, { seq, root, manifestCid, count: entries.length })
      await assignToBatch(tx, batch.id, entries)
      return batch
    })
  }

  private async send(batch: AnchorBatchRow, seq: bigint): Promise<`0x${string}`> {
    const txHash = await this.deps.chain.ownership.sendAnchor({
      seq,
      root: batch.root as `0x${string}`,
      count: batch.count,
      manifestDigest: digestOf(batch.manifestCid),
    })
    await updateBatch(this.deps.db, batch.id, { status: 'SENT', txHash })
    return txHash
  }

  /** Brings a batch to CONFIRMED (or FAILED, its events released) as the chain says. */
  private async settle(batch: AnchorBatchRow): Promise<'CONFIRMED' | 'FAILED' | 'OPEN'> {
    const { db, chain, logger } = this.deps
    try {
      const seq = BigInt(batch.seq)
      const onChain = await chain.ownership.anchorRoot(seq)
      if (onChain !== null && onChain.toLowerCase() !== batch.root.toLowerCase()) {
        await releaseBatch(db, batch.id, `sequence ${batch.seq} holds another root`)
        return 'FAILED'
      }
      if (onChain === null) {
        if ((await chain.ownership.nextAnchorSeq()) > seq) {
          await releaseBatch(db, batch.id, `sequence ${batch.seq} was passed`)
          return 'FAILED'
        }
        // Sent before and still known to the node (waiting in its pool): wait for it rather
        // than sending a second transaction for the same sequence.
        const waiting =
          batch.txHash !== null && (await chain.ownership.transactionKnown(batch.txHash as `0x${string}`))
        const txHash = waiting ? (batch.txHash as `0x${string}`) : await this.send(batch, seq)
        const receipt = await chain.ownership.receipt(
          txHash,
          this.deps.confirmations,
          this.deps.receiptTimeoutMs,
        )
        if (receipt.status === 'reverted') {
          // Mined and reverted: the next run asks the chain again and sends anew.
          await updateBatch(db, batch.id, { status: 'PREPARED', txHash: null, error: 'anchor reverted' })
          return 'OPEN'
        }
        if (receipt.status !== 'success') return 'OPEN'
        await chain.makeDurable(receipt.blockNumber)
        await updateBatch(db, batch.id, {
          status: 'CONFIRMED',
          blockNumber: Number(receipt.blockNumber),
          error: null,
        })
        return 'CONFIRMED'
      }
      // Anchored already (a crash after the broadcast): the chain state that says so is made
      // durable before the database records it, as on the receipt path.
      await chain.makeDurable()
      await updateBatch(db, batch.id, { status: 'CONFIRMED', error: null })
      return 'CONFIRMED'
    } catch (err) {
      logger.warn({ batch: batch.seq, err: errorText(err) }, 'anchor batch not settled')
      return 'OPEN'
    }
  }
}

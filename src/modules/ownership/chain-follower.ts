import type { Logger } from 'pino'
import { zeroAddress } from 'viem'
import type { CertificateTransferLog, ChainPort } from '../../adapters/chain/index.js'
import type { Db } from '../../db/client.js'
import { certificateHolders } from '../../db/schema/index.js'
import { findWarrantyByToken, moveWarrantyToCustomer } from '../warranties/index.js'
import {
  customerById,
  customerOfAddress,
  findHolder,
  firstMintBlock,
  latestTransfer,
  readCursor,
  recordOwnerChange,
  setHolder,
  updateTransfer,
  writeCursor,
} from './ownership.repository.js'
import { sameAddress } from './transfers.service.js'

const CURSOR = 'certificate-transfers'
/** Blocks per eth_getLogs request (providers cap ranges). */
const WINDOW = 2_000n
/** How far back a reorg sends the follower (deeper than any confirmation depth used). */
const REWIND = 64n

/**
 * Follows the certificate contract's `Transfer` events from the last block it processed, up to
 * the head minus the confirmations. Reorg tolerant: the last processed block's hash is kept, and
 * when the chain no longer has it the follower steps back `REWIND` blocks and reads again; it
 * never trusts an event's `to` alone but asks the chain who holds the token now, so reading a
 * range twice changes nothing. A token that moved to an address a customer proved goes into
 * that customer's wallet; to an address nobody proved, its previous owner loses it.
 */
export class ChainFollower {
  constructor(private readonly deps: { db: Db; chain: ChainPort; logger: Logger; confirmations: number }) {}

  async follow(): Promise<void> {
    const { db, chain } = this.deps
    const head = await chain.headBlock()
    const safe = head - BigInt(this.deps.confirmations - 1)
    const cursor = await readCursor(db, CURSOR)
    let from: bigint
    if (!cursor) {
      // The first run reads from the first mint on (nothing of ours moves before it), not from
      // block 0 of a public chain; with nothing minted yet, from the head on.
      const first = await firstMintBlock(db)
      from = first === null ? (safe > 0n ? safe : 0n) : BigInt(first)
    } else {
      const hash = await chain.ownership.blockHash(BigInt(cursor.blockNumber))
      from = BigInt(cursor.blockNumber) + 1n
      if (hash !== cursor.blockHash) {
        from = from > REWIND ? from - REWIND : 0n
        this.deps.logger.warn(
          { block: cursor.blockNumber, rewindTo: from },
          'chain reorganised: reading again',
        )
        await this.recheckSince(from, safe)
      }
    }
    while (from <= safe) {
      const to = from + WINDOW - 1n < safe ? from + WINDOW - 1n : safe
      const logs = await chain.ownership.transferLogs(from, to)
      // Each moved token once, with its last Transfer of the window (logs come in chain order).
      const last = new Map<bigint, CertificateTransferLog>()
      for (const log of logs) if (log.from !== zeroAddress) last.set(log.tokenId, log)
      for (const [tokenId, log] of last) await this.settle(tokenId, to, log)
      const hash = await chain.ownership.blockHash(to)
      if (hash) await writeCursor(db, CURSOR, Number(to), hash)
      from = to + 1n
    }
  }

  /** After a reorg: every holder recorded from the rewound blocks on is read again. */
  private async recheckSince(from: bigint, at: bigint): Promise<void> {
    const rows = await this.deps.db.select().from(certificateHolders)
    for (const row of rows) if (BigInt(row.blockNumber) >= from) await this.settle(BigInt(row.tokenId), at)
  }

  /**
   * Brings a token's holder (and its warranty's owner) in line with the chain at block `at`;
   * `log`: the token's last Transfer seen, whose transaction is recorded with the change when it
   * went to the holder found (none after a reorg's re-read).
   */
  private async settle(tokenId: bigint, at: bigint, log?: CertificateTransferLog): Promise<void> {
    const { db, chain } = this.deps
    const warranty = await findWarrantyByToken(db, tokenId)
    if (!warranty) return
    const owner = await chain.ownership.ownerAt(tokenId, at)
    const current = await findHolder(db, warranty.id)
    const previous = current?.holder ?? chain.custodian
    if (sameAddress(owner, previous)) return
    const exported = await latestTransfer(db, warranty.id)
    // The token reached the address of an export still under way (or the one just confirmed by
    // the pipeline itself): the export records it. An address exported to long ago and reached
    // again by a later transfer is a change of owner like any other.
    const byExport =
      exported !== null &&
      (exported.status === 'PENDING' || exported.status === 'SENT') &&
      sameAddress(exported.toAddress, owner)
    await db.transaction(async (tx) => {
      await setHolder(tx, {
        warrantyId: warranty.id,
        tokenId: Number(tokenId),
        holder: owner,
        blockNumber: Number(at),
      })
      if (exported?.status === 'CONFIRMED' && sameAddress(owner, chain.custodian)) {
        // A reorg took the export back: the same signed transaction is broadcast again, and
        // the warranty is its exporter's again whatever followed the export.
        await updateTransfer(tx, exported.id, { status: 'SENT', confirmedAt: null, blockNumber: null })
        const exporter = exported.customerId ? await customerById(tx, exported.customerId) : null
        if (exporter && exporter.id !== warranty.customerId)
          await moveWarrantyToCustomer(tx, warranty.id, exporter)
        return
      }
      if (byExport || sameAddress(owner, chain.custodian)) return
      const next = await customerOfAddress(tx, owner)
      if (next?.id !== warranty.customerId) await moveWarrantyToCustomer(tx, warranty.id, next)
      await recordOwnerChange(tx, {
        warrantyId: warranty.id,
        kind: 'CHAIN_TRANSFER',
        fromCustomerId: warranty.customerId,
        toCustomerId: next?.id ?? null,
        fromAddress: previous,
        toAddress: owner,
        txHash: log && sameAddress(log.to, owner) ? log.txHash : null,
      })
    })
    this.deps.logger.info({ tokenId, from: previous, to: owner }, 'certificate moved on chain')
  }
}

import type { Logger } from 'pino'
import { getAddress, isAddress } from 'viem'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { Db } from '../../db/client.js'
import type { CertificateTransferRow } from '../../db/schema/index.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { errorText } from '../../lib/async.js'
import { findWalletWarranty } from '../warranties/index.js'
import {
  cancelOpenOffers,
  customerOfAddress,
  findHolder,
  insertTransfer,
  openTransfers,
  recordOwnerChange,
  setHolder,
  updateTransfer,
} from './ownership.repository.js'

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase())

export interface TransfersDeps {
  db: Db
  chain: ChainPort
  logger: Logger
  /** Blocks a transfer's receipt waits for before it counts. */
  confirmations: number
  /** How long one run waits for a receipt before leaving it to the next run. */
  receiptTimeoutMs: number
}

/**
 * Exports: a certificate moved from the custodial address to an address its customer proved,
 * by `safeTransferFrom`, exactly once. Each transfer is a row (PENDING → SENT → CONFIRMED, or
 * FAILED). The signed transaction is recorded before it is broadcast, and every step first asks
 * the chain who holds the token: a crash anywhere is reconciled from the chain (already at the
 * address: confirmed; still custodial: the same signed bytes are broadcast again, and one nonce
 * can only ever execute once).
 */
export class TransfersService {
  constructor(private readonly deps: TransfersDeps) {}

  /** Asks for the customer's certificate to be moved to one of their linked addresses. */
  async requestExport(
    customerId: string,
    warrantyId: string,
    address: string,
  ): Promise<CertificateTransferRow> {
    const { db, chain } = this.deps
    const warranty = await findWalletWarranty(db, customerId, warrantyId)
    if (!warranty) throw new AppError('not_found', 'No such warranty')
    const owner = await customerOfAddress(db, address)
    if (owner?.id !== customerId) throw new AppError('not_found', 'No such linked address')
    if (warranty.mintStatus !== 'MINTED' || warranty.tokenId === null) {
      throw new AppError('invalid_state', 'The certificate is not minted yet')
    }
    const holder = await findHolder(db, warrantyId)
    if (holder && !sameAddress(holder.holder, chain.custodian)) {
      throw new AppError('invalid_state', 'The certificate is no longer held by the service')
    }
    const tokenId = warranty.tokenId
    try {
      return await db.transaction(async (tx) => {
        // A warranty on its way to a wallet is no longer given by e-mail.
        await cancelOpenOffers(tx, warrantyId)
        // The address as it was proved (EIP-55), not as the request spelled it.
        return insertTransfer(tx, { warrantyId, customerId, tokenId, toAddress: getAddress(owner.address) })
      })
    } catch (err) {
      if (isUniqueViolation(err, 'certificate_transfers_open_unique')) {
        throw new AppError('invalid_state', 'A transfer of this certificate is already under way')
      }
      throw err
    }
  }

  /** Advances every open transfer once; answers how many are still open. */
  async run(): Promise<number> {
    const open = await openTransfers(this.deps.db, 50)
    let left = 0
    for (const transfer of open) {
      try {
        if (!(await this.advance(transfer))) left++
      } catch (err) {
        left++
        this.deps.logger.warn({ transferId: transfer.id, err: errorText(err) }, 'transfer not advanced')
      }
    }
    return left
  }

  /** One step of one transfer; true once it is settled (confirmed or failed). */
  private async advance(t: CertificateTransferRow): Promise<boolean> {
    const { chain } = this.deps
    if (!isAddress(t.toAddress, { strict: false })) {
      // Nothing can ever be sent there: settled now rather than retried for ever.
      await updateTransfer(this.deps.db, t.id, { status: 'FAILED', error: 'the address is not valid' })
      return true
    }
    const tokenId = BigInt(t.tokenId)
    const owner = await chain.ownership.ownerAt(tokenId)
    if (sameAddress(owner, t.toAddress)) return this.confirm(t, null)
    if (!sameAddress(owner, chain.custodian)) {
      await updateTransfer(this.deps.db, t.id, {
        status: 'FAILED',
        error: 'the token left the custodial address by another transaction',
      })
      return true
    }
    let txHash = t.txHash
    let outcome = t.rawTx ? await chain.ownership.broadcast(t.rawTx as `0x${string}`) : 'nonce_used'
    if (outcome === 'nonce_used') {
      // Never signed, or its nonce went to another transaction while the token stayed here.
      const signed = await chain.ownership.signTransfer(tokenId, t.toAddress as `0x${string}`)
      await updateTransfer(this.deps.db, t.id, {
        status: 'SENT',
        rawTx: signed.rawTx,
        txHash: signed.txHash,
        nonce: signed.nonce,
        attempts: t.attempts + 1,
      })
      txHash = signed.txHash
      outcome = await chain.ownership.broadcast(signed.rawTx)
    }
    if (!txHash) return false
    const receipt = await chain.ownership.receipt(
      txHash as `0x${string}`,
      this.deps.confirmations,
      this.deps.receiptTimeoutMs,
    )
    if (receipt.status === 'unknown') return false
    if (receipt.status === 'success') await chain.makeDurable(receipt.blockNumber)
    // The chain decides: the token at the address, or a revert that left it here.
    if (sameAddress(await chain.ownership.ownerAt(tokenId), t.toAddress))
      return this.confirm({ ...t, txHash }, receipt)
    if (receipt.status === 'reverted') {
      await updateTransfer(this.deps.db, t.id, { status: 'FAILED', error: 'safeTransferFrom reverted' })
      return true
    }
    return false
  }

  private async confirm(
    t: CertificateTransferRow,
    receipt: { blockNumber: bigint } | null,
  ): Promise<boolean> {
    const { db, chain } = this.deps
    const blockNumber = Number(receipt?.blockNumber ?? (await chain.headBlock()))
    // Found at the address without a receipt (a crash after the broadcast): the chain state
    // that says so is made durable before the database records it, as on the receipt path.
    if (!receipt) await chain.makeDurable(BigInt(blockNumber))
    await db.transaction(async (tx) => {
      await updateTransfer(tx, t.id, {
        status: 'CONFIRMED',
        blockNumber,
        confirmedAt: new Date(),
        error: null,
      })
      await setHolder(tx, { warrantyId: t.warrantyId, tokenId: t.tokenId, holder: t.toAddress, blockNumber })
      await recordOwnerChange(tx, {
        warrantyId: t.warrantyId,
        kind: 'EXPORT',
        fromCustomerId: t.customerId,
        toCustomerId: t.customerId,
        fromAddress: chain.custodian,
        toAddress: t.toAddress,
        txHash: t.txHash,
      })
    })
    this.deps.logger.info({ transferId: t.id, tokenId: t.tokenId }, 'certificate exported')
    return true
  }
}

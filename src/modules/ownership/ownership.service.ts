import type { Logger } from 'pino'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { errorText } from '../../lib/async.js'
import type { ClaimMailer } from '../claim-links/index.js'
import { findWalletWarranty, findWarrantyById, moveWarrantyToCustomer } from '../warranties/index.js'
import { ChainFollower } from './chain-follower.js'
import {
  customerOfAddress,
  findHolder,
  holdingsOf,
  latestTransfer,
  ownerChangesOf,
  recordOwnerChange,
} from './ownership.repository.js'
import { ResaleService } from './resale.service.js'
import { sameAddress, TransfersService } from './transfers.service.js'
import { WalletLinksService } from './wallet-links.service.js'

export interface OwnershipDeps {
  db: Db
  chain: ChainPort
  logger: Logger
  appUrl: string
  mailer: ClaimMailer
  /** Limits the e-mails a customer can have sent by giving warranties away. */
  limiter: RateLimiter
  confirmations: number
  /** Runs the chain work alone across every process (a database lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
}

/**
 * Certificates the customer truly owns: linked addresses (SIWE), exports to them, the chain's
 * own transfers followed, and resale by e-mail. Every change of owner is recorded.
 */
export class OwnershipService {
  readonly wallets: WalletLinksService
  readonly transfers: TransfersService
  readonly follower: ChainFollower
  readonly resale: ResaleService
  private stopped = false
  /** A sign-in link was used (in its transaction): a warranty given by e-mail changes hands. */
  readonly onLinkUsed = (tx: Tx, link: { customerId: string; warrantyId?: string | null }) =>
    this.resale.onClaimLinkUsed(tx, link)
  /** The warranties a claim link's use would give its customer (a gift's: 1), beyond those already theirs. */
  readonly warrantiesLinkMoves = (db: DbOrTx, link: { customerId: string; warrantyId?: string | null }) =>
    this.resale.warrantiesLinkMoves(db, link)
  /** Whether the warranty is being given by e-mail to this customer (their claim links may be renewed). */
  readonly offerOpen = (tx: Tx, warrantyId: string, customerId: string) =>
    this.resale.offerOpen(tx, warrantyId, customerId)

  constructor(private readonly deps: OwnershipDeps) {
    const { db, chain, logger } = deps
    this.wallets = new WalletLinksService({
      db,
      chain,
      appUrl: deps.appUrl,
      onLinked: (tx, customerId, address) => this.takeHoldings(tx, customerId, address),
    })
    this.transfers = new TransfersService({
      db,
      chain,
      logger,
      confirmations: deps.confirmations,
      receiptTimeoutMs: 30_000,
    })
    this.follower = new ChainFollower({ db, chain, logger, confirmations: deps.confirmations })
    this.resale = new ResaleService({ db, chain, mailer: deps.mailer, limiter: deps.limiter })
  }

  /** Where the warranty's token is, its latest transfer and every change of owner. */
  async ownershipOf(customerId: string, warrantyId: string) {
    const { db } = this.deps
    const warranty = await findWalletWarranty(db, customerId, warrantyId)
    if (!warranty) throw new AppError('not_found', 'No such warranty')
    return this.view(warrantyId)
  }

  async exportTo(customerId: string, warrantyId: string, address: string) {
    await this.transfers.requestExport(customerId, warrantyId, address)
    this.wake()
    return this.view(warrantyId)
  }

  /** Holder and transfer of any warranty (the public verification uses it too). */
  async view(warrantyId: string) {
    const { db, chain } = this.deps
    const [holder, transfer, changes] = await Promise.all([
      findHolder(db, warrantyId),
      latestTransfer(db, warrantyId),
      ownerChangesOf(db, warrantyId),
    ])
    return {
      holder: !holder || sameAddress(holder.holder, chain.custodian) ? 'custodial' : holder.holder,
      transfer: transfer
        ? {
            status: transfer.status,
            toAddress: transfer.toAddress,
            txHash: transfer.status === 'PENDING' ? null : transfer.txHash,
            blockNumber: transfer.blockNumber,
            error: transfer.error,
            requestedAt: transfer.createdAt.toISOString(),
          }
        : null,
      changes: changes.map((c) => ({ kind: c.kind, txHash: c.txHash, at: c.createdAt.toISOString() })),
    }
  }

  /** One pass of the chain work: exports, then the Transfer events. */
  async runOnce(): Promise<void> {
    if (this.stopped) return
    await this.deps.exclusive(async () => {
      await this.transfers.run()
      await this.follower.follow()
    })
  }

  /** Runs a pass soon, in the background (after an export request). */
  wake(): void {
    setTimeout(() => {
      this.runOnce().catch((err: unknown) =>
        this.deps.logger.warn({ err: errorText(err) }, 'ownership run failed'),
      )
    }, 0).unref()
  }

  stop(): void {
    this.stopped = true
  }

  /** An address was just proved: the certificates it already holds come into the customer's wallet. */
  private async takeHoldings(tx: Tx, customerId: string, address: string): Promise<void> {
    const customer = await customerOfAddress(tx, address)
    if (!customer) return
    for (const warrantyId of await holdingsOf(tx, address)) {
      const holder = await findHolder(tx, warrantyId)
      const previous = (await findWarrantyById(tx, warrantyId))?.customerId ?? null
      if (previous === customerId) continue
      await moveWarrantyToCustomer(tx, warrantyId, customer)
      const toAddress = holder?.holder ?? address
      // The transaction that brought the token to the address, as followed on chain (if it was).
      const arrival = (await ownerChangesOf(tx, warrantyId))
        .filter((c) => c.txHash && c.toAddress && sameAddress(c.toAddress, toAddress))
        .at(-1)
      await recordOwnerChange(tx, {
        warrantyId,
        kind: 'CHAIN_TRANSFER',
        fromCustomerId: previous,
        toCustomerId: customerId,
        toAddress,
        txHash: arrival?.txHash ?? null,
      })
    }
  }
}

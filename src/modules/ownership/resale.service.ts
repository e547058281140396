import type { ChainPort } from '../../adapters/chain/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type ClaimMailer, emailClaimLink } from '../claim-links/index.js'
import { findOrCreateCustomer, findUserById } from '../users/index.js'
import { findWalletWarranty, moveWarrantyToCustomer } from '../warranties/index.js'
import { cancelOpenOffers, findHolder, latestTransfer, recordOwnerChange } from './ownership.repository.js'
import {
  hasOpenOffer,
  insertOffer,
  lockOpenOffer,
  lockWarranty,
  openOfferGiver,
  ownerOf,
  setOfferStatus,
} from './resale.repository.js'
import { sameAddress } from './transfers.service.js'

/** Each gift sends an e-mail to an address the customer chooses: 5 per customer per hour. */

/**
 * Resale without a crypto wallet: the owner of a custodial warranty gives it to someone by
 * e-mail. The new owner receives a claim link (the usual claim e-mail); claiming it moves the
 * warranty to them and the previous owner's access ends. A newer offer replaces an open one;
 * an export cancels it; claiming it after the giver lost the warranty moves nothing.
 */
export class ResaleService {
  constructor(
    private readonly deps: { db: Db; chain: ChainPort; mailer: ClaimMailer; limiter: RateLimiter },
  ) {}

  async give(customerId: string, warrantyId: string, email: string) {
    const { db, limiter } = this.deps
    const warranty = await findWalletWarranty(db, customerId, warrantyId)
    if (!warranty) throw new AppError('not_found', 'No such warranty')
    await this.assertGivable(db, warrantyId)
    const me = await findUserById(db, customerId)
    if (me?.email.toLowerCase() === email.toLowerCase()) {
      throw new AppError('invalid_state', 'The warranty is already yours')
    }
    const limit = await limiter.hit(`customer:give:${customerId}`, limiter.limits.give)
    if (!limit.allowed) {
      throw new AppError(
        'too_many_requests',
        'Too many warranties given away, try again later',
        undefined,
        limit.retryAfterSeconds,
      )
    }
    return db.transaction(async (tx) => {
      // The warranty row is locked: a claim of an older offer or a second gift waits here.
      await lockWarranty(tx, warrantyId)
      if ((await ownerOf(tx, warrantyId)) !== customerId) throw new AppError('not_found', 'No such warranty')
      await this.assertGivable(tx, warrantyId)
      const next = await findOrCreateCustomer(tx, email)
      await cancelOpenOffers(tx, warrantyId)
      const offer = await insertOffer(tx, { warrantyId, fromCustomerId: customerId, toCustomerId: next.id })
      await emailClaimLink(
        tx,
        this.deps.mailer,
        { ...warranty, customerEmail: email, customerName: null },
        next.id,
      )
      return { status: 'OPEN' as const, createdAt: (offer?.createdAt ?? new Date()).toISOString() }
    })
  }

  /** Whether the warranty is being given by e-mail to this customer. */
  offerOpen(tx: DbOrTx, warrantyId: string, customerId: string): Promise<boolean> {
    return hasOpenOffer(tx, warrantyId, customerId)
  }

  /**
   * The warranties using this claim link would move into its customer's wallet: 1 when it was
   * e-mailed for an open offer that would complete now (the giver still holds the warranty, and
   * it can be given), else 0. What `validate-claim` adds to the wallet's count, read without
   * locking (`onClaimLinkUsed` decides again when the link is used).
   */
  async warrantiesLinkMoves(
    db: DbOrTx,
    link: { customerId: string; warrantyId?: string | null },
  ): Promise<number> {
    const warrantyId = link.warrantyId
    if (!warrantyId) return 0
    const giver = await openOfferGiver(db, warrantyId, link.customerId)
    if (giver === null || (await ownerOf(db, warrantyId)) !== giver) return 0
    return (await this.givable(db, warrantyId)) ? 1 : 0
  }

  /**
   * A claim link was used (in its transaction): when it was e-mailed for an open offer of this
   * warranty to this customer, the warranty changes hands now, if the giver still holds it at
   * the custodial address with no transfer under way; otherwise the offer is cancelled and the
   * link signs its customer in without moving anything.
   */
  async onClaimLinkUsed(tx: Tx, link: { customerId: string; warrantyId?: string | null }): Promise<void> {
    const warrantyId = link.warrantyId
    if (!warrantyId) return
    await lockWarranty(tx, warrantyId)
    const offer = await lockOpenOffer(tx, warrantyId, link.customerId)
    if (!offer) return
    const user = await findUserById(tx, link.customerId)
    const stillGivable =
      (await ownerOf(tx, warrantyId)) === offer.fromCustomerId && (await this.givable(tx, warrantyId))
    if (!user || !stillGivable) {
      await setOfferStatus(tx, offer.id, 'CANCELLED')
      return
    }
    await moveWarrantyToCustomer(tx, warrantyId, { id: user.id, email: user.email })
    await setOfferStatus(tx, offer.id, 'COMPLETED')
    await recordOwnerChange(tx, {
      warrantyId,
      kind: 'RESALE',
      fromCustomerId: offer.fromCustomerId,
      toCustomerId: user.id,
    })
  }

  /** Null when the certificate can be given by e-mail, else why not. */
  private async refusal(db: DbOrTx, warrantyId: string): Promise<string | null> {
    const holder = await findHolder(db, warrantyId)
    if (holder && !sameAddress(holder.holder, this.deps.chain.custodian)) {
      return 'The certificate is in a wallet of its own: transfer the token instead'
    }
    const transfer = await latestTransfer(db, warrantyId)
    if (transfer && (transfer.status === 'PENDING' || transfer.status === 'SENT')) {
      return 'The certificate is being moved to a wallet'
    }
    return null
  }

  private async givable(db: DbOrTx, warrantyId: string): Promise<boolean> {
    return (await this.refusal(db, warrantyId)) === null
  }

  private async assertGivable(db: DbOrTx, warrantyId: string): Promise<void> {
    const reason = await this.refusal(db, warrantyId)
    if (reason) throw new AppError('invalid_state', reason)
  }
}

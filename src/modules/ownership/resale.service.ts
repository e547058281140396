import { and, eq, sql } from 'drizzle-orm'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { Db, Tx } from '../../db/client.js'
import { resaleOffers } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { findOrCreateCustomer, findUserById } from '../users/index.js'
import {
  type ClaimMailer,
  emailClaimLink,
  findWalletWarranty,
  moveWarrantyToCustomer,
} from '../warranties/index.js'
import { findHolder, latestTransfer, recordOwnerChange } from './ownership.repository.js'
import { sameAddress } from './transfers.service.js'

/**
 * Resale without a crypto wallet: the owner of a custodial warranty gives it to someone by
 * e-mail. The new owner receives a claim link (the usual claim e-mail); claiming it moves the
 * warranty to them and the previous owner's access ends. A newer offer replaces an open one.
 */
export class ResaleService {
  constructor(private readonly deps: { db: Db; chain: ChainPort; mailer: ClaimMailer }) {}

  async give(customerId: string, warrantyId: string, email: string) {
    const { db, chain } = this.deps
    const warranty = await findWalletWarranty(db, customerId, warrantyId)
    if (!warranty) throw new AppError('not_found', 'No such warranty')
    const holder = await findHolder(db, warrantyId)
    if (holder && !sameAddress(holder.holder, chain.custodian)) {
      throw new AppError(
        'invalid_state',
        'The certificate is in a wallet of its own: transfer the token instead',
      )
    }
    const transfer = await latestTransfer(db, warrantyId)
    if (transfer && (transfer.status === 'PENDING' || transfer.status === 'SENT')) {
      throw new AppError('invalid_state', 'The certificate is being moved to a wallet')
    }
    const me = await findUserById(db, customerId)
    if (me?.email.toLowerCase() === email.toLowerCase()) {
      throw new AppError('invalid_state', 'The warranty is already yours')
    }
    return db.transaction(async (tx) => {
      const next = await findOrCreateCustomer(tx, email, null)
      await tx
        .update(resaleOffers)
        .set({ status: 'CANCELLED', updatedAt: sql`now()` })
        .where(and(eq(resaleOffers.warrantyId, warrantyId), eq(resaleOffers.status, 'OPEN')))
      const [offer] = await tx
        .insert(resaleOffers)
        .values({ warrantyId, fromCustomerId: customerId, toCustomerId: next.id })
        .returning()
      await emailClaimLink(
        tx,
        this.deps.mailer,
        { ...warranty, customerEmail: email, customerName: null },
        next.id,
      )
      return { status: 'OPEN' as const, createdAt: (offer?.createdAt ?? new Date()).toISOString() }
    })
  }

  /**
   * A claim link was used (in its transaction): when it was e-mailed for an open offer of this
   * warranty to this customer, the warranty changes hands now.
   */
  async onClaimLinkUsed(tx: Tx, link: { customerId: string; warrantyId?: string | null }): Promise<void> {
    if (!link.warrantyId) return
    const [offer] = await tx
      .select()
      .from(resaleOffers)
      .where(
        and(
          eq(resaleOffers.warrantyId, link.warrantyId),
          eq(resaleOffers.toCustomerId, link.customerId),
          eq(resaleOffers.status, 'OPEN'),
        ),
      )
      .for('update')
    if (!offer) return
    const user = await findUserById(tx, link.customerId)
    if (!user) return
    await moveWarrantyToCustomer(tx, link.warrantyId, { id: user.id, email: user.email })
    await tx
      .update(resaleOffers)
      .set({ status: 'COMPLETED', completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(resaleOffers.id, offer.id))
    await recordOwnerChange(tx, {
      warrantyId: link.warrantyId,
      kind: 'RESALE',
      fromCustomerId: offer.fromCustomerId,
      toCustomerId: user.id,
    })
  }
}

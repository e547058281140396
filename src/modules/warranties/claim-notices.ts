import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type ClaimMailer, emailClaimLink, reissueClaimLink } from '../claim-links/index.js'
import { findOrCreateCustomer } from '../users/index.js'
import { emailQuotaExceeded, takeEmailQuota } from './email-quota.repository.js'
import { findWarranty, setWarrantyCustomer } from './warranties.repository.js'
import { toWarrantyResponse, type WarrantyWithNotificationResponse } from './warranty-response.js'
import type { WarrantyView } from './warranty-view.js'

export const warrantyNotFound = () => new AppError('not_found', 'No such warranty')

/** Claim notices: the e-mail that carries a customer's claim link, at issue and on resend. */
export class ClaimNotices {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      /** QUOTA_MERCHANT_EMAILS_PER_DAY: claim e-mails a merchant may cause per UTC day. */
      emailsPerDay: number
    } & ClaimMailer,
  ) {}

  /** Takes up to `wanted` claim e-mails from the merchant's daily quota; answers how many it got. */
  reserve(tx: Tx, merchantId: string, wanted: number): Promise<number> {
    return takeEmailQuota(tx, merchantId, wanted, this.deps.emailsPerDay)
  }

  /** Creates a claim link for the customer and queues its e-mail, in the caller's transaction. */
  email(tx: Tx, warranty: WarrantyView, customerId: string): Promise<void> {
    return emailClaimLink(tx, this.deps, warranty, customerId)
  }

  /**
   * E-mails a fresh claim link; the links e-mailed before for this warranty stop working
   * (they read as expired). Limited per warranty. A warranty without a customer e-mail: 409.
   */
  async resend(merchantId: string, id: string): Promise<WarrantyWithNotificationResponse> {
    const { db, limiter } = this.deps
    const existing = await findWarranty(db, merchantId, id)
    if (!existing) throw warrantyNotFound()
    if (!existing.customerEmail) {
      throw new AppError('invalid_state', 'No notification can be sent for this warranty')
    }
    const limit = await limiter.hit(`warranty:resend:${id}`, limiter.limits.resendNotification)
    if (!limit.allowed) {
      throw new AppError(
        'too_many_requests',
        'Too many notifications for this warranty, try again later',
        undefined,
        limit.retryAfterSeconds,
      )
    }
    return db.transaction(async (tx) => {
      const warranty = await findWarranty(tx, merchantId, id)
      if (!warranty?.customerEmail) throw warrantyNotFound()
      if ((await this.reserve(tx, merchantId, 1)) < 1) throw emailQuotaExceeded()
      const customer = await findOrCreateCustomer(tx, warranty.customerEmail)
      if (warranty.customerId !== customer.id) await setWarrantyCustomer(tx, id, customer)
      await reissueClaimLink(tx, this.deps, warranty, customer.id)
      const updated = await findWarranty(tx, merchantId, id)
      if (!updated) throw warrantyNotFound()
      return { ...toWarrantyResponse(updated), notification: 'queued' as const }
    })
  }
}

import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { MailOutbox } from '../mail/index.js'
import { findOrCreateCustomer } from '../users/index.js'
import { createClaimLink, expireOpenClaimLinks } from './claim-links.repository.js'
import { emailQuotaExceeded, takeEmailQuota } from './email-quota.repository.js'
import { findWarranty, setWarrantyCustomer } from './warranties.repository.js'
import { toWarrantyResponse, type WarrantyWithNotificationResponse } from './warranty-response.js'
import { productName, type WarrantyView } from './warranty-view.js'

/** The template of the e-mail carrying a claim link (at issue, on either resend). */
export const CLAIM_EMAIL_TEMPLATE = 'warranty.notification'

export const warrantyNotFound = () => new AppError('not_found', 'No such warranty')

/** What e-mailing a claim link needs: the outbox and the app's address the link points to. */
export interface ClaimMailer {
  mailOutbox: MailOutbox
  appUrl: string
}

/**
 * Creates a claim link for the customer and queues its e-mail (`warranty.notification`, link
 * `{APP_URL}/claim?claimId=…`) in the caller's transaction. Nothing for a warranty without a
 * customer e-mail.
 */
export async function emailClaimLink(
  tx: Tx,
  mailer: ClaimMailer,
  warranty: WarrantyView,
  customerId: string,
): Promise<void> {
  if (!warranty.customerEmail) return
  const { claimId } = await createClaimLink(tx, {
    customerId,
    merchantId: warranty.merchantId,
    warrantyId: warranty.id,
  })
  await mailer.mailOutbox.enqueue(tx, {
    to: warranty.customerEmail,
    content: {
      template: CLAIM_EMAIL_TEMPLATE,
      data: {
        merchantName: warranty.merchantName,
        productName: productName(warranty),
        serialNumber: warranty.serialNumber,
        warrantyCode: warranty.warrantyCode,
        expiresAt: warranty.expiresAt,
        claimUrl: `${mailer.appUrl}/claim?claimId=${claimId}`,
        customerName: warranty.customerName,
      },
    },
    about: { type: 'warranty', id: warranty.id },
  })
}

/**
 * E-mails a fresh claim link for a warranty to `customerId`; the links e-mailed before to that
 * customer for it stop working (they read as expired). The merchant's resend and the
 * customer's resend-link both end here.
 */
export async function reissueClaimLink(
  tx: Tx,
  mailer: ClaimMailer,
  warranty: WarrantyView,
  customerId: string,
): Promise<void> {
  await expireOpenClaimLinks(tx, warranty.id, customerId)
  await emailClaimLink(tx, mailer, warranty, customerId)
}

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

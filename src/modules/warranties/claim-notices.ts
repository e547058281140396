import type { Logger } from 'pino'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import {
  createClaimLink,
  expireOpenClaimLinks,
  findOrCreateCustomer,
  isStaffEmail,
} from '../customers/index.js'
import type { MailOutbox } from '../mail/index.js'
import { findWarranty, setWarrantyCustomer } from './warranties.repository.js'
import { toWarrantyResponse, type WarrantyWithNotificationResponse } from './warranty-response.js'
import { productName, type WarrantyView } from './warranty-view.js'

/** Claim-link resends per warranty. */
export const RESEND_NOTIFICATION_LIMIT: RateLimitRule = { limit: 3, windowMs: 15 * 60_000 }

export const warrantyNotFound = () => new AppError('not_found', 'No such warranty')

/**
 * The one answer of a resend when no claim link can be e-mailed: no customer e-mail, or one
 * that belongs to a staff account. The two are not told apart (a staff account may be another
 * merchant's user: its existence is not the caller's to learn).
 */
const noNotification = () => new AppError('invalid_state', 'No notification can be sent for this warranty')

/** Claim notices: the e-mail that carries a customer's claim link, at issue and on resend. */
export class ClaimNotices {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      logger: Logger
      appUrl: string
      mailOutbox: MailOutbox
    },
  ) {}

  /** Creates a claim link for the customer and queues its e-mail, in the caller's transaction. */
  async email(tx: Tx, warranty: WarrantyView, customerId: string): Promise<void> {
    if (!warranty.customerEmail) return
    const { claimId } = await createClaimLink(tx, {
      customerId,
      merchantId: warranty.merchantId,
      warrantyId: warranty.id,
    })
    await this.deps.mailOutbox.enqueue(tx, {
      to: warranty.customerEmail,
      content: {
        template: 'warranty.notification',
        data: {
          merchantName: warranty.merchantName,
          productName: productName(warranty),
          serialNumber: warranty.serialNumber,
          warrantyCode: warranty.warrantyCode,
          expiresAt: warranty.expiresAt,
          claimUrl: `${this.deps.appUrl}/claim?claimId=${claimId}`,
          customerName: warranty.customerName,
        },
      },
      about: { type: 'warranty', id: warranty.id },
    })
  }

  /**
   * E-mails a fresh claim link; the links e-mailed before for this warranty stop working
   * (they read as expired). Limited per warranty.
   */
  async resend(merchantId: string, id: string): Promise<WarrantyWithNotificationResponse> {
    const { db, limiter } = this.deps
    const existing = await findWarranty(db, merchantId, id)
    if (!existing) throw warrantyNotFound()
    if (!existing.customerEmail) throw noNotification()
    if (await isStaffEmail(db, existing.customerEmail)) {
      this.logStaffEmail(merchantId, id, 'resend')
      throw noNotification()
    }
    const limit = await limiter.hit(`warranty:resend:${id}`, RESEND_NOTIFICATION_LIMIT)
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
      const customer = await findOrCreateCustomer(tx, warranty.customerEmail, warranty.customerName)
      if (customer.kind !== 'customer') {
        // Became a staff address since the check above.
        this.logStaffEmail(merchantId, id, 'resend')
        throw noNotification()
      }
      if (warranty.customerId !== customer.id) await setWarrantyCustomer(tx, id, customer.id)
      await expireOpenClaimLinks(tx, id)
      await this.email(tx, warranty, customer.id)
      const updated = await findWarranty(tx, merchantId, id)
      if (!updated) throw warrantyNotFound()
      return { ...toWarrantyResponse(updated), notification: 'queued' as const }
    })
  }

  /**
   * The real reason behind a `none` or a refused resend, for operators only: the answer does
   * not tell it, and the line holds no e-mail address.
   */
  logStaffEmail(merchantId: string, warrantyId: string, operation: 'issue' | 'resend'): void {
    this.deps.logger.info(
      { merchantId, warrantyId, operation },
      'no claim link e-mailed: the customer e-mail belongs to a staff account',
    )
  }
}

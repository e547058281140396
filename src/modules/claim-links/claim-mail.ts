import type { Tx } from '../../db/client.js'
import type { WarrantyRow } from '../../db/schema/index.js'
import { type ProductNames, productName } from '../../lib/product-name.js'
import type { MailOutbox } from '../mail/index.js'
import { createClaimLink, expireOpenClaimLinks } from './claim-links.repository.js'

/** The template of the e-mail carrying a claim link (at issue, on either resend, on a gift). */
export const CLAIM_EMAIL_TEMPLATE = 'warranty.notification'

/** What e-mailing a claim link needs: the outbox and the app's address the link points to. */
export interface ClaimMailer {
  mailOutbox: MailOutbox
  appUrl: string
}

/** The warranty a claim e-mail is about, as the e-mail shows it (a warranty view has it all). */
export type ClaimedWarranty = Pick<
  WarrantyRow,
  'id' | 'merchantId' | 'customerEmail' | 'customerName' | 'serialNumber' | 'warrantyCode' | 'expiresAt'
> &
  ProductNames & { merchantName: string }

/**
 * Creates a claim link for the customer and queues its e-mail (`warranty.notification`, link
 * `{APP_URL}/claim?claimId=…`) in the caller's transaction. Nothing for a warranty without a
 * customer e-mail.
 */
export async function emailClaimLink(
  tx: Tx,
  mailer: ClaimMailer,
  warranty: ClaimedWarranty,
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
  warranty: ClaimedWarranty,
  customerId: string,
): Promise<void> {
  await expireOpenClaimLinks(tx, warranty.id, customerId)
  await emailClaimLink(tx, mailer, warranty, customerId)
}

import type { Tx } from '../../db/client.js'
import type { ProductRegistrationRow } from '../../db/schema/index.js'
import { type MailOutbox, registrationHeadline } from '../mail/index.js'
import { updateReceipt } from '../receipts/index.js'
import { type IssueActor, moveWarrantyToCustomer, type WarrantiesService } from '../warranties/index.js'
import { addMonths, defaultSettings } from './registration-rules.js'
import { type RegistrationProduct, updateRegistration } from './registrations.repository.js'

/** What a registration's outcome uses: the warranties' issuing and the mail outbox. */
export interface OutcomeDeps {
  appUrl: string
  mail: MailOutbox
  warranties: Pick<WarrantiesService, 'issueOneInTransaction'>
}

/** The merchant user deciding on a registration (null: the merchant's rule). */
export interface Decider {
  merchantId: string
  userId: string
  merchantName: string | null
}

/**
 * Issues the registration's warranty in `tx` through the warranties' issuing (minted like any
 * other), owned by the buyer at once, the receipt linked to it; the registration APPROVED.
 */
export async function issueRegistration(
  deps: OutcomeDeps,
  tx: Tx,
  row: ProductRegistrationRow,
  product: RegistrationProduct,
  customer: { id: string; email: string } | null,
  decider: Decider | null,
): Promise<ProductRegistrationRow> {
  const settings =
    product.settings ??
    defaultSettings(product.merchantProductId, product.merchantId, product.warrantyDurationMonths)
  const actor: IssueActor = {
    merchantId: product.merchantId,
    userId: decider?.userId ?? null,
    merchantName: product.merchantName,
  }
  const fromRegistration = settings.coverageStart === 'REGISTRATION_DATE'
  const warranty = await deps.warranties.issueOneInTransaction(tx, actor, {
    serialNumber: row.serialNumber,
    merchantProductId: product.merchantProductId,
    purchaseDate: row.purchaseDate.toISOString(),
    warrantyDurationMonths: settings.coverageMonths,
    ...(fromRegistration ? { expiresAt: addMonths(new Date(), settings.coverageMonths).toISOString() } : {}),
  })
  if (customer) {
    await moveWarrantyToCustomer(tx, warranty.id, customer)
    if (row.receiptId) await updateReceipt(tx, customer.id, row.receiptId, { warrantyId: warranty.id })
  }
  return updateRegistration(tx, row.id, {
    status: 'APPROVED',
    warrantyId: warranty.id,
    autoApproved: decider === null,
    decidedBy: decider?.userId ?? null,
    decidedAt: new Date(),
    reviewReason: decider === null ? null : row.reviewReason,
  })
}

/** The buyer's e-mail about the registration's state, in the change's transaction. */
export async function notifyBuyer(
  deps: OutcomeDeps,
  tx: Tx,
  row: ProductRegistrationRow,
  productName: string,
  to: string | null,
): Promise<void> {
  if (!to) return
  // Said in the buyer's language by the template (the outbox reads it from the profile).
  const headline = registrationHeadline(row.status, productName)
  await deps.mail.enqueue(tx, {
    to,
    content: {
      template: 'registration.notice',
      data: {
        headline,
        status: row.status,
        detail: row.status === 'REFUSED' ? row.refusalReason : null,
        productName,
        url: `${deps.appUrl.replace(/\/+$/, '')}/register?registration=${row.id}`,
      },
    },
    about: { type: 'registration', id: row.id },
  })
}

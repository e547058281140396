import type { Static } from 'typebox'
import type { WarrantyRow } from '../../db/schema/index.js'
import type { MailDelivery } from '../mail/index.js'
import type { IssueBody, Warranty, WarrantyDetail, WarrantyWithNotification } from './warranties.schemas.js'
import { type ProductNames, warrantyStatus } from './warranty-view.js'

export type IssueInput = Static<typeof IssueBody>
export type WarrantyResponse = Static<typeof Warranty>
export type WarrantyWithNotificationResponse = Static<typeof WarrantyWithNotification>
export type NotificationOutcome = WarrantyWithNotificationResponse['notification']
export type WarrantyDetailResponse = Static<typeof WarrantyDetail>

/** The merchant's single read: the warranty and where its latest claim e-mail stands. */
export function toWarrantyDetail(
  warranty: WarrantyResponse,
  delivery: MailDelivery | null,
): WarrantyDetailResponse {
  return {
    ...warranty,
    notificationDelivery: delivery && {
      status: delivery.status,
      attempts: delivery.attempts,
      sentAt: iso(delivery.sentAt),
      updatedAt: delivery.updatedAt.toISOString(),
    },
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A warranty as every route answers it: status derived from expiresAt, the mint as recorded. */
export function toWarrantyResponse(row: WarrantyRow & ProductNames, now = new Date()): WarrantyResponse {
  const hasProduct = row.merchantProductId !== null || row.globalProductId !== null
  return {
    id: row.id,
    warrantyCode: row.warrantyCode,
    serialNumber: row.serialNumber,
    status: warrantyStatus(row.expiresAt, now),
    merchantId: row.merchantId,
    merchantProductId: row.merchantProductId,
    globalProductId: row.globalProductId,
    product: hasProduct
      ? { title: row.productTitle, brand: row.productBrand, model: row.productModel }
      : null,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    locationId: row.locationId,
    invoiceNumber: row.invoiceNumber,
    purchasePrice: row.purchasePrice,
    purchaseDate: iso(row.purchaseDate),
    warrantyDurationMonths: row.warrantyDurationMonths,
    expiresAt: row.expiresAt.toISOString(),
    claimed: row.claimedAt !== null,
    claimedAt: iso(row.claimedAt),
    mint: {
      status: row.mintStatus,
      attempts: row.mintAttempts,
      tokenId: row.tokenId === null ? null : String(row.tokenId),
      txHash: row.txHash,
      chainId: row.chainId,
      contractAddress: row.contractAddress,
      metadataCid: row.metadataCid,
      error: row.mintError,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

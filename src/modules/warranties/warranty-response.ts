import { createHash } from 'node:crypto'
import type { Static } from 'typebox'
import type { WarrantyView } from './warranties.repository.js'
import type { IssueBody, Warranty, WarrantyWithNotification } from './warranties.schemas.js'

export type IssueInput = Static<typeof IssueBody>
export type WarrantyResponse = Static<typeof Warranty>
export type WarrantyWithNotificationResponse = Static<typeof WarrantyWithNotification>
export type NotificationOutcome = WarrantyWithNotificationResponse['notification']

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A warranty as every route answers it: status derived from expiresAt, the mint as recorded. */
export function toWarrantyResponse(row: WarrantyView, now = new Date()): WarrantyResponse {
  const hasProduct = row.merchantProductId !== null || row.globalProductId !== null
  return {
    id: row.id,
    warrantyCode: row.warrantyCode,
    serialNumber: row.serialNumber,
    status: row.expiresAt > now ? 'ACTIVE' : 'EXPIRED',
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

/** SHA-256 of the body with its keys sorted: the same fields and values in any order hash alike. */
export function requestHash(body: IssueInput): string {
  const entries = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex')
}

/** What the warranty notification names as the product: the merchant's title, else brand and model. */
export function productName(row: WarrantyView): string | null {
  if (row.productTitle) return row.productTitle
  if (row.productBrand && row.productModel) return `${row.productBrand} ${row.productModel}`
  return null
}

import type { Static } from 'typebox'
import type {
  ProductRegistrationRow,
  ReceiptOcrData,
  ReceiptOcrStatus,
  RegistrationSettingsRow,
} from '../../db/schema/index.js'
import type { RegistrationViewRow } from './registration-views.repository.js'
import type { Registration, ReviewReason } from './registrations.schemas.js'

const DAY_MS = 86_400_000

/** The settings of a product that has none yet: registration off, the product's duration. */
export function defaultSettings(merchantProductId: string, merchantId: string, months: number | null) {
  return {
    merchantProductId,
    merchantId,
    enabled: false,
    coverageMonths: months ?? 12,
    coverageStart: 'PURCHASE_DATE' as const,
    autoApproveMaxAgeDays: null,
    requireKnownSerial: false,
  }
}

/** A `YYYY-MM-DD` day as the UTC midnight it starts at; null when it is no real day. */
export function dayOf(text: string | null | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null
  const date = new Date(`${text}T00:00:00.000Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date
}

/**
 * The merchant's rule (docs/digital-link.md#the-rule): null when the warranty may be issued at
 * once, else why the registration waits for review. Issued at once only when the rule is set,
 * OCR read a date on the receipt, the buyer kept that date, and it is at most N days old.
 */
export function reviewReasonOf(
  settings: Pick<RegistrationSettingsRow, 'autoApproveMaxAgeDays'>,
  receipt: { ocrStatus: ReceiptOcrStatus; ocrData: ReceiptOcrData | null },
  purchaseDay: string,
  now: Date,
): ReviewReason | null {
  const maxAge = settings.autoApproveMaxAgeDays
  if (maxAge === null) return 'manual_review'
  const read = receipt.ocrStatus === 'DONE' ? dayOf(receipt.ocrData?.date) : null
  if (!read) return 'receipt_date_unreadable'
  if (read.toISOString().slice(0, 10) !== purchaseDay) return 'purchase_date_corrected'
  if (now.getTime() - read.getTime() > (maxAge + 1) * DAY_MS) return 'receipt_too_old'
  return null
}

/** `months` after `from` (the same day of the month, UTC; clipped to the month's end). */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, last))
  return date
}

export type RegistrationView = Static<typeof Registration>

export function toRegistrationView(row: RegistrationViewRow, gtin: string | null): RegistrationView {
  const r: ProductRegistrationRow = row.registration
  return {
    id: r.id,
    status: r.status,
    reviewReason: (r.reviewReason as ReviewReason | null) ?? null,
    refusalReason: r.refusalReason,
    autoApproved: r.autoApproved,
    gtin,
    serialNumber: r.serialNumber,
    productId: r.merchantProductId,
    productTitle: row.productTitle,
    merchantName: row.merchantName,
    customerEmail: row.customerEmail,
    receiptId: r.receiptId,
    purchaseDate: r.purchaseDate.toISOString().slice(0, 10),
    shop: r.shop,
    warrantyId: r.warrantyId,
    warrantyCode: row.warrantyCode,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

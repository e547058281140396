import type { ReceiptOcrData } from '../../db/schema/index.js'
import type { EditReceiptInput } from './receipts.schemas.js'

/**
 * The stored data with the customer's changes (`PATCH /v1/customer/receipts/{id}`): a field
 * not sent stays, a text sent empty (once trimmed) is removed, `items` replaces the list (items
 * without a name dropped); the raw text OCR read is kept.
 */
export function editedOcrData(current: ReceiptOcrData | null, changes: EditReceiptInput): ReceiptOcrData {
  const text = (change: string | undefined, was: string | undefined) =>
    change === undefined ? was : change.trim() || undefined
  const merchant = text(changes.merchant, current?.merchant)
  const date = text(changes.date, current?.date)
  const total = text(changes.total, current?.total)
  const items =
    changes.items === undefined
      ? current?.items
      : changes.items
          .filter((item) => item.name.trim())
          .map((item) => ({
            name: item.name.trim(),
            ...(item.price?.trim() ? { price: item.price.trim() } : {}),
          }))
  return {
    ...(merchant !== undefined ? { merchant } : {}),
    ...(date !== undefined ? { date } : {}),
    ...(total !== undefined ? { total } : {}),
    ...(current?.rawText !== undefined ? { rawText: current.rawText } : {}),
    ...(items !== undefined ? { items } : {}),
  }
}

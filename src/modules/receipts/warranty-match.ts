import type { DbOrTx } from '../../db/client.js'
import type { ReceiptOcrData } from '../../db/schema/index.js'
import { productName, type WarrantyView } from '../warranties/index.js'
import { claimedWarrantiesBetween } from './warranty-match.repository.js'

/**
 * Receipt → warranty: a receipt is offered as a warranty's proof of purchase when its extracted
 * merchant is the warranty's merchant, its date is within MATCH_DAYS of the purchase date (or of
 * the issue, when the warranty has none), and one of its items resembles the product. The
 * customer confirms; nothing is linked silently.
 */
export const MATCH_DAYS = 3

/** Words that say nothing about which merchant or product it is. */
const NOISE = new Set(
  'the and of for with inc ltd llc gmbh ag sa bv plc co corp company store shop shops online com www'.split(
    ' ',
  ),
)

/** Lower-case words of letters and digits, accents dropped, noise removed. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !NOISE.has(w))
}

/** The same merchant: the same words, or every word of one in the other ("ACME" ~ "Acme Store Ltd"). */
export function sameMerchant(a: string, b: string): boolean {
  const x = new Set(words(a))
  const y = new Set(words(b))
  if (x.size === 0 || y.size === 0) return false
  const [small, large] = x.size <= y.size ? [x, y] : [y, x]
  return [...small].every((w) => large.has(w))
}

/** Two words alike: equal, or one a prefix (of at least 4 letters) of the other, as receipts abbreviate. */
const alike = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)))

/** An item line resembles the product: a telling word (3+ characters) of the product appears in it. */
export function resembles(item: string, product: string): boolean {
  const itemWords = words(item)
  return words(product)
    .filter((w) => w.length >= 3)
    .some((p) => itemWords.some((i) => alike(i, p)))
}

/** The receipt's date when it reads as one (ISO YYYY-MM-DD, or DD.MM.YYYY / DD/MM/YYYY). */
export function receiptDate(text: string | undefined): Date | null {
  if (!text) return null
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim())
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text.trim())
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : []
  if (!y || !m || !d) return null
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : date
}

const DAY_MS = 86_400_000

/** The customer's claimed warranties bought (or issued) within MATCH_DAYS of `date`. */
function candidates(db: DbOrTx, customerId: string, date: Date): Promise<WarrantyView[]> {
  return claimedWarrantiesBetween(
    db,
    customerId,
    new Date(date.getTime() - MATCH_DAYS * DAY_MS),
    new Date(date.getTime() + (MATCH_DAYS + 1) * DAY_MS),
  )
}

/** The warranty this receipt seems to prove, or null; the closest purchase date wins a tie. */
export async function suggestWarranty(
  db: DbOrTx,
  customerId: string,
  data: ReceiptOcrData | null | undefined,
): Promise<string | null> {
  const date = receiptDate(data?.date)
  const merchant = data?.merchant
  const items = (data?.items ?? []).map((i) => i.name)
  if (!date || !merchant || items.length === 0) return null
  const found = (await candidates(db, customerId, date)).filter((w) => {
    const product = [productName(w), w.productBrand, w.productModel].filter(Boolean).join(' ')
    return sameMerchant(merchant, w.merchantName) && items.some((item) => resembles(item, product))
  })
  const distance = (w: WarrantyView) => Math.abs((w.purchaseDate ?? w.createdAt).getTime() - date.getTime())
  found.sort((a, b) => distance(a) - distance(b))
  return found[0]?.id ?? null
}

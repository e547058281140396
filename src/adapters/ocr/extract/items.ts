/** The items of a receipt: its priced lines between the header and the first total. */
import type { ReceiptItem } from '../port.js'
import type { CandidateLine } from './candidates.js'
import { findDates } from './dates.js'
import { BILL_TO, COLUMN_HEADER, HEADER_NOISE, isAddress, labelKey, trimNonWord } from './lines.js'

/** A classified line (receipt-extract.ts) with its label: the text before its first amount. */
export interface ItemLine extends CandidateLine {
  label: string
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length
const lastAmount = (line: ItemLine) => line.amounts.at(-1)

export interface PickedItem extends ReceiptItem {
  ocr: number
}

export const QTY_LINE = /^(\d{1,3}(?:[.,]\d{1,3})?)\s?(?:x|×|@|\*|pcs?|stk|st\.?)\s?/i
const QTY_SUFFIX = /\s(?:x|×|qty:?)\s?(\d{1,3})$/i
const QTY_COLUMN = /\s(\d{1,3})$/
/** An invoice's quantity column before the name (`3  HEX BOLT`, `2 Caesar Salad`). */
const QTY_FIRST = /^(\d{1,3})\s+(?=\p{L}{2})/u
/** An article number or barcode printed before the name. */
const ARTICLE_CODE = /^\d{5,14}\s+(?=\p{L})/u
/**
 * `2 @ 3.49 EA`, `3 x 1,99`, `2 Stk x 1,99`, `0,532 kg x 2,49 EUR/kg`, `1,99 x 2`: a quantity
 * (or weight) and a unit price, printed above or under its item; never part of a name.
 */
export const QTY_DETAIL =
  /^(?:\d{1,3}(?:[.,]\d{1,3})?\s?(?:(?:stk|st|pcs?|pc|ea|kg|g|lbs?|l)\.?\s?)?[@x×*]\s?[$€£]?\s?\d|\d{1,4}[.,]\d{2}\s?[x×*]\s?\d{1,3}(?![\d.,]))/i
/** A detail line's count and unit price (`2 x 1,99`, `2 Stk x 1,99`, `1,99 x 2`); null for a weight. */
function detailOf(text: string): { quantity: number; unit: number } | null {
  const countFirst =
    /^(\d{1,3})\s?(?:(?:stk|st|pcs?|pc|ea)\.?\s?)?[@x×*]\s?[$€£]?\s?(\d{1,4})[.,](\d{2})(?!\d)/i.exec(text)
  if (countFirst)
    return { quantity: Number(countFirst[1]), unit: Number(`${countFirst[2]}.${countFirst[3]}`) }
  const unitFirst = /^(\d{1,4})[.,](\d{2})\s?[x×*]\s?(\d{1,3})(?![\d.,])/i.exec(text)
  if (unitFirst) return { quantity: Number(unitFirst[3]), unit: Number(`${unitFirst[1]}.${unitFirst[2]}`) }
  return null
}
const timesUnit = (detail: { quantity: number; unit: number } | null, price: number) =>
  detail !== null && detail.quantity > 1 && Math.abs(detail.quantity * detail.unit - price) < 0.015
/** A price whose decimal point OCR lost (`35 80`, `4056 T`), at the end of an item's line. */
const LOST_POINT = /\s(\d{1,4})\s?(\d{2})(?:\s[A-Z])?\s*$/
const upper = (s: string) => letters(s) >= 3 && !/\p{Ll}/u.test(s)

/**
 * Among the items, a line with letters and a last number that reads as a price without its
 * point is the item line OCR made it into text: read with the point back, at lower confidence.
 */
function lostPoint(line: ItemLine): ItemLine | null {
  if (line.amounts.length > 0) return null
  const m = LOST_POINT.exec(line.text)
  if (!m) return null
  const label = line.text.slice(0, m.index).trim()
  if (letters(label) < 2) return null
  const value = Number(`${m[1]}.${m[2]}`)
  const amount = { value, start: m.index, end: line.text.length, currency: null }
  return {
    ...line,
    label,
    key: labelKey(label),
    amounts: [amount],
    kind: 'item',
    confidence: line.confidence * 0.8,
  }
}

function cleanName(name: string): string {
  return trimNonWord(name.replace(/(?<=\p{L})0|\b0(?=\p{Ll}{2})/gu, 'o'), /[)%]/)
    .replace(/\s+/g, ' ')
    .trim()
}

export function pickItems(lines: ItemLine[]): PickedItem[] {
  const items: PickedItem[] = []
  const sized = lines.some((l) => l.size !== 1)
  let pending: ItemLine[] = []
  let started = false
  let afterItem = false
  /** A `2 x 1,99` line just read, whose item may come next (printed above it). */
  let detailAbove: { quantity: number; unit: number } | null = null
  for (const read of lines) {
    // Items end where the totals start (a due date's "due" before them does not count).
    if ((read.kind === 'subtotal' || read.kind === 'total') && (items.length > 0 || started)) break
    const line: ItemLine = (started && read.kind === 'text' && lostPoint(read)) || read
    const modifier: boolean = afterItem && line.kind === 'text' && /^[^\p{L}\d]*\p{Ll}/u.test(line.text)
    const wasAfterItem = afterItem
    afterItem = false
    if (modifier || (line.kind === 'text' && QTY_DETAIL.test(line.text.replace(/^[^\p{L}\d]+/u, '')))) {
      // "no onions" under a dish, "2 @ 3.49 EA" under an item or "2 x 1,99" above one: notes on
      // an item, not the start of the next one. The count goes to the item whose price it makes.
      const detail = modifier ? null : detailOf(line.text.replace(/^[^\p{L}\d]+/u, ''))
      const last = items.at(-1)
      if (wasAfterItem && last && last.quantity === null && timesUnit(detail, last.price))
        last.quantity = detail!.quantity
      else detailAbove = detail
      pending = []
      afterItem = modifier
      continue
    }
    const detail = detailAbove
    detailAbove = null
    if (line.kind === 'text') {
      const meta =
        HEADER_NOISE.test(line.key) || isAddress(line.text) || findDates(line.text, 'DMY').length > 0
      if (COLUMN_HEADER.test(line.key) && letters(line.text) > 5 && !/\d/.test(line.text)) {
        started = true
        pending = []
      } else if (meta || letters(line.text) < 2 || BILL_TO.test(line.key)) pending = []
      else pending = [...pending.slice(-1), line]
      continue
    }
    if (line.kind !== 'item' && line.kind !== 'discount') {
      pending = []
      continue
    }
    const { name: label, quantity, measured } = quantityOf(line)
    // "2 x 1.50  3.00" (or "0,532 kg x 2,49  1,32") under a name line: the name is the line
    // above. Before the first item, a body-sized capital line right above a capital item line is
    // the name's first half.
    const bareQuantity = (quantity !== null || measured) && letters(label) < 2
    const above = pending.at(-1)
    const firstHalf =
      sized &&
      above !== undefined &&
      above.index === line.index - 1 &&
      above.size <= 1.2 &&
      upper(above.text) &&
      upper(label)
    const joinAbove = pending.length > 0 && (bareQuantity || started || firstHalf || /^\p{Ll}/u.test(label))
    let name = cleanName(label)
    if (joinAbove) name = cleanName([...pending.map((p) => p.text), name].join(' '))
    pending = []
    if (letters(name) < 2) continue
    const last = lastAmount(line)!
    const price = line.kind === 'discount' ? -Math.abs(last.value) : last.value
    const counted = quantity ?? (timesUnit(detail, price) ? detail!.quantity : null)
    items.push({ name, price, quantity: counted, ocr: line.confidence })
    started = true
    afterItem = true
  }
  return items
}

/** A weight or volume and its `x` before a unit price: `0,532 kg x`, `1.25 lb @`. */
const MEASURE = /^\d{1,3}(?:[.,]\d{1,3})?\s?(?:kg|g|lbs?|l)\.?\s?(?:[x×@*]\s?)?$/i

/**
 * An item line's name and quantity: `2 x Name`, `2 Name`, `Name x 2`, a Qty column; codes
 * dropped. `measured`: the label is only a weight (`0,532 kg x`), the name is elsewhere.
 */
function quantityOf(line: ItemLine): { name: string; quantity: number | null; measured: boolean } {
  let label = line.label.replace(/^[^\p{L}\d]+/u, '').replace(ARTICLE_CODE, '')
  if (MEASURE.test(label)) return { name: '', quantity: null, measured: true }
  const text = line.text.replace(/^[^\p{L}\d]+/u, '')
  // `1,99 x 2  3,98`: the count after the unit price, the name on the line above.
  if (letters(label) < 2 && QTY_DETAIL.test(text))
    return { name: '', quantity: detailOf(text)?.quantity ?? null, measured: true }
  let quantity: number | null = null
  const qtyOnly = QTY_LINE.exec(label)
  const qtyFirst = qtyOnly ? null : QTY_FIRST.exec(label)
  if (qtyOnly) {
    quantity = Number(qtyOnly[1]!.replace(',', '.'))
    label = label.slice(qtyOnly[0].length)
  } else if (qtyFirst) {
    quantity = Number(qtyFirst[1])
    label = label.slice(qtyFirst[0].length)
  } else {
    const suffix = QTY_SUFFIX.exec(label) ?? (line.amounts.length >= 2 ? QTY_COLUMN.exec(label) : null)
    if (suffix) {
      quantity = Number(suffix[1])
      label = label.slice(0, suffix.index)
    }
  }
  if (quantity !== null && (!Number.isFinite(quantity) || quantity <= 0 || quantity > 999)) quantity = null
  return { name: label, quantity, measured: false }
}

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
/** `2 @ 3.49 EA`, `3 x 1,99`: a quantity and unit price, never part of a name. */
const QTY_DETAIL = /^\d{1,3}(?:[.,]\d{1,3})?\s?[@x×*]\s?\d/i
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
  for (const read of lines) {
    // Items end where the totals start (a due date's "due" before them does not count).
    if ((read.kind === 'subtotal' || read.kind === 'total') && (items.length > 0 || started)) break
    const line: ItemLine = (started && read.kind === 'text' && lostPoint(read)) || read
    const modifier: boolean = afterItem && line.kind === 'text' && /^[^\p{L}\d]*\p{Ll}/u.test(line.text)
    afterItem = false
    if (modifier || (line.kind === 'text' && QTY_DETAIL.test(line.text))) {
      // "no onions" under a dish, "2 @ 3.49 EA" under an item: notes on the item above, not
      // the start of the next one.
      pending = []
      afterItem = modifier
      continue
    }
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
    const { name: label, quantity } = quantityOf(line)
    // "2 x 1.50  3.00" under a name line: the name is the line above. Before the first item, a
    // body-sized capital line right above a capital item line is the name's first half.
    const bareQuantity = quantity !== null && letters(label) < 2
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
    items.push({ name, price, quantity, ocr: line.confidence })
    started = true
    afterItem = true
  }
  return items
}

/** An item line's name and quantity: `2 x Name`, `2 Name`, `Name x 2`, a Qty column; codes dropped. */
function quantityOf(line: ItemLine): { name: string; quantity: number | null } {
  let label = line.label.replace(/^[^\p{L}\d]+/u, '').replace(ARTICLE_CODE, '')
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
  return { name: label, quantity }
}

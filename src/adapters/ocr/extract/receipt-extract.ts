import type { ReceiptConfidence, ReceiptItem } from '../port.js'
import { pickMerchant, pickTotal } from './candidates.js'
import { dateOrderFor, findDates } from './dates.js'
import { pickItems, QTY_DETAIL, QTY_LINE } from './items.js'
import {
  BILL_TO,
  DATE_LABEL,
  DISCOUNT,
  labelKey,
  lastDigit,
  NOT_DATE_LABEL,
  NOT_TOTAL,
  PAYMENT,
  SUBTOTAL,
  TAX,
  TIP,
  TOTAL,
} from './lines.js'
import { type Amount, detectCurrency, findAmounts, findWholeAmounts, ZERO_DECIMAL } from './money.js'

/** A line of OCR output with the recogniser's confidence in it (0..1) and its height (pixels). */
export interface TextLine {
  text: string
  confidence: number
  height?: number
}

export interface ExtractedReceipt {
  merchant: string | null
  date: string | null
  total: number | null
  currency: string | null
  items: ReceiptItem[]
  confidence: ReceiptConfidence
}

type Kind = 'total' | 'subtotal' | 'tax' | 'tip' | 'payment' | 'info' | 'discount' | 'item' | 'text'

interface Line {
  index: number
  text: string
  label: string
  key: string
  amounts: Amount[]
  confidence: number
  /** Height over the page's median line height; 1 when unknown. */
  size: number
  kind: Kind
}

const round2 = (n: number) => Math.round(n * 100) / 100
const clamp01 = (n: number) => Math.max(0, Math.min(1, Math.round(n * 100) / 100))
const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length

/**
 * What extraction looks at: a receipt's line is short (the widest invoice row is ~150
 * characters) and a receipt has a few hundred lines at most. Longer lines are cut and further
 * lines dropped, so that the time is bounded whatever the text (a PDF's text layer can be one
 * line of megabytes); every pattern here is linear as well (test/unit/linear-time.test.ts).
 */
export const MAX_LINE_CHARS = 400
export const MAX_LINES = 2000

/**
 * Reads the fields of a receipt from its text: pure, no I/O. `lines` carries per-line OCR
 * confidences when the engine gives them; plain text is read with a neutral confidence.
 */
export function extractReceipt(input: string | TextLine[]): ExtractedReceipt {
  const given: TextLine[] =
    typeof input === 'string'
      ? input.split('\n', MAX_LINES).map((text) => ({ text, confidence: 0.9 }))
      : input.slice(0, MAX_LINES)
  const raw = given.map((l) =>
    l.text.length > MAX_LINE_CHARS ? { ...l, text: l.text.slice(0, MAX_LINE_CHARS) } : l,
  )
  const text = raw.map((l) => l.text).join('\n')
  const currency = detectCurrency(text)
  const wholeUnits = currency.code !== null && ZERO_DECIMAL.has(currency.code)
  const lines = classify(raw, wholeUnits)

  const items = pickItems(lines)
  const stop = lines.findIndex((l) => l.amounts.length > 0 || BILL_TO.test(l.key))
  const merchant = pickMerchant(lines, stop)
  const date = pickDate(lines, dateOrderFor(text, currency.code))

  const itemSum = round2(items.reduce((s, i) => s + i.price, 0))
  const sumOf = (kind: Kind) =>
    round2(lines.filter((l) => l.kind === kind).reduce((s, l) => s + (lastAmount(l)?.value ?? 0), 0))
  const tax = sumOf('tax')
  const tip = sumOf('tip')
  const rounding = round2(
    lines.filter((l) => /\bround/.test(l.key)).reduce((s, l) => s + (lastAmount(l)?.value ?? 0), 0),
  )
  const subtotal = lines.find((l) => l.kind === 'subtotal')
  const subtotalValue = subtotal ? lastAmount(subtotal)?.value : undefined
  const bases = [
    ...(items.length > 0 ? [itemSum] : []),
    ...(subtotalValue !== undefined ? [subtotalValue] : []),
  ]
  const sums = bases.flatMap((b) =>
    [b, b + tax, b + tip, b + tax + tip].flatMap((s) => [round2(s), round2(s + rounding)]),
  )
  const total = pickTotal(lines, sums)
  const consistent =
    total.value !== null && items.length > 0 && sums.some((s) => Math.abs(s - total.value!) < 0.015)

  let totalConfidence = total.confidence
  if (total.value !== null)
    totalConfidence = consistent ? Math.max(totalConfidence, 0.97) : totalConfidence * 0.85
  let itemsConfidence = 0
  if (items.length > 0) {
    const ocr = items.reduce((s, i) => s + i.ocr, 0) / items.length
    itemsConfidence = consistent ? 0.9 * ocr + 0.1 : 0.55 * ocr
  }
  return {
    merchant: merchant.value,
    date: date.value,
    total: total.value,
    currency: currency.code,
    items: items.map(({ name, price, quantity }) => ({ name, price, quantity })),
    confidence: {
      merchant: clamp01(merchant.confidence),
      date: clamp01(date.confidence),
      total: clamp01(totalConfidence),
      currency: clamp01(currency.confidence),
      items: clamp01(itemsConfidence),
    },
  }
}

/** The median height of the lines that have one (the body text's, on a receipt). */
function medianHeight(raw: TextLine[]): number {
  const heights = raw.flatMap((l) => (l.height && l.height > 0 && l.text.trim() ? [l.height] : []))
  if (heights.length < 3) return 0
  heights.sort((a, b) => a - b)
  return heights[Math.floor(heights.length / 2)]!
}

/** Amounts in a line, dates and times masked out (04.02.2023, 15:44 are not amounts). */
function amountsOf(text: string, wholeUnits: boolean): Amount[] {
  let masked = text.replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, (t) => ' '.repeat(t.length))
  for (const d of findDates(masked, 'DMY')) {
    const end = lastDigit(masked.slice(d.start))
    masked = masked.slice(0, d.start) + ' '.repeat(Math.max(0, end + 1)) + masked.slice(d.start + end + 1)
  }
  let amounts = findAmounts(masked)
  if (wholeUnits && amounts.length === 0)
    amounts = findWholeAmounts(text).filter((a) => Math.abs(a.value) >= 10)
  return amounts
}

/** What a line with amounts is, from its label (the text before its first amount). */
function kindOf(text: string, label: string, key: string, amounts: Amount[]): Kind {
  if (amounts.length === 0) return 'text'
  if (SUBTOTAL.test(key)) return 'subtotal'
  if (TIP.test(key)) return 'tip'
  if (TOTAL.test(key) && !NOT_TOTAL.test(key)) return 'total'
  if (TAX.test(key))
    return /\bincl|\binkl|\benth|\bdont\b|\bincluid|\binclus|\bincl\.?/.test(key) ? 'info' : 'tax'
  if (DISCOUNT.test(key) && !/total|you\ssaved/.test(key)) return 'discount'
  if (PAYMENT.test(key) || NOT_TOTAL.test(key)) return 'payment'
  if (amounts.at(-1)!.value < 0) return 'discount'
  // `2 Stk x 1,99`, `0,532 kg x 2,49 EUR/kg`: a count or weight and its unit price, a note on
  // an item rather than one; with the line's price after it, the item named above (pickItems).
  if (QTY_DETAIL.test(text.replace(/^[^\p{L}\d]+/u, ''))) return amounts.length >= 2 ? 'item' : 'text'
  if (letters(label) >= 2 || (QTY_LINE.test(label) && amounts.length >= 2)) return 'item'
  return 'text'
}

/** A price and nothing else but a tax letter, a star or a currency (`3,98 A`, `12.50 *`, `4,99 €`). */
function priceOnly(text: string, amounts: Amount[]): boolean {
  if (amounts.length !== 1) return false
  const a = amounts[0]!
  const rest = `${text.slice(0, a.start)} ${text.slice(a.end)}`.trim()
  return /^(?:[A-Z]\s?\*?|\*|€|EUR|[$£])?$/.test(rest)
}

/** Labels whose amount may be printed on the line under them (`TOTAL` then `12,50 EUR`). */
const LABEL_OF_AMOUNT = (key: string) =>
  SUBTOTAL.test(key) ||
  TOTAL.test(key) ||
  TAX.test(key) ||
  TIP.test(key) ||
  PAYMENT.test(key) ||
  DISCOUNT.test(key)

function classify(raw: TextLine[], wholeUnits: boolean): Line[] {
  const out: Line[] = []
  const median = medianHeight(raw)
  let priced = false
  for (const [index, r] of raw.entries()) {
    const text = r.text.replace(/\s+/g, ' ').trim()
    if (!text) continue
    const amounts = amountsOf(text, wholeUnits)
    // An amount counts at the end of the line (receipts right-align prices).
    const first = amounts[0]
    const label = (first ? text.slice(0, first.start) : text).trim()
    const key = labelKey(label)
    const size = median > 0 && r.height ? r.height / median : 1
    const above = out.at(-1)
    // A price alone on the line under a name or a label without one (a long name wrapped, a
    // total printed under its word): the two are one line. Not in the header, where a name
    // is the shop's (unless it says total, tax or payment).
    if (
      above &&
      above.index === index - 1 &&
      above.amounts.length === 0 &&
      letters(above.text) >= 2 &&
      priceOnly(text, amounts) &&
      !QTY_DETAIL.test(above.text) &&
      findDates(above.text, 'DMY').length === 0 &&
      (priced || out.length >= 4 || LABEL_OF_AMOUNT(above.key))
    ) {
      const joined = `${above.text} ${text}`
      const shift = above.text.length + 1
      const moved = amounts.map((a) => ({ ...a, start: a.start + shift, end: a.end + shift }))
      above.text = joined
      above.amounts = moved
      above.kind = kindOf(joined, above.label, above.key, moved)
      above.confidence = Math.min(above.confidence, r.confidence)
      priced = true
      continue
    }
    if (amounts.length > 0) priced = true
    const kind = kindOf(text, label, key, amounts)
    out.push({ index, text, label, key, amounts, confidence: r.confidence, size, kind })
  }
  return out
}

const lastAmount = (line: Line): Amount | undefined => line.amounts.at(-1)

function pickDate(lines: Line[], order: 'MDY' | 'DMY'): { value: string | null; confidence: number } {
  let best: { value: string; score: number; certainty: number; ocr: number } | null = null
  const seen = new Set<string>()
  for (const line of lines) {
    const found = findDates(line.text, order, true)
    if (found.length === 0) continue
    const key = labelKey(line.text)
    const labelled = DATE_LABEL.test(key)
    const excluded = NOT_DATE_LABEL.test(key)
    for (const d of found) {
      seen.add(d.iso)
      // A repaired date loses to one read as printed, unless only it is labelled.
      const score = (labelled ? 2 : 0) - (excluded ? 3 : 0) - (d.repaired ? 1 : 0) - line.index * 0.01
      if (!best || score > best.score)
        best = { value: d.iso, score, certainty: d.certainty, ocr: line.confidence }
    }
  }
  if (!best) return { value: null, confidence: 0 }
  const alone = seen.size === 1 ? 1 : best.score >= 1 ? 0.9 : 0.7
  return { value: best.value, confidence: best.certainty * best.ocr * alone * (best.score < -1 ? 0.5 : 1) }
}

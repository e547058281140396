import type { ReceiptConfidence, ReceiptItem } from '../port.js'
import { dateOrderFor, findDates } from './dates.js'
import {
  BILL_TO,
  COLUMN_HEADER,
  DATE_LABEL,
  DISCOUNT,
  HEADER_NOISE,
  isAddress,
  labelKey,
  lastDigit,
  NOT_DATE_LABEL,
  NOT_TOTAL,
  PAID,
  PAYMENT,
  SUBTOTAL,
  TAX,
  TIP,
  TOTAL,
  trimNonWord,
} from './lines.js'
import { type Amount, detectCurrency, findAmounts, findWholeAmounts, ZERO_DECIMAL } from './money.js'

/** A line of OCR output with the recogniser's confidence in it (0..1). */
export interface TextLine {
  text: string
  confidence: number
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

  const total = pickTotal(lines)
  const items = pickItems(lines)
  const merchant = pickMerchant(lines)
  const date = pickDate(lines, dateOrderFor(text, currency.code))

  const itemSum = round2(items.reduce((s, i) => s + i.price, 0))
  const tax = round2(
    lines.filter((l) => l.kind === 'tax').reduce((s, l) => s + (lastAmount(l)?.value ?? 0), 0),
  )
  const tip = round2(
    lines.filter((l) => l.kind === 'tip').reduce((s, l) => s + (lastAmount(l)?.value ?? 0), 0),
  )
  const subtotal = lines.find((l) => l.kind === 'subtotal')
  const subtotalValue = subtotal ? lastAmount(subtotal)?.value : undefined
  const close = (a: number, b: number) => Math.abs(a - b) < 0.015
  const adds = (t: number) =>
    [itemSum, itemSum + tax, itemSum + tip, itemSum + tax + tip].some((s) => close(s, t)) ||
    (subtotalValue !== undefined &&
      [subtotalValue + tax, subtotalValue + tax + tip, subtotalValue + tip].some((s) => close(s, t)))
  const consistent = total.value !== null && items.length > 0 && adds(total.value)

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

function classify(raw: TextLine[], wholeUnits: boolean): Line[] {
  const out: Line[] = []
  for (const [index, r] of raw.entries()) {
    const text = r.text.replace(/\s+/g, ' ').trim()
    if (!text) continue
    // Dates and times are not amounts (04.02.2023, 15:44).
    let masked = text.replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, (t) => ' '.repeat(t.length))
    for (const d of findDates(masked, 'DMY')) {
      const end = lastDigit(masked.slice(d.start))
      masked = masked.slice(0, d.start) + ' '.repeat(Math.max(0, end + 1)) + masked.slice(d.start + end + 1)
    }
    let amounts = findAmounts(masked)
    if (wholeUnits && amounts.length === 0)
      amounts = findWholeAmounts(text).filter((a) => Math.abs(a.value) >= 10)
    // An amount counts at the end of the line (receipts right-align prices).
    const first = amounts[0]
    const label = (first ? text.slice(0, first.start) : text).trim()
    const key = labelKey(label)
    let kind: Kind = 'text'
    if (amounts.length > 0) {
      if (SUBTOTAL.test(key)) kind = 'subtotal'
      else if (TIP.test(key)) kind = 'tip'
      else if (TOTAL.test(key) && !NOT_TOTAL.test(key)) kind = 'total'
      else if (TAX.test(key))
        kind = /\bincl|\binkl|\benth|\bdont\b|\bincluid|\binclus|\bincl\.?/.test(key) ? 'info' : 'tax'
      else if (DISCOUNT.test(key) && !/total|you\ssaved/.test(key)) kind = 'discount'
      else if (PAYMENT.test(key) || NOT_TOTAL.test(key)) kind = 'payment'
      else if (amounts.at(-1)!.value < 0) kind = 'discount'
      else if (letters(label) >= 2 || (QTY_LINE.test(label) && amounts.length >= 2)) kind = 'item'
    }
    out.push({ index, text, label, key, amounts, confidence: r.confidence, kind })
  }
  return out
}

const lastAmount = (line: Line): Amount | undefined => line.amounts.at(-1)

function pickTotal(lines: Line[]): { value: number | null; confidence: number } {
  const totals = lines.filter((l) => l.kind === 'total' && (lastAmount(l)?.value ?? 0) > 0)
  if (totals.length > 0) {
    // The amount paid is the largest total-labelled figure: a total after a tip exceeds the
    // one before, and change or tendered cash are not labelled as totals.
    const best = totals.reduce((a, b) => {
      const va = lastAmount(a)!.value
      const vb = lastAmount(b)!.value
      if (vb > va + 0.001) return b
      if (Math.abs(vb - va) <= 0.001 && PAID.test(b.key) && !PAID.test(a.key)) return b
      return a
    })
    const agree = totals.filter(
      (t) => Math.abs(lastAmount(t)!.value - lastAmount(best)!.value) < 0.001,
    ).length
    const base = PAID.test(best.key) || agree > 1 ? 0.85 : 0.75
    return { value: lastAmount(best)!.value, confidence: base * best.confidence }
  }
  // No line says "total": the largest amount that is not a payment, change or tax, as a guess.
  const candidates = lines.filter((l) => !['payment', 'info', 'tax', 'tip'].includes(l.kind) && lastAmount(l))
  if (candidates.length === 0) return { value: null, confidence: 0 }
  const largest = Math.max(...candidates.map((l) => lastAmount(l)!.value))
  return largest > 0 ? { value: largest, confidence: 0.3 } : { value: null, confidence: 0 }
}

interface PickedItem extends ReceiptItem {
  ocr: number
}

const QTY_LINE = /^(\d{1,3}(?:[.,]\d{1,3})?)\s?(?:x|×|@|\*|pcs?|stk|st\.?)\s?/i
const QTY_SUFFIX = /\s(?:x|×|qty:?)\s?(\d{1,3})$/i
const QTY_COLUMN = /\s(\d{1,3})$/

function cleanName(name: string): string {
  return trimNonWord(name.replace(/(?<=\p{L})0|\b0(?=\p{Ll}{2})/gu, 'o'), /[)%]/)
    .replace(/\s+/g, ' ')
    .trim()
}

function pickItems(lines: Line[]): PickedItem[] {
  const items: PickedItem[] = []
  let pending: Line[] = []
  let started = false
  for (const line of lines) {
    // Items end where the totals start (a due date's "due" before them does not count).
    if ((line.kind === 'subtotal' || line.kind === 'total') && (items.length > 0 || started)) break
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
    const last = lastAmount(line)!
    let label = line.label.replace(/^[^\p{L}\d]+/u, '')
    let quantity: number | null = null
    const qtyOnly = QTY_LINE.exec(label)
    if (qtyOnly) {
      quantity = Number(qtyOnly[1]!.replace(',', '.'))
      label = label.slice(qtyOnly[0].length)
    } else {
      const suffix = QTY_SUFFIX.exec(label) ?? (line.amounts.length >= 2 ? QTY_COLUMN.exec(label) : null)
      if (suffix) {
        quantity = Number(suffix[1])
        label = label.slice(0, suffix.index)
      }
    }
    // "2 x 1.50  3.00" under a name line: the name is the line above.
    const bareQuantity = quantity !== null && letters(label) < 2
    const joinAbove = pending.length > 0 && (bareQuantity || started || /^\p{Ll}/u.test(label))
    let name = cleanName(label)
    if (joinAbove) name = cleanName([...pending.map((p) => p.text), name].join(' '))
    pending = []
    if (letters(name) < 2) continue
    if (quantity !== null && (!Number.isFinite(quantity) || quantity <= 0 || quantity > 999)) quantity = null
    const price = line.kind === 'discount' ? -Math.abs(last.value) : last.value
    items.push({ name, price, quantity, ocr: line.confidence })
    started = true
  }
  return items
}

function pickMerchant(lines: Line[]): { value: string | null; confidence: number } {
  const stop = lines.findIndex((l) => l.amounts.length > 0 || BILL_TO.test(l.key))
  const header = lines.slice(0, stop >= 0 ? Math.min(stop, 10) : 10)
  for (const [position, line] of header.entries()) {
    let name = line.text.replace(/^(welcome\s+to|willkommen\s+bei|bienvenue\s+chez)\s+/i, '')
    name = trimNonWord(name, /[.)&'!]/).trim()
    const key = labelKey(name)
    if (letters(name) < 3 || letters(name) / name.replace(/\s/g, '').length < 0.6) continue
    if (
      /^(tax\s)?(invoice|receipt|rechnung|facture|factura|fattura|quittung|kassenbon|bon|ticket|sales\sreceipt|order|copy|duplicate)\b/.test(
        key,
      )
    )
      continue
    if (HEADER_NOISE.test(key) || isAddress(name) || findDates(name, 'DMY').length > 0) continue
    if (/\d{3,}/.test(name) || line.confidence < 0.45) continue
    // Words OCR made up from a photo's background are short and oddly cased.
    const words = name.split(/\s+/)
    if (words.filter((w) => letters(w) >= 2).length === 0) continue
    const confidence = line.confidence * (position === 0 ? 0.95 : position <= 2 ? 0.8 : 0.6)
    return { value: name, confidence }
  }
  return { value: null, confidence: 0 }
}

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

/**
 * The merchant and the total as a person finds them: every line that could be one is a
 * candidate, weighed by what the receipt shows around it (its size on the page, its place
 * beside the header or the payment lines, agreement with the items and the payments), and the
 * confidence says how far the winner stands above the others and how good its text was.
 */
import { findDates } from './dates.js'
import { HEADER_NOISE, isAddress, labelKey, PAID, trimNonWord } from './lines.js'
import type { Amount } from './money.js'

/** What the pickers need of a classified line (receipt-extract.ts). */
export interface CandidateLine {
  index: number
  text: string
  key: string
  amounts: Amount[]
  confidence: number
  /** The line's height over the page's usual line height (1 when the engine gave no heights). */
  size: number
  kind: 'total' | 'subtotal' | 'tax' | 'tip' | 'payment' | 'info' | 'discount' | 'item' | 'text'
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length
const lastValue = (line: CandidateLine) => line.amounts.at(-1)?.value

const TITLE =
  /^(tax\s)?(invoice|receipt|rechnung|facture|factura|fattura|quittung|kassenbon|kassenbeleg|bon|beleg|ticket|scontrino|recibo|bonnetje|kvitto|sales\sreceipt|order|copy|duplicate|customer\scopy|welcome|willkommen|bienvenue|bienvenido|benvenuti|welkom)\b/
const GREETING =
  /^(welcome\s+to|willkommen\s+(bei|im)|bienvenue\s+(chez|a)|bienvenido\s+a|benvenuti\s+(da|a)|welkom\s+bij)\s+/i
/** A slogan or an opening time under the name rather than a name. */
const SLOGAN =
  /\b(est\.?\s?\d|since\s\d|seit\s\d|depuis\s\d|open\s|opening|hours|mon|tue|daily|www\.|\.com\b|\.de\b|\.fr\b)/

/** A header line read as a shop's name: the greeting cut off, stray marks trimmed. */
function asName(text: string): string {
  return trimNonWord(text.replace(GREETING, ''), /[.)&'!]/)
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether a header line can be a name at all (not a title, an address, a phone, a date…). */
function nameLike(name: string, confidence: number): boolean {
  const compact = name.replace(/\s/g, '')
  if (letters(name) < 3 || letters(name) / compact.length < 0.6) return false
  const key = labelKey(name)
  if (TITLE.test(key) && letters(name) < 16) return false
  if (HEADER_NOISE.test(key) || SLOGAN.test(key) || isAddress(name)) return false
  if (findDates(name, 'DMY').length > 0 || /\d{3,}/.test(name) || confidence < 0.45) return false
  // Words OCR makes up from a photo's background are short: most of a name's words are not.
  const words = name.split(' ')
  const real = words.filter((w) => letters(w) >= 2)
  return real.length > 0 && real.length >= words.length / 2
}

/**
 * The merchant: among the header's lines (before any amount, at most the first twelve), the one
 * printed largest, earliest and read most surely; a line after a lone "Welcome to" gains. The
 * confidence is the line's OCR confidence scaled by how clearly it won.
 */
export function pickMerchant(
  lines: CandidateLine[],
  stopAt: number,
): { value: string | null; confidence: number } {
  const header = lines.slice(0, Math.min(stopAt < 0 ? 12 : stopAt, 12))
  const scored: { name: string; score: number; ocr: number }[] = []
  let ordinal = 0
  for (const [position, line] of header.entries()) {
    const name = asName(line.text)
    if (!nameLike(name, line.confidence)) continue
    const greeted =
      position > 0 &&
      GREETING.test(`${header[position - 1]!.text.trim()} x`) &&
      letters(header[position - 1]!.text) < 14
    const size = Math.min(2.5, line.size)
    const score =
      (size - 1) * 2.5 +
      Math.max(0, 1.2 - ordinal * 0.4) +
      (line.confidence - 0.7) * 2 +
      (greeted ? 1 : 0) -
      (letters(name) < 5 ? 0.5 : 0) -
      (name.length > 40 ? 1 : 0)
    scored.push({ name, score, ocr: line.confidence })
    ordinal++
  }
  if (scored.length === 0) return { value: null, confidence: 0 }
  scored.sort((a, b) => b.score - a.score)
  const [best, second] = scored
  const margin = second ? best!.score - second.score : 1.5
  const clear = Math.min(1, 0.55 + margin * 0.3)
  return { value: best!.name, confidence: best!.ocr * clear }
}

/**
 * The total: every positive amount on a line labelled as a total is a candidate. The one beside
 * the last total keyword before the payment lines gains, as do a strong name ("grand total",
 * "à payer", "zu zahlen"), a larger print, the amount a card or cash line pays, the amount the
 * items, tax and tip add up to, and being the largest total (a tipped total after the bill's).
 */
export function pickTotal(
  lines: CandidateLine[],
  sums: number[],
): { value: number | null; confidence: number; corroborated: boolean } {
  const totals = lines.filter((l) => l.kind === 'total' && (lastValue(l) ?? 0) > 0)
  if (totals.length === 0) {
    // No line says "total": the largest amount that is not a payment, change or tax, as a guess.
    const candidates = lines.filter(
      (l) => !['payment', 'info', 'tax', 'tip'].includes(l.kind) && lastValue(l),
    )
    if (candidates.length === 0) return { value: null, confidence: 0, corroborated: false }
    const largest = Math.max(...candidates.map((l) => lastValue(l)!))
    return largest > 0
      ? { value: largest, confidence: 0.3, corroborated: false }
      : { value: null, confidence: 0, corroborated: false }
  }
  const firstTotal = totals[0]!.index
  const tender = lines.find((l) => l.kind === 'payment' && l.index > firstTotal && !/round/.test(l.key))
  const beforeTender = totals.filter((t) => !tender || t.index < tender.index)
  const lastBefore = beforeTender.at(-1)
  const paidAmounts = lines
    .filter(
      (l) =>
        l.kind === 'payment' &&
        !/change|ruckgeld|wechselgeld|rendu|monnaie|cambio|resto|wisselgeld|vaxel/.test(l.key),
    )
    .map(lastValue)
  const largest = Math.max(...totals.map((t) => lastValue(t)!))
  const close = (a: number, b: number) => Math.abs(a - b) < 0.015
  let best: { line: CandidateLine; score: number; corroborated: boolean } | null = null
  const scores: number[] = []
  for (const line of totals) {
    const value = lastValue(line)!
    const paid = paidAmounts.some((p) => p !== undefined && close(p, value))
    const adds = sums.some((s) => close(s, value))
    const score =
      1 +
      (line === lastBefore ? 1.5 : 0) +
      (PAID.test(line.key) ? 1 : 0) +
      Math.min(1, Math.max(0, line.size - 1) * 2) +
      (paid ? 2 : 0) +
      (adds ? 2 : 0) +
      (close(value, largest) ? 0.75 : 0) -
      (tender && line.index > tender.index ? 1 : 0)
    scores.push(score)
    if (!best || score > best.score) best = { line, score, corroborated: paid || adds }
  }
  const agree = totals.filter((t) => close(lastValue(t)!, lastValue(best!.line)!)).length
  const rivals = scores.filter(
    (s, i) => s > best!.score - 1.5 && !close(lastValue(totals[i]!)!, lastValue(best!.line)!),
  )
  const base = best!.corroborated ? 0.95 : agree > 1 || PAID.test(best!.line.key) ? 0.85 : 0.75
  return {
    value: lastValue(best!.line)!,
    confidence: base * best!.line.confidence * (rivals.length > 0 ? 0.7 : 1),
    corroborated: best!.corroborated,
  }
}

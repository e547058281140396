/** Dates as receipts print them, in English and the main European languages. */

import { repairDates } from './date-repair.js'

const MONTHS: Record<string, number> = {}
const NAMES: [number, string[]][] = [
  [1, ['jan', 'january', 'januar', 'janv', 'janvier', 'ene', 'enero', 'gen', 'gennaio', 'januari', 'jänner']],
  [2, ['feb', 'february', 'februar', 'févr', 'fevr', 'février', 'febrero', 'febbraio', 'februari']],
  [3, ['mar', 'march', 'märz', 'maerz', 'mär', 'mars', 'marzo', 'mrt', 'maart']],
  [4, ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'mag', 'maggio', 'mei', 'maj']],
  [6, ['jun', 'june', 'juni', 'juin', 'junio', 'giu', 'giugno']],
  [7, ['jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'lug', 'luglio']],
  [8, ['aug', 'august', 'août', 'aout', 'ago', 'agosto', 'augustus', 'augusti']],
  [9, ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'settembre']],
  [10, ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre', 'ott', 'ottobre']],
  [11, ['nov', 'november', 'novembre', 'noviembre']],
  [12, ['dec', 'december', 'dez', 'dezember', 'déc', 'décembre', 'dic', 'diciembre', 'dicembre']],
]
for (const [n, names] of NAMES) for (const name of names) MONTHS[name] = n
const MONTH_WORD = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`

/** How to read `03/04/2024`: month first (US) or day first (most others). */
export type DateOrder = 'MDY' | 'DMY'

export interface FoundDate {
  iso: string
  /** 1 when the order cannot be in doubt (ISO, a month name, a day over 12), lower when the locale decided. */
  certainty: number
  start: number
  /** Read through OCR slips (`92/07/2021`, a lost separator): a guess, less sure. */
  repaired?: boolean
}

const NUMERIC = /(?<![\d.])(\d{1,4})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{2,4})(?![\d])/g
const DAY_NAME = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th|er)?\\.?[\\s-]+${MONTH_WORD}[\\s,.-]+(\\d{4}|\\d{2})(?!\\d)`,
  'giu',
)
const NAME_DAY = new RegExp(
  `(?<![\\p{L}])${MONTH_WORD}[\\s.-]+(\\d{1,2})(?:st|nd|rd|th)?,?[\\s-]+(\\d{4})(?!\\d)`,
  'giu',
)

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2099) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

const fullYear = (y: number) => (y < 100 ? 2000 + y : y)

/**
 * Every date in a line, read with `order` when day and month could be swapped; with `repair`,
 * also numeric dates misread by OCR (date-repair.ts).
 */
export function findDates(line: string, order: DateOrder, repair = false): FoundDate[] {
  const found: FoundDate[] = []
  if (repair) {
    for (const r of repairDates(line, order, valid)) {
      const certainty = r.ambiguous ? 0.5 : 0.7
      found.push({ iso: iso(...r.ymd), certainty, start: r.start, repaired: true })
    }
  }
  for (const m of line.matchAll(NUMERIC)) {
    const [a, b, c] = [Number(m[1]), Number(m[3]), Number(m[4])]
    if (m[1]!.length === 4) {
      if (valid(a, b, c)) found.push({ iso: iso(a, b, c), certainty: 1, start: m.index })
      continue
    }
    if (m[1]!.length > 2) continue
    const y = fullYear(c)
    const dmy = valid(y, b, a)
    const mdy = valid(y, a, b)
    if (dmy && mdy) {
      if (a === b) found.push({ iso: iso(y, a, a), certainty: 1, start: m.index })
      else if (order === 'MDY') found.push({ iso: iso(y, a, b), certainty: 0.75, start: m.index })
      else found.push({ iso: iso(y, b, a), certainty: 0.75, start: m.index })
    } else if (dmy) found.push({ iso: iso(y, b, a), certainty: order === 'DMY' ? 1 : 0.9, start: m.index })
    else if (mdy) found.push({ iso: iso(y, a, b), certainty: order === 'MDY' ? 1 : 0.9, start: m.index })
  }
  for (const m of line.matchAll(DAY_NAME)) {
    const d = Number(m[1])
    const month = MONTHS[m[2]!.toLowerCase()]
    const y = fullYear(Number(m[3]))
    if (month && valid(y, month, d)) found.push({ iso: iso(y, month, d), certainty: 1, start: m.index })
  }
  for (const m of line.matchAll(NAME_DAY)) {
    const month = MONTHS[m[1]!.toLowerCase()]
    const d = Number(m[2])
    const y = Number(m[3])
    if (month && valid(y, month, d)) found.push({ iso: iso(y, month, d), certainty: 1, start: m.index })
  }
  return found.sort((x, y) => x.start - y.start)
}

/** Words of languages whose receipts write the day first. */
const DAY_FIRST_WORDS =
  /\b(summe|gesamt|mwst|datum|rechnung|kasse|ttc|tva|montant|especes|facture|iva|importe|totale|scontrino|btw|totaal|bedrag|moms|kvitto)\b/i

/**
 * How the receipt writes numeric dates, from its own evidence first: a numeric date that reads
 * only one way (`13/04/2024`: day first) decides for the others. Then month first only where
 * the receipt looks American: dollars without another country's cues, a US state and ZIP, or a
 * US phone number; a currency of elsewhere, or words of a day-first language, say day first.
 */
export function dateOrderFor(text: string, currency: string | null): DateOrder {
  let dayFirst = 0
  let monthFirst = 0
  for (const m of text.matchAll(NUMERIC)) {
    if (m[1]!.length > 2) continue
    const [a, b] = [Number(m[1]), Number(m[3])]
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) dayFirst++
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) monthFirst++
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'DMY' : 'MDY'
  if (currency === 'USD') return 'MDY'
  if (currency) return 'DMY'
  if (DAY_FIRST_WORDS.test(text)) return 'DMY'
  if (/\b[A-Z]{2}\s\d{5}(-\d{4})?\b/.test(text) || /\(\d{3}\)\s?\d{3}-\d{4}/.test(text)) return 'MDY'
  return 'DMY'
}

/**
 * The cell values a spreadsheet exports, read as the issue body's values (docs/bulk-issuance.md,
 * "Dates and amounts"). Every reader scans its cell once, character by character (no regular
 * expression with a repeated group, no backtracking): linear in the cell's length, which a
 * record's 64 KiB bound already limits.
 */

/** How a slash date (`03/02/2025`) is read: day first, month first, or only when unambiguous. */
export const DATE_FORMATS = ['DMY', 'MDY'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

/** The stable reasons a cell is refused (the `reason` of a line error's detail). */
export type CellReason =
  | 'date_invalid'
  | 'date_ambiguous'
  | 'number_invalid'
  | 'number_ambiguous'
  | 'currency_mismatch'

export type CellResult<T> = { value: T } | { reason: CellReason; message: string }

const refuse = (reason: CellReason, message: string): { reason: CellReason; message: string } => ({
  reason,
  message,
})

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'

/** The runs of digits of `text` split at `separator` (null if anything else appears). */
function digitGroups(text: string, separator: string): string[] | null {
  const groups: string[] = []
  let current = ''
  for (const c of text) {
    if (isDigit(c)) current += c
    else if (c === separator) {
      groups.push(current)
      current = ''
    } else return null
  }
  groups.push(current)
  return groups
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** A calendar day as midnight UTC, or null when it is no day (31 February, month 13). */
function utcDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return null
  const date = new Date(Date.UTC(year, month - 1, day))
  date.setUTCFullYear(year)
  return date.toISOString()
}

/** `hh:mm` or `hh:mm:ss` (24 hours) as milliseconds, or null. */
function timeOfDay(text: string): number | null {
  const parts = digitGroups(text, ':')
  if (!parts || parts.length < 2 || parts.length > 3 || parts.some((p) => p.length !== 2)) return null
  const [h, m, s = 0] = parts.map(Number) as [number, number, number?]
  if (h > 23 || m > 59 || s > 59) return null
  return ((h * 60 + m) * 60 + s) * 1000
}

/** Excel's day 0 of the 1900 date system (serials from 61, 1 March 1900, are exact). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)
const EXCEL_FIRST = 61
const EXCEL_LAST = 2_958_465 // 31 December 9999

const DATE_HELP =
  'use yyyy-mm-dd, an ISO 8601 date-time, dd.mm.yyyy, or dd/mm/yyyy or mm/dd/yyyy with the dateFormat option'

/**
 * A date cell as an ISO 8601 date-time (a day is midnight UTC of that day):
 * - an ISO 8601 date-time as the JSON API takes it (passed on as it is, checked by the schema);
 * - `yyyy-mm-dd`, optionally followed by a space and `hh:mm` or `hh:mm:ss` (UTC);
 * - `yyyy/mm/dd`;
 * - `dd.mm.yyyy` (day first: the only order that writes dots);
 * - `dd/mm/yyyy` or `mm/dd/yyyy`: the order `dateFormat` names; without it only a date that
 *   reads one way (a part over 12, or day = month), else `date_ambiguous`;
 * - an Excel serial day number (61 to 2958465, the 1900 date system), optionally with a fraction
 *   of a day.
 * Day and month may have one or two digits; years have four.
 */
export function readDate(cell: string, dateFormat?: DateFormat): CellResult<string> {
  const text = cell.trim()
  if (text.length > 40) return refuse('date_invalid', `is not a date: ${DATE_HELP}`)
  // An ISO date-time ("2025-03-02T10:00:00Z"): the issue schema checks it as in the JSON API.
  if (text.length > 10 && text[4] === '-' && text[10] === 'T') return { value: text }
  if (text.length > 10 && text[4] === '-' && text[10] === ' ') {
    const day = readDate(text.slice(0, 10))
    const time = timeOfDay(text.slice(11).trim())
    if ('reason' in day || time === null) return refuse('date_invalid', `is not a date: ${DATE_HELP}`)
    return { value: new Date(Date.parse(day.value) + time).toISOString() }
  }
  for (const separator of ['-', '/', '.']) {
    if (!text.includes(separator)) continue
    const parts = digitGroups(text, separator)
    if (parts?.length !== 3 || parts.some((p) => p.length === 0)) break
    const [a, b, c] = parts as [string, string, string]
    let found: string | null = null
    if (a.length === 4 && b.length <= 2 && c.length <= 2 && separator !== '.') {
      found = utcDay(Number(a), Number(b), Number(c))
    } else if (c.length === 4 && a.length <= 2 && b.length <= 2 && separator !== '-') {
      const first = Number(a)
      const second = Number(b)
      const year = Number(c)
      if (separator === '.' || dateFormat === 'DMY') found = utcDay(year, second, first)
      else if (dateFormat === 'MDY') found = utcDay(year, first, second)
      else if (first > 12 || second > 12 || first === second) {
        found = first > 12 ? utcDay(year, second, first) : utcDay(year, first, second)
      } else {
        return refuse(
          'date_ambiguous',
          `${text} could be day/month or month/day: send dateFormat=DMY or dateFormat=MDY with the upload, or use yyyy-mm-dd`,
        )
      }
    }
    if (found) return { value: found }
    return refuse('date_invalid', `is not a date: ${DATE_HELP}`)
  }
  const serial = digitGroups(text, '.')
  if (serial && serial.length <= 2 && serial[0] && serial[0].length <= 7 && serial[1] !== '') {
    const days = Number(text)
    if (days >= EXCEL_FIRST && days < EXCEL_LAST + 1) {
      return { value: new Date(EXCEL_EPOCH_MS + Math.round(days * 86_400_000)).toISOString() }
    }
  }
  return refuse('date_invalid', `is not a date: ${DATE_HELP}`)
}

/** Thousands separators besides `.` and `,`: spaces (also no-break and narrow no-break) and `'`. */
const GROUP_MARKS = new Set([' ', '\u00A0', '\u202F', "'", '\u2019'])

/** Currency symbols a price may carry, with the ISO 4217 codes they may stand for. */
const SYMBOLS: Record<string, readonly string[]> = {
  '€': ['EUR'],
  '£': ['GBP'],
  '¥': ['JPY', 'CNY'],
  '₹': ['INR'],
  '₩': ['KRW'],
  '₺': ['TRY'],
  '₽': ['RUB'],
  '₪': ['ILS'],
  '₫': ['VND'],
  '₱': ['PHP'],
  zł: ['PLN'],
  Kč: ['CZK'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  Fr: ['CHF'],
  $: ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'SGD', 'HKD', 'ARS', 'CLP', 'COP'],
}

const isLetter = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')

/** The currency mark at one end of a price ("€", "EUR", "US$"), split from the amount. */
function splitCurrency(text: string): { amount: string; mark: string | null } {
  let start = 0
  const starts = (c: string | undefined) => isDigit(c) || c === '-' || c === '+' || c === '.' || c === ','
  while (start < text.length && !starts(text[start])) start++
  let end = text.length
  while (end > start && !isDigit(text[end - 1])) end--
  const before = text.slice(0, start).trim()
  const after = text.slice(end).trim()
  if (before && after) return { amount: text, mark: null } // marks on both ends: not a price
  return { amount: text.slice(start, end), mark: before || after || null }
}

/** Whether a currency mark may stand for `currency` (its code, or a symbol it uses). */
function markFits(mark: string, currency: string): boolean {
  const upper = mark.toUpperCase()
  if (upper.length === 3 && [...upper].every(isLetter)) return upper === currency
  const symbol = upper === 'US$' ? '$' : mark
  return (SYMBOLS[symbol] ?? []).includes(currency)
}

const NUMBER_HELP = 'is not an amount: digits with a decimal point or comma, e.g. 49.90 or 49,90'

/**
 * A price as a number: digits with at most one decimal separator (`.` or `,`) followed by one or
 * two digits, thousands grouped by threes with the other mark, a space or an apostrophe
 * (`1.234,56`, `1,234.56`, `1 234,56`, `1'234.56`), a sign, and a currency mark at one end (`€`,
 * `EUR`, `$`…) that must fit the merchant's currency. A single `.` or `,` followed by exactly
 * three digits (`1,234`) could be either: refused as `number_ambiguous`.
 */
export function readAmount(cell: string, currency?: string): CellResult<number> {
  const text = cell.trim()
  if (text.length > 60) return refuse('number_invalid', NUMBER_HELP)
  const { amount, mark } = splitCurrency(text)
  if (mark !== null) {
    if (mark.length > 4 || (currency !== undefined && !markFits(mark, currency))) {
      return currency !== undefined && mark.length <= 4
        ? refuse('currency_mismatch', `is in ${mark}, the merchant's currency is ${currency}`)
        : refuse('number_invalid', NUMBER_HELP)
    }
  }
  let sign = ''
  let body = amount
  if (body[0] === '-' || body[0] === '+') {
    sign = body[0] === '-' ? '-' : ''
    body = body.slice(1).trimStart()
  }
  // The marks in the body: where the last `.` or `,` is, and which marks occur.
  let lastDot = -1
  let lastComma = -1
  let dots = 0
  let commas = 0
  let grouped = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string
    if (c === '.') {
      dots++
      lastDot = i
    } else if (c === ',') {
      commas++
      lastComma = i
    } else if (GROUP_MARKS.has(c)) grouped = true
    else if (!isDigit(c)) return refuse('number_invalid', NUMBER_HELP)
  }
  if (body.length === 0) return refuse('number_invalid', NUMBER_HELP)
  // The decimal mark: the last of `.` and `,`, when it appears once and is followed by 1–2 digits.
  const last = Math.max(lastDot, lastComma)
  let integer = body
  let fraction = ''
  if (last !== -1) {
    const mark = body[last] as string
    const count = mark === '.' ? dots : commas
    const digitsAfter = body.length - last - 1
    const otherMarks = mark === '.' ? commas : dots
    if (count === 1 && digitsAfter !== 3) {
      integer = body.slice(0, last)
      fraction = body.slice(last + 1)
    } else if (count === 1 && otherMarks === 0 && !grouped) {
      return refuse(
        'number_ambiguous',
        `${text} could be a thousands separator or a decimal point: write ${body.replace(mark, '')} for the whole amount, or at most two decimals`,
      )
    }
    if (fraction !== '' && (fraction.length > 2 || ![...fraction].every(isDigit))) {
      return refuse('number_invalid', NUMBER_HELP)
    }
  }
  // The integer part: digits, grouped by threes with one kind of mark (not the decimal one).
  const groupMark = [...integer].find((c) => !isDigit(c))
  if (integer === '' && fraction !== '') integer = '0'
  const groups = groupMark === undefined ? [integer] : digitGroups(integer, groupMark)
  if (!groups || groups.some((g) => g.length === 0)) return refuse('number_invalid', NUMBER_HELP)
  if (groups.length > 1 && (groups[0] as string).length > 3) return refuse('number_invalid', NUMBER_HELP)
  if (groups.slice(1).some((g) => g.length !== 3)) return refuse('number_invalid', NUMBER_HELP)
  if (fraction !== '' && groupMark === body[last]) return refuse('number_invalid', NUMBER_HELP)
  const value = Number(`${sign}${groups.join('')}${fraction ? `.${fraction}` : ''}`)
  return Number.isFinite(value) ? { value } : refuse('number_invalid', NUMBER_HELP)
}

/** A whole number of months ("24"; also "24.0" or "24,0" as a spreadsheet may write it). */
export function readInteger(cell: string): CellResult<number> {
  let text = cell.trim()
  const negative = text[0] === '-'
  if (negative || text[0] === '+') text = text.slice(1)
  const parts = digitGroups(text.replace(',', '.'), '.')
  if (!parts || parts.length > 2 || !parts[0] || parts[0].length > 9) {
    return refuse('number_invalid', 'is not a whole number')
  }
  if (parts.length === 2 && (parts[1] === '' || ![...(parts[1] as string)].every((d) => d === '0'))) {
    return refuse('number_invalid', 'is not a whole number')
  }
  const value = Number(parts[0])
  return { value: negative ? -value : value }
}

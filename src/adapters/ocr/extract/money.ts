/** Amounts and currencies as receipts print them, in any common locale. */

export interface Amount {
  value: number
  /** Where the amount starts and ends in the line. */
  start: number
  end: number
  /** A currency named right beside the amount (`$`, `EUR`), as an ISO code. */
  currency: string | null
}

const SYMBOLS: [RegExp, string][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹|\bRs\.?(?=\s?\d)/, 'INR'],
  [/\bA\$|\bAU\$/, 'AUD'],
  [/\bC\$|\bCA\$|\bCAN\$/, 'CAD'],
  [/\bNZ\$/, 'NZD'],
  [/\bS\$/, 'SGD'],
  [/\bR\$/, 'BRL'],
  [/¥|￥/, 'JPY'],
  [/zł/i, 'PLN'],
  [/\bFr\.(?=\s?\d)/, 'CHF'],
]

const CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'INR',
  'JPY',
  'SGD',
  'HKD',
  'ZAR',
  'MXN',
  'BRL',
  'AED',
  'TRY',
  'RON',
  'ILS',
  'CNY',
  'KRW',
]
const CODE_PATTERN = new RegExp(`\\b(${CODES.join('|')})\\b`)

/** Currencies whose amounts have no minor unit printed. */
export const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'HUF'])

/** Amounts in a line: `12.50`, `1,234.56`, `1.234,56`, `12,50`, `-3.00`, `3.00-`, `(3.00)`, `$ 4.99`. */
const AMOUNT = new RegExp(
  `(?<![\\d.,])(\\(|[-−–](?=[\\d$€£¥₹]))?([$€£¥₹]|${CODES.join('|')}|kr|Fr\\.)?\\s?(-(?=\\d))?(\\d{1,3}(?:[,.'’\u00a0\u202f]\\d{3})+|\\d+)\\s?([.,])\\s?(\\d{2})(?![\\d%]|[.,/]\\d)(\\s?-(?!\\s?\\d)|\\))?`,
  'g',
)

export function findAmounts(line: string): Amount[] {
  const found: Amount[] = []
  for (const m of line.matchAll(AMOUNT)) {
    const [, lead, symbol, minus, whole, , cents, trail] = m
    const integer = Number(whole!.replace(/[,.'’\u00a0\u202f]/g, ''))
    let value = integer + Number(cents) / 100
    const negative =
      Boolean(minus) ||
      (lead !== undefined && lead !== '(') ||
      (lead === '(' && trail === ')') ||
      trail?.trim() === '-'
    if (negative) value = -value
    found.push({
      value: Math.round(value * 100) / 100,
      start: m.index,
      end: m.index + m[0].length,
      currency: symbol ? currencyOfSymbol(symbol) : null,
    })
  }
  return found
}

/** Amounts without a minor unit (`¥1,280`), read only when the receipt's currency has none. */
export function findWholeAmounts(line: string): Amount[] {
  const found: Amount[] = []
  for (const m of line.matchAll(
    /(?<![\d.,])(-)?\s?([¥￥₩]|JPY|KRW|HUF)?\s?(\d{1,3}(?:[,.]\d{3})+|\d+)(?![\d.,])/g,
  )) {
    const value = Number(m[3]!.replace(/[,.]/g, ''))
    found.push({
      value: m[1] ? -value : value,
      start: m.index,
      end: m.index + m[0].length,
      currency: m[2] ? currencyOfSymbol(m[2]) : null,
    })
  }
  return found
}

function currencyOfSymbol(symbol: string): string | null {
  if (symbol === '$') return 'USD'
  if (symbol === 'kr') return 'SEK'
  for (const [pattern, code] of SYMBOLS) if (pattern.test(symbol)) return code
  return CODES.includes(symbol) ? symbol : null
}

/** Tax numbers, postcodes and tax names that tell the country when no currency is printed. */
const COUNTRY_CUES: [RegExp, string][] = [
  [/\bABN\b|\b(NSW|VIC|QLD|TAS|ACT)\s+\d{4}\b|\bEFTPOS\b/, 'AUD'],
  [/\bHST\b|\bQST\b|\b(ON|BC|AB|QC|MB|NS|NB)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\bInterac\b/i, 'CAD'],
  [/\bGSTIN\b|\bCGST\b|\bSGST\b|\bUPI\b/, 'INR'],
  [/\bMWST\b|\bCHE-\d{3}|\bTwint\b/i, 'CHF'],
  [/\bOrg\.?\s?nr\b|\bMoms\b|\bKontant\b/i, 'SEK'],
  [/\bVAT\s?(No|Reg)|\bGB\s?\d{3}\s?\d{4}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/, 'GBP'],
  [/\b(MwSt|USt|TVA|IVA|BTW|SIRET|CIF)\b|\bUSt-?IdNr/i, 'EUR'],
  [/\bsales\s+tax\b|\b[A-Z]{2}\s\d{5}(-\d{4})?\b/i, 'USD'],
]

/**
 * Whether `then` follows `first` on one line of `text` (what `/first.*then/` says), in one pass:
 * only the first `first` of a line is tried, to the line's end (`.*` retried its scan from
 * every `first` of a long line). `first` must be global.
 */
function onOneLine(text: string, first: RegExp, then: RegExp): boolean {
  first.lastIndex = 0
  for (let m = first.exec(text); m; m = first.exec(text)) {
    const end = text.indexOf('\n', m.index)
    const lineEnd = end < 0 ? text.length : end
    if (then.test(text.slice(m.index + m[0].length, lineEnd))) return true
    if (end < 0) return false
    first.lastIndex = end + 1
  }
  return false
}

export interface CurrencyGuess {
  code: string | null
  confidence: number
}

/**
 * The receipt's currency from every cue on it: ISO codes and unambiguous symbols first, then
 * `$` with country cues (ABN/GST → AUD, HST/PST/GST with a province → CAD), `kr` with country
 * words. A lone `$` is most often USD but not surely.
 */
export function detectCurrency(text: string): CurrencyGuess {
  const votes = new Map<string, number>()
  const vote = (code: string, weight: number) => votes.set(code, (votes.get(code) ?? 0) + weight)
  // Which crowns: decided once from the whole text (not again for every line that says kr).
  let crowns: string | undefined
  const crownsOf = () => {
    if (/\bmva\b|norge|\bNOK\b/i.test(text)) return 'NOK'
    const danish = onOneLine(text, /\bmoms\b/gi, /\b25\b/) || /danmark|\bcvr\b/i.test(text)
    return danish && !/sverige|\borg\.?\s?nr/i.test(text) ? 'DKK' : 'SEK'
  }
  for (const line of text.split('\n')) {
    const code = CODE_PATTERN.exec(line)?.[1]
    if (code) vote(code, 3)
    for (const [pattern, iso] of SYMBOLS) if (pattern.test(line)) vote(iso, 2)
    if (/\bkr\b|\bkr\.|:-\s*$/i.test(line)) {
      crowns ??= crownsOf()
      vote(crowns, 2)
    }
  }
  const dollars = (text.match(/\$/g) ?? []).length
  if (dollars > 0) {
    if (/\bABN\b|australia|\b(NSW|VIC|QLD|WA|SA|TAS|ACT)\s+\d{4}\b/.test(text)) vote('AUD', 2 + dollars * 0.1)
    else if (/\bHST\b|\bPST\b|\bQST\b|canada|\b(ON|BC|AB|QC|MB|NS|NB)\s+[A-Z]\d[A-Z]/.test(text))
      vote('CAD', 2 + dollars * 0.1)
    else if (onOneLine(text, /\bGST\b/gi, /\bNZ\b/i) || /new zealand/i.test(text))
      vote('NZD', 2 + dollars * 0.1)
    else if (/\bGST\b/.test(text) && /\bSingapore\b/i.test(text)) vote('SGD', 2 + dollars * 0.1)
    else vote('USD', 1 + Math.min(dollars, 5) * 0.2)
  }
  if (votes.size === 0) {
    // No currency printed: the country the receipt's tax numbers and addresses name, as a guess.
    for (const [pattern, code] of COUNTRY_CUES) if (pattern.test(text)) return { code, confidence: 0.5 }
    return { code: null, confidence: 0 }
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1])
  const [best, weight] = ranked[0]!
  const second = ranked[1]?.[1] ?? 0
  const lone$ = best === 'USD' && !CODE_PATTERN.test(text)
  const confidence = Math.min(0.98, 0.5 + 0.12 * weight - 0.15 * second - (lone$ ? 0.1 : 0))
  return { code: best, confidence: Math.max(0.3, Math.round(confidence * 100) / 100) }
}

import type { ReceiptItem, ReceiptReading } from '../src/adapters/ocr/port.js'

export interface TruthFile {
  id: string
  merchant: string
  date: string
  total: number
  currency: string
  items: ReceiptItem[]
}

export const norm = (s: string | null) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = current
    }
  }
  return row[b.length]!
}

/** Names agree when at most a fifth of the characters differ (OCR slips, not other words). */
export function similarName(a: string, b: string): boolean {
  const x = norm(a)
  const y = norm(b)
  if (!x || !y) return false
  return levenshtein(x, y) <= Math.floor(Math.max(x.length, y.length) * 0.2)
}

export interface Score {
  merchant: boolean
  /** The merchant read within a fifth of its characters (`similarName`): OCR slips forgiven. */
  merchantSimilar: boolean
  date: boolean
  total: boolean
  currency: boolean
  itemsFound: number
  itemsTrue: number
  itemsMatched: number
}

/** An item matches a true one with the same price to the cent and a similar name; each is used once. */
export function score(
  truth: TruthFile,
  read: Pick<ReceiptReading, 'merchant' | 'date' | 'total' | 'currency' | 'items'>,
): Score {
  const unused = [...truth.items]
  let matched = 0
  for (const item of read.items) {
    const at = unused.findIndex(
      (t) => Math.abs(t.price - item.price) < 0.005 && similarName(t.name, item.name),
    )
    if (at >= 0) {
      unused.splice(at, 1)
      matched++
    }
  }
  return {
    merchant: norm(read.merchant) === norm(truth.merchant),
    merchantSimilar: similarName(read.merchant ?? '', truth.merchant),
    date: read.date === truth.date,
    total: read.total !== null && Math.abs(read.total - truth.total) < 0.005,
    currency: read.currency === truth.currency,
    itemsFound: read.items.length,
    itemsTrue: truth.items.length,
    itemsMatched: matched,
  }
}

export interface Summary {
  images: number
  merchant: number
  merchantSimilar: number
  date: number
  total: number
  currency: number
  itemsPrecision: number
  itemsRecall: number
  itemsF1: number
}

export function summarise(scores: Score[]): Summary {
  const share = (f: (s: Score) => boolean) => scores.filter(f).length / Math.max(1, scores.length)
  const found = scores.reduce((s, x) => s + x.itemsFound, 0)
  const truth = scores.reduce((s, x) => s + x.itemsTrue, 0)
  const matched = scores.reduce((s, x) => s + x.itemsMatched, 0)
  const p = found ? matched / found : 0
  const r = truth ? matched / truth : 0
  const r3 = (n: number) => Math.round(n * 1000) / 1000
  return {
    images: scores.length,
    merchant: r3(share((s) => s.merchant)),
    merchantSimilar: r3(share((s) => s.merchantSimilar)),
    date: r3(share((s) => s.date)),
    total: r3(share((s) => s.total)),
    currency: r3(share((s) => s.currency)),
    itemsPrecision: r3(p),
    itemsRecall: r3(r),
    itemsF1: r3(p + r ? (2 * p * r) / (p + r) : 0),
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
}

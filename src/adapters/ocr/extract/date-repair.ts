/**
 * Numeric dates as OCR misreads them: `92/07/2021` (a 0 read as 9), `O4.02.2O23` (letters for
 * digits), `04.02 2023` (a separator lost). Only for dates that do not read as printed: each
 * field is tried with the usual confusions, and the reading needing the fewest changes wins
 * when it is the only one and its year is recent. Such a date is marked `repaired`.
 */

/** What OCR prints → the digits it may stand for (closed loops read as each other, 2 as 3). */
const CONFUSIONS: Record<string, string[]> = {
  O: ['0'],
  o: ['0'],
  D: ['0'],
  Q: ['0'],
  I: ['1'],
  l: ['1'],
  i: ['1'],
  '|': ['1'],
  ']': ['1'],
  '!': ['1'],
  S: ['5'],
  s: ['5'],
  B: ['8'],
  Z: ['2'],
  z: ['2'],
  '9': ['0'],
  '6': ['0'],
  '8': ['0'],
  '3': ['2'],
}
const CHAR = '[\\dOoDQIli|\\]!SsBZz]'
/** Day and month of one or two characters, one separator, then a four-digit year after the same separator or a space. */
const LOOSE = new RegExp(
  `(?<![\\w.,])(${CHAR}{1,2})\\s?([./-])\\s?(${CHAR}{1,2})(?:\\s?\\2\\s?|\\s)(${CHAR}{4})(?![\\w])`,
  'g',
)

/** The same, year first (ISO): `3024-09-19`, `2O24-12-O2`. */
const LOOSE_ISO = new RegExp(`(?<![\\w.,])(${CHAR}{4})([./-])(${CHAR}{1,2})\\2(${CHAR}{1,2})(?![\\w])`, 'g')

interface Reading {
  value: number
  cost: number
}

/** Every number a field may stand for, with the count of characters changed. */
function readings(field: string): Reading[] {
  let out: { text: string; cost: number }[] = [{ text: '', cost: 0 }]
  for (const c of field) {
    const next: { text: string; cost: number }[] = []
    for (const r of out) {
      if (/\d/.test(c)) next.push({ text: r.text + c, cost: r.cost })
      for (const d of CONFUSIONS[c] ?? []) next.push({ text: r.text + d, cost: r.cost + 1 })
    }
    out = next
  }
  return out.map((r) => ({ value: Number(r.text), cost: r.cost }))
}

export interface RepairedDate {
  /** Year, month, day. */
  ymd: [number, number, number]
  /** Whether day and month could be the other way round. */
  ambiguous: boolean
  start: number
}

/**
 * Dates repaired from OCR slips in `line`, day and month in `order`. `valid` decides a
 * reading; `now` bounds the year (the last ten years and the next one: receipts are recent).
 */
export function repairDates(
  line: string,
  order: 'MDY' | 'DMY',
  valid: (y: number, m: number, d: number) => boolean,
  now = new Date(),
): RepairedDate[] {
  const thisYear = now.getUTCFullYear()
  const out: RepairedDate[] = []
  for (const m of line.matchAll(LOOSE)) {
    const lostSeparator = m[0].slice(m[1]!.length).split(m[2]!).length < 3
    const [a0, b0, y0] = [Number(m[1]), Number(m[3]), Number(m[4])]
    // Read as printed already (findDates has it), or not a date at all.
    if (!lostSeparator && (valid(y0, b0, a0) || valid(y0, a0, b0))) continue
    const years = readings(m[4]!).filter((y) => y.value >= thisYear - 10 && y.value <= thisYear + 1)
    const best = new Map<string, { ymd: [number, number, number]; cost: number; order: string }>()
    for (const a of readings(m[1]!))
      for (const b of readings(m[3]!))
        for (const y of years) {
          const cost = a.cost + b.cost + y.cost + (lostSeparator ? 1 : 0)
          if (cost === 0) continue
          if (valid(y.value, b.value, a.value))
            best.set(`${y.value}-${b.value}-${a.value}`, {
              ymd: [y.value, b.value, a.value],
              cost,
              order: 'DMY',
            })
          if (valid(y.value, a.value, b.value))
            best.set(`${y.value}-${a.value}-${b.value}`, {
              ymd: [y.value, a.value, b.value],
              cost,
              order: 'MDY',
            })
        }
    const all = [...best.values()]
    const least = Math.min(...all.map((c) => c.cost))
    const cheapest = all.filter((c) => c.cost === least)
    const inOrder = cheapest.filter((c) => c.order === order)
    const pick = inOrder.length === 1 ? inOrder[0] : cheapest.length === 1 ? cheapest[0] : undefined
    if (pick) out.push({ ymd: pick.ymd, ambiguous: cheapest.length > 1, start: m.index })
  }
  for (const m of line.matchAll(LOOSE_ISO)) {
    if (valid(Number(m[1]), Number(m[3]), Number(m[4]))) continue
    const found: { ymd: [number, number, number]; cost: number }[] = []
    for (const y of readings(m[1]!).filter((r) => r.value >= thisYear - 10 && r.value <= thisYear + 1))
      for (const mo of readings(m[3]!))
        for (const d of readings(m[4]!))
          if (valid(y.value, mo.value, d.value))
            found.push({ ymd: [y.value, mo.value, d.value], cost: y.cost + mo.cost + d.cost })
    const least = Math.min(...found.map((f) => f.cost))
    const cheapest = found.filter((f) => f.cost === least)
    if (cheapest.length === 1) out.push({ ymd: cheapest[0]!.ymd, ambiguous: false, start: m.index })
  }
  return out
}

// The label page's reading of a list of serials (pasted, or a .txt/.csv file): one serial a
// line (a CSV's first column), checked by the rules the API's label sheet applies
// (docs/digital-link.md), so that every bad line is named at once, before anything is sent.
import { ct } from './i18n.js'

/** Labels on one sheet: the API's limit (`POST /v1/merchant/products/{id}/labels`). */
export const LABELS_PER_SHEET = 120

/**
 * An AI 21 serial: 1 to 20 of GS1's character set 82 but the double quote, and not the dot
 * segments `.` and `..` (the API's rule).
 */
const GS1_SERIAL = /^[!%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/

export function isLabelSerial(serial: string): boolean {
  return GS1_SERIAL.test(serial) && serial !== '.' && serial !== '..'
}

export interface LineProblem {
  line: number
  serial: string
  message: string
}

export interface ReadSerials {
  serials: string[]
  problems: LineProblem[]
}

/** The first field of a CSV line (quoted or not). */
function firstField(line: string): string {
  const quoted = /^"((?:[^"]|"")*)"/.exec(line)
  if (quoted) return (quoted[1] ?? '').replace(/""/g, '"')
  return line.split(/[,;\t]/)[0] ?? ''
}

/** Serials in file order, each once; a problem per line that cannot be a label. */
export function readSerials(text: string): ReadSerials {
  const serials: string[] = []
  const problems: LineProblem[] = []
  const seen = new Map<string, number>()
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const line = i + 1
    const serial = firstField(raw).trim()
    if (serial === '') return
    if (i === 0 && /^serial(\s*number)?$/i.test(serial)) return
    if (!isLabelSerial(serial)) {
      problems.push({
        line,
        serial,
        message: serial.length > 20 ? ct('labels.problem.tooLong') : ct('labels.problem.character'),
      })
      return
    }
    const first = seen.get(serial.toUpperCase())
    if (first !== undefined) {
      problems.push({ line, serial, message: ct('labels.problem.repeats', { line: first }) })
      return
    }
    seen.set(serial.toUpperCase(), line)
    serials.push(serial)
  })
  return { serials, problems }
}

/** The serials in sheets of at most LABELS_PER_SHEET. */
export function sheetsOf(serials: readonly string[]): string[][] {
  const sheets: string[][] = []
  for (let i = 0; i < serials.length; i += LABELS_PER_SHEET)
    sheets.push(serials.slice(i, i + LABELS_PER_SHEET))
  return sheets
}

/**
 * `/body/serials/7` (or the console's field key `serials.7`) → 7: the API names a refused
 * serial by its index in the request.
 */
export function serialIndexOf(path: string): number | null {
  const found = /^(?:\/body\/)?serials[./](\d+)$/.exec(path)
  return found ? Number(found[1]) : null
}

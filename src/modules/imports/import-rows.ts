import { AppError, type ErrorCode, type ErrorDetail } from '../../errors.js'
import { IssueBody } from '../warranties/index.js'
import type { CsvRecord } from './import-csv.js'
import { type CellResult, type DateFormat, readAmount, readDate, readInteger } from './import-values.js'

/** The columns an import's header may name: exactly the fields of one issue. */
export const IMPORT_COLUMNS: readonly string[] = Object.keys(IssueBody.properties)

/** How the cells of one upload are read (docs/bulk-issuance.md, "Dates and amounts"). */
export interface CellOptions {
  /** The order of a slash date's day and month; without it only unambiguous slash dates. */
  dateFormat?: DateFormat
  /** The merchant's currency: a currency mark on a price must fit it. */
  currency?: string
}

/** The readers of the columns that are not text. */
const READERS: Record<string, (cell: string, options: CellOptions) => CellResult<unknown>> = {
  purchaseDate: (cell, o) => readDate(cell, o.dateFormat),
  expiresAt: (cell, o) => readDate(cell, o.dateFormat),
  purchasePrice: (cell, o) => readAmount(cell, o.currency),
  warrantyDurationMonths: (cell) => readInteger(cell),
}

/** Why a line issued no warranty: the error the issue route would have answered for it. */
export interface LineError {
  code: ErrorCode
  message: string
  /**
   * Paths point into the line: `/serialNumber` is the serialNumber column. A cell the import
   * could not read carries its stable `reason` (date_invalid, date_ambiguous, number_invalid,
   * number_ambiguous, currency_mismatch).
   */
  details?: (ErrorDetail & { reason?: string })[]
}

/** One data line as stored for processing: the issue body it stands for, or its error. */
export type ImportLine = { line: number; item: Record<string, unknown> } | { line: number; error: LineError }

function headerError(message: string): AppError {
  return new AppError('validation_error', `The CSV header (line 1) is not valid: ${message}`, [
    { path: '/body', message },
  ])
}

/** The columns of the header record: known, each once, serialNumber among them (400 otherwise). */
export function readHeader(record: CsvRecord): string[] {
  if ('error' in record) throw headerError(record.error)
  const columns = record.fields.map((f) => f.trim())
  const seen = new Set<string>()
  for (const column of columns) {
    if (!IMPORT_COLUMNS.includes(column)) {
      throw headerError(`unknown column "${column.slice(0, 100)}" (columns: ${IMPORT_COLUMNS.join(', ')})`)
    }
    if (seen.has(column)) throw headerError(`column "${column}" appears twice`)
    seen.add(column)
  }
  if (!seen.has('serialNumber')) throw headerError('the serialNumber column is required')
  return columns
}

/** A data record as the issue body it stands for, or the error of a record that cannot be one. */
export function toImportLine(
  columns: readonly string[],
  record: CsvRecord,
  options: CellOptions = {},
): ImportLine {
  const { line } = record
  if ('error' in record) return { line, error: { code: 'validation_error', message: record.error } }
  if (record.fields.length !== columns.length) {
    return {
      line,
      error: {
        code: 'validation_error',
        message: `The line has ${record.fields.length} fields, the header ${columns.length}`,
      },
    }
  }
  const item: Record<string, unknown> = {}
  const refused: NonNullable<LineError['details']> = []
  columns.forEach((column, i) => {
    const cell = record.fields[i] as string
    if (cell === '') return
    const reader = READERS[column]
    if (!reader) {
      item[column] = cell
      return
    }
    // A cell of blanks is an empty cell in a number or date column (a spreadsheet pads some).
    if (cell.trim() === '') return
    const read = reader(cell, options)
    if ('value' in read) item[column] = read.value
    else refused.push({ path: `/${column}`, message: read.message, reason: read.reason })
  })
  if (refused.length > 0) {
    return {
      line,
      error: {
        code: 'validation_error',
        message: `The line has ${refused.length === 1 ? 'a value' : 'values'} the import cannot read`,
        details: refused,
      },
    }
  }
  return { line, item }
}

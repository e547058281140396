import { AppError, type ErrorCode, type ErrorDetail } from '../../errors.js'
import { IssueBody } from '../warranties/index.js'
import type { CsvRecord } from './import-csv.js'

/** The columns an import's header may name: exactly the fields of one issue. */
export const IMPORT_COLUMNS: readonly string[] = Object.keys(IssueBody.properties)
const INTEGER_COLUMNS = new Set(['warrantyDurationMonths'])
const NUMBER_COLUMNS = new Set(['purchasePrice'])
const INTEGER = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/** Why a line issued no warranty: the error the issue route would have answered for it. */
export interface LineError {
  code: ErrorCode
  message: string
  /** Paths point into the line: `/serialNumber` is the serialNumber column. */
  details?: ErrorDetail[]
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

/**
 * A cell as the issue body's value: an empty cell is an absent field; a number column's digits
 * become a number (anything else stays text, and the issue schema refuses it as that field).
 */
function cellValue(column: string, cell: string): unknown {
  if (INTEGER_COLUMNS.has(column) && INTEGER.test(cell.trim())) return Number(cell)
  if (NUMBER_COLUMNS.has(column) && DECIMAL.test(cell.trim())) return Number(cell)
  return cell
}

/** A data record as the issue body it stands for, or the error of a record that cannot be one. */
export function toImportLine(columns: readonly string[], record: CsvRecord): ImportLine {
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
  columns.forEach((column, i) => {
    const cell = record.fields[i] as string
    if (cell !== '') item[column] = cellValue(column, cell)
  })
  return { line, item }
}

import { isUtf8 } from 'node:buffer'

/**
 * A streaming CSV reader for warranty imports (RFC 4180: fields separated by a delimiter,
 * quoted with `"` where they hold the delimiter, a quote or a line break, `""` for a quote).
 * Bytes go in as they arrive; complete records come out with the number of the line they
 * start on (line 1 is the header). Lines end in LF or CRLF; blank lines are skipped; a UTF-8
 * byte order mark is dropped. The body must be UTF-8 without NUL bytes, checked line by line so
 * that the refusal names the line (a line break byte never occurs inside a UTF-8 sequence).
 */

/** Why the body as a whole cannot be read: answered 400 before anything is imported. */
export class CsvBodyError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'nul' | 'utf8' | 'too_long',
    message: string,
  ) {
    super(message)
  }
}

/** One record: its fields, or why its fields cannot be read (the rest of the file still can). */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string }

const LF = 0x0a
const QUOTE = '"'

/** Where a record's quoted field was left open at the end of its text: the scan resumes there. */
interface OpenField {
  fields: string[]
  value: string
  /** Where the scan resumes in the text it is given (0: a new line of the record). */
  scanned: number
}

/** Splits one record's text into fields; `open` while a quoted field has not ended. */
export function splitFields(text: string, delimiter: string): string[] | 'open' | { error: string } {
  const fields = scanFields(text, delimiter, null)
  return Array.isArray(fields) || 'error' in fields ? fields : 'open'
}

/**
 * `splitFields`, resumable: a record whose quoted field goes on over many lines is scanned once,
 * each line from where the last stopped (re-splitting it from its start at every line was
 * quadratic: 64 KB of one-byte lines cost seconds).
 */
function scanFields(
  text: string,
  delimiter: string,
  resume: OpenField | null,
): string[] | OpenField | { error: string } {
  const fields: string[] = resume ? resume.fields : []
  let i = 0
  let inside = resume
  for (;;) {
    if (inside || text[i] === QUOTE) {
      let value = inside ? inside.value : ''
      let j = inside ? inside.scanned : i + 1
      inside = null
      for (;;) {
        const close = text.indexOf(QUOTE, j)
        if (close === -1) return { fields, value: value + text.slice(j), scanned: text.length }
        value += text.slice(j, close)
        if (text[close + 1] === QUOTE) {
          value += QUOTE
          j = close + 2
        } else {
          j = close + 1
          break
        }
      }
      fields.push(value)
      if (j === text.length) return fields
      if (text[j] !== delimiter)
        return { error: `a quoted field is followed by text (column ${fields.length})` }
      i = j + 1
    } else {
      const end = text.indexOf(delimiter, i)
      fields.push(end === -1 ? text.slice(i) : text.slice(i, end))
      if (end === -1) return fields
      i = end + 1
    }
  }
}

/** The delimiter a header line uses: a comma, else a semicolon or a tab (spreadsheets in some locales). */
export function detectDelimiter(header: string): string {
  if (header.includes(',')) return ','
  if (header.includes(';')) return ';'
  if (header.includes('\t')) return '\t'
  return ','
}

export class CsvReader {
  private carry: Buffer = Buffer.alloc(0)
  /** Physical lines read so far. */
  private lineNo = 0
  /** A record whose quoted field continues on the next line. */
  private open: { line: number; length: number; field: OpenField } | null = null
  private delimiter: string | null = null

  constructor(private readonly maxRecordBytes: number) {}

  /** The records these bytes complete. Throws CsvBodyError. */
  push(bytes: Buffer): CsvRecord[] {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes
    const records: CsvRecord[] = []
    let start = 0
    for (let end = data.indexOf(LF); end !== -1; end = data.indexOf(LF, start)) {
      this.line(data.subarray(start, end), records)
      start = end + 1
    }
    this.carry = Buffer.from(data.subarray(start))
    if (this.carry.length > this.maxRecordBytes) this.tooLong(this.lineNo + 1)
    return records
  }

  /** The records left at the end of the body. Throws CsvBodyError. */
  end(): CsvRecord[] {
    const records: CsvRecord[] = []
    if (this.carry.length > 0) this.line(this.carry, records)
    this.carry = Buffer.alloc(0)
    if (this.open) {
      records.push({ line: this.open.line, error: 'a quoted field is not closed before the end of the file' })
      this.open = null
    }
    return records
  }

  private line(bytes: Buffer, records: CsvRecord[]): void {
    this.lineNo++
    const nul = bytes.indexOf(0)
    if (nul !== -1) {
      throw new CsvBodyError(this.lineNo, 'nul', `Line ${this.lineNo} holds a NUL byte`)
    }
    if (!isUtf8(bytes)) {
      throw new CsvBodyError(this.lineNo, 'utf8', `Line ${this.lineNo} is not valid UTF-8`)
    }
    let text = bytes.toString('utf8')
    if (text.endsWith('\r')) text = text.slice(0, -1)
    if (this.lineNo === 1 && text.startsWith('\uFEFF')) text = text.slice(1)
    const line = this.open?.line ?? this.lineNo
    // A record open over lines: only this line is scanned, from inside the open quoted field
    // (the record's text so far is never copied or scanned again).
    if (this.open) text = `\n${text}`
    else if (text === '') return
    this.delimiter ??= detectDelimiter(text)
    const length = (this.open?.length ?? 0) + text.length
    const fields = scanFields(text, this.delimiter, this.open ? { ...this.open.field, scanned: 0 } : null)
    if (!Array.isArray(fields) && 'scanned' in fields) {
      if (length > this.maxRecordBytes) this.tooLong(line)
      this.open = { line, length, field: fields }
      return
    }
    this.open = null
    records.push(Array.isArray(fields) ? { line, fields } : { line, error: fields.error })
  }

  private tooLong(line: number): never {
    throw new CsvBodyError(
      line,
      'too_long',
      `The record on line ${line} is longer than ${this.maxRecordBytes} bytes (a quote not closed?)`,
    )
  }
}

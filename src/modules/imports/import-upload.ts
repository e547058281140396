import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { AppError } from '../../errors.js'
import { UNSTORABLE_TEXT } from '../../http/input-hardening.js'
import { CsvBodyError, CsvReader } from './import-csv.js'
import { type CellOptions, type ImportLine, readHeader, toImportLine } from './import-rows.js'

/** The most bytes one record may hold (every issue field at its maximum is a few KB). */
export const MAX_RECORD_BYTES = 64 * 1024

/**
 * A `text/csv` request body, handed to the route as a stream. Wrapped so that the request's
 * generic input checks (which walk a parsed body's values) see no values in it.
 */
export class CsvBody {
  readonly #stream: Readable
  constructor(stream: Readable) {
    this.#stream = stream
  }
  get stream(): Readable {
    return this.#stream
  }
}

export interface UploadLimits {
  maxBytes: number
  chunkLines: number
}

export interface UploadSummary {
  bytes: number
  sha256: string
  lines: number
  chunks: number
}

function bodyError(err: CsvBodyError): AppError {
  const message =
    err.reason === 'nul' ? UNSTORABLE_TEXT : err.reason === 'utf8' ? 'is not valid UTF-8' : 'is too long'
  return new AppError('validation_error', err.message, [{ path: '/body', message }])
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The CSV is larger than ${maxBytes} bytes`)
}

/**
 * Reads a CSV body as it arrives: checks its bytes (UTF-8, no NUL, at most `maxBytes`), reads
 * its header and hands its data lines (their cells read as `cells` says) to `store` in chunks of
 * `chunkLines`, numbered from 0.
 * Throws the request's error (400, 413); the rest of a refused body is read and dropped, so
 * that the client, still sending, gets the answer.
 */
export async function readUpload(
  stream: Readable,
  limits: UploadLimits,
  cells: CellOptions,
  store: (seq: number, lines: ImportLine[]) => Promise<void>,
): Promise<UploadSummary> {
  const reader = new CsvReader(MAX_RECORD_BYTES)
  const hash = createHash('sha256')
  let bytes = 0
  let columns: string[] | null = null
  let chunk: ImportLine[] = []
  let chunks = 0
  let lines = 0
  const take = async (records: ReturnType<CsvReader['push']>) => {
    for (const record of records) {
      if (!columns) {
        columns = readHeader(record)
        continue
      }
      chunk.push(toImportLine(columns, record, cells))
      lines++
      if (chunk.length >= limits.chunkLines) {
        const full = chunk
        chunk = []
        await store(chunks++, full)
      }
    }
  }
  try {
    for await (const data of stream.iterator({ destroyOnReturn: false })) {
      const buffer = data as Buffer
      bytes += buffer.length
      if (bytes > limits.maxBytes) throw tooLarge(limits.maxBytes)
      hash.update(buffer)
      await take(reader.push(buffer))
    }
    await take(reader.end())
    if (chunk.length > 0) await store(chunks++, chunk)
  } catch (err) {
    if (!stream.destroyed) stream.resume()
    throw err instanceof CsvBodyError ? bodyError(err) : err
  }
  if (!columns)
    throw new AppError('validation_error', 'The CSV is empty', [{ path: '/body', message: 'is empty' }])
  if (lines === 0) {
    throw new AppError('validation_error', 'The CSV has no lines after its header', [
      { path: '/body', message: 'has no data lines' },
    ])
  }
  return { bytes, sha256: hash.digest('hex'), lines, chunks }
}

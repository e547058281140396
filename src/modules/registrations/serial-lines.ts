import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { AppError } from '../../errors.js'
import type { SerialLine } from './serial-uploads.repository.js'

/** A line longer than this is reported as an error and not kept (a serial is at most 20 characters). */
const MAX_LINE_CHARS = 1000
/** What a line over MAX_LINE_CHARS is stored as (no serial holds a NUL). */
export const TOO_LONG = '\u0000'
/** A first line naming the column is a header, not a serial. */
const HEADERS = new Set(['serial', 'serialnumber', 'serial_number', 'serial number', 'sn'])

/**
 * A `text/csv` or `text/plain` body, handed to the route as a stream (never parsed whole): the
 * request's generic input checks see no values in it.
 */
export class SerialsStream {
  readonly #stream: Readable
  constructor(stream: Readable) {
    this.#stream = stream
  }
  get stream(): Readable {
    return this.#stream
  }
}

/** The serial of one CSV line: its first field, unquoted and trimmed. */
export function firstField(line: string): string {
  const text = line.trim()
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1)
    return (end < 0 ? text.slice(1) : text.slice(1, end)).trim()
  }
  const comma = text.search(/[,;\t]/)
  return (comma < 0 ? text : text.slice(0, comma)).trim()
}

/**
 * Reads the body's lines as they arrive, bounded: at most `maxBytes` (413 beyond), a line over
 * MAX_LINE_CHARS kept as a marker the job reports; blank lines skipped; a header skipped. Hands
 * the lines to `store` in chunks of `chunkLines`. Answers how many lines were handed.
 */
export async function readSerialLines(
  stream: Readable,
  limits: { maxBytes: number; chunkLines: number },
  store: (lines: SerialLine[]) => Promise<void>,
): Promise<number> {
  const decoder = new StringDecoder('utf8')
  let bytes = 0
  let lineNo = 0
  let partial = ''
  let overlong = false
  let chunk: SerialLine[] = []
  let count = 0
  const take = async (line: string) => {
    lineNo++
    const serial = overlong ? TOO_LONG : firstField(line.replace(/^\uFEFF/, ''))
    overlong = false
    if (serial === '' || (lineNo === 1 && HEADERS.has(serial.toLowerCase()))) return
    chunk.push([lineNo, serial])
    count++
    if (chunk.length >= limits.chunkLines) {
      const full = chunk
      chunk = []
      await store(full)
    }
  }
  const feed = async (text: string) => {
    const parts = (partial + text).split('\n')
    partial = parts.pop() ?? ''
    for (const part of parts) await take(part)
    if (partial.length > MAX_LINE_CHARS) {
      overlong = true
      partial = ''
    }
  }
  try {
    for await (const data of stream.iterator({ destroyOnReturn: false })) {
      const buffer = data as Buffer
      bytes += buffer.length
      if (bytes > limits.maxBytes) throw tooLarge(limits.maxBytes)
      await feed(decoder.write(buffer))
    }
    await feed(decoder.end())
    if (partial !== '' || overlong) await take(partial)
    if (chunk.length > 0) await store(chunk)
  } catch (err) {
    if (!stream.destroyed) stream.resume()
    throw err
  }
  return count
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The upload is larger than ${maxBytes} bytes`)
}

import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { AdapterError } from '../adapter-error.js'
import { bestBlockOf } from './anvil-files.js'

/** How much of the answer may precede the result's hex string (`{"jsonrpc":"2.0","id":1,"result":"`). */
const MAX_HEAD_BYTES = 64 * 1024
const RESULT_KEY = '"result":"'
const BEST_BLOCK_KEY = '"best_block_number"'
/** Enough after the key for its value (`"best_block_number":"0x…"`). */
const BEST_BLOCK_PROBE_BYTES = 100
/** How far into the end of a dump a complete one has its closing brace. */
const TAIL_BYTES = 64

/**
 * The state dump of an anvil node (`anvil_dumpState`) as a stream of its JSON, decoded while it
 * arrives: the JSON-RPC answer's result is one hex string of gzip, which is hex-decoded and
 * gunzipped chunk by chunk. The dump of a large chain is hundreds of megabytes; held whole
 * (answer text, hex string, gzip bytes, JSON: four copies) it raised the service's resident memory
 * to its peak every five minutes, and that memory stayed with the process.
 *
 * `head()` answers the dump's head block once the stream has been read to its end; the stream
 * fails at its end when the dump holds no head block or does not end as a JSON object does.
 */
export class StateDumpStream {
  readonly json: Readable
  private probe: string | null = null
  private carry = ''
  private tail = ''

  constructor(answer: Readable) {
    const scan = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.scan(chunk)
        callback(null, chunk)
      },
      // A dump without its head block, or cut short, fails before its file replaces the last one.
      flush: (callback) => {
        try {
          this.head()
          callback()
        } catch (err) {
          callback(err as Error)
        }
      },
    })
    // Any stage's failure (the answer cut, an error answer, bad gzip) destroys every stage, the
    // last one with the error: whoever reads `json` sees it.
    this.json = pipeline(answer, new HexResult(), createGunzip(), scan, () => {})
  }

  head(): bigint {
    if (this.probe === null || !this.tail.trimEnd().endsWith('}')) {
      throw new AdapterError('the state dump is incomplete', true)
    }
    const head = bestBlockOf(this.probe, true)
    if (head === null) throw new AdapterError('anvil_dumpState returned no head block', true)
    return head
  }

  private scan(chunk: Buffer): void {
    const text = chunk.toString('latin1')
    if (this.probe === null) {
      const window = this.carry + text
      const at = window.indexOf(BEST_BLOCK_KEY)
      if (at >= 0) this.probe = window.slice(at, at + BEST_BLOCK_PROBE_BYTES)
      else this.carry = window.slice(-BEST_BLOCK_KEY.length)
    } else if (this.probe.length < BEST_BLOCK_PROBE_BYTES) {
      this.probe = (this.probe + text).slice(0, BEST_BLOCK_PROBE_BYTES)
    }
    this.tail = (this.tail + text).slice(-TAIL_BYTES)
  }
}

/**
 * The bytes of a JSON-RPC answer's hex-string result (`"result":"0x…"`), decoded as they
 * arrive. An error answer, or an answer that ends before its string does, fails the stream.
 */
class HexResult extends Transform {
  private state: 'head' | 'prefix' | 'hex' | 'done' = 'head'
  private head = ''
  /** The string's first characters, until it is known whether they are `0x`. */
  private prefix = ''
  /** An odd hex digit left over from the previous chunk. */
  private nibble = ''

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(this.consume(chunk.toString('latin1')))
  }

  override _flush(callback: TransformCallback): void {
    if (this.state === 'done' && this.nibble === '') callback()
    else
      callback(this.state === 'head' ? this.failure() : new AdapterError('the state dump ended early', true))
  }

  /** Takes the next part of the answer; an error when it cannot be a dump's. */
  private consume(received: string): AdapterError | null {
    let text = received
    if (this.state === 'head') {
      this.head += text
      const at = this.head.indexOf(RESULT_KEY)
      if (at < 0) return this.head.length > MAX_HEAD_BYTES ? this.failure() : null
      text = this.head.slice(at + RESULT_KEY.length)
      this.state = 'prefix'
      this.head = ''
    }
    if (this.state === 'prefix') {
      // A chunk boundary may fall inside "0x".
      this.prefix += text
      if (this.prefix.length < 2 && !this.prefix.includes('"')) return null
      text = this.prefix.startsWith('0x') ? this.prefix.slice(2) : this.prefix
      this.state = 'hex'
    }
    if (this.state === 'hex') {
      const end = text.indexOf('"')
      const digits = this.nibble + (end >= 0 ? text.slice(0, end) : text)
      if (end >= 0) this.state = 'done'
      const even = digits.length - (digits.length % 2)
      this.nibble = digits.slice(even)
      if (even > 0) this.push(Buffer.from(digits.slice(0, even), 'hex'))
    }
    return null
  }

  private failure(): AdapterError {
    try {
      const answer = JSON.parse(this.head) as { error?: { message?: string } }
      if (answer.error) return new AdapterError(`anvil anvil_dumpState failed: ${answer.error.message}`, true)
    } catch {
      // not JSON: said below
    }
    return new AdapterError('anvil_dumpState answered without a result', true)
  }
}

/** Asks the node at `rpcUrl` for its state dump; the answer streams (see StateDumpStream). */
export async function requestStateDump(rpcUrl: string, timeoutMs: number): Promise<StateDumpStream> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (err) {
    throw new AdapterError(`anvil anvil_dumpState failed: ${String(err)}`, true, { cause: err })
  }
  if (!response.body) throw new AdapterError('anvil_dumpState answered without a body', true)
  return new StateDumpStream(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

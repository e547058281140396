import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { StateDumpStream } from '../../../src/adapters/chain/anvil-dump.js'

/** A state dump as anvil answers anvil_dumpState: its JSON gzipped, as a 0x hex string result. */
function answerOf(json: string): Buffer {
  const hex = `0x${gzipSync(Buffer.from(json)).toString('hex')}`
  return Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: hex }))
}

function chunked(bytes: Buffer, size: number): Readable {
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
  return Readable.from(chunks)
}

async function read(stream: StateDumpStream): Promise<string> {
  const parts: Buffer[] = []
  for await (const chunk of stream.json) parts.push(chunk as Buffer)
  return Buffer.concat(parts).toString()
}

const accounts = Object.fromEntries(
  Array.from({ length: 300 }, (_, i) => [
    `0x${i.toString(16).padStart(40, '0')}`,
    { nonce: i, balance: '0x0' },
  ]),
)
const STATE = JSON.stringify({ block: { number: '0x2a' }, accounts, best_block_number: '0x2a', blocks: [] })

describe('the state dump, streamed from the node to the file', () => {
  it('decodes the hex of the gzipped state whatever the chunk boundaries, and reads its head block', async () => {
    const answer = answerOf(STATE)
    for (const size of [1, 2, 3, 7, 10, 11, 64, 4096, answer.length]) {
      const dump = new StateDumpStream(chunked(answer, size))
      expect(await read(dump), `chunks of ${size} bytes`).toBe(STATE)
      expect(dump.head()).toBe(42n)
    }
  })

  it('fails on an error answer, with the node’s message', async () => {
    const error = Buffer.from(
      JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'boom' } }),
    )
    await expect(read(new StateDumpStream(chunked(error, 5)))).rejects.toThrow(/anvil_dumpState failed: boom/)
  })

  it('fails on an answer cut short: in the hex string, or before the result', async () => {
    const answer = answerOf(STATE)
    await expect(
      read(new StateDumpStream(chunked(answer.subarray(0, answer.length - 40), 100))),
    ).rejects.toThrow()
    await expect(read(new StateDumpStream(chunked(answer.subarray(0, 20), 100)))).rejects.toThrow(
      /without a result/,
    )
  })

  it('fails on a dump without a head block, or that does not end as a JSON object', async () => {
    const noHead = JSON.stringify({ block: {}, accounts })
    await expect(read(new StateDumpStream(chunked(answerOf(noHead), 512)))).rejects.toThrow(/incomplete/)
    await expect(read(new StateDumpStream(chunked(answerOf(STATE.slice(0, -5)), 512)))).rejects.toThrow(
      /incomplete/,
    )
  })
})

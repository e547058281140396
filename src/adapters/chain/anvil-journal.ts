import { type FileHandle, open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { writeAtomic } from '../../lib/atomic-file.js'
import { AdapterError } from '../adapter-error.js'
import { anvilRpc } from './anvil-rpc.js'

/** One mined block as the journal keeps it: enough to mine it again with the same transactions. */
interface JournalEntry {
  /** Block number. */
  n: number
  /** Block hash when it was journaled (a different hash at that height later: the chain was rewound). */
  h: string
  /** Timestamp (seconds). */
  t: number
  /** The block's transactions, raw and signed, in block order. */
  txs: string[]
}

interface RpcBlock {
  number: string
  hash: string
  timestamp: string
  transactions: string[]
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`

/**
 * An append-only, fsynced journal of the blocks an anvil node mined since its last full state
 * dump (`<chainDir>/journal.jsonl`, one JSON line per block: number, hash, timestamp and the
 * raw signed transactions). Appending a few hundred bytes per block replaces rewriting the
 * whole state (which grows with every token: 700–800 bytes of receipts and logs per certificate)
 * each time a mint must become durable. At start the node loads the last full dump and the
 * journal's later blocks are mined again, in order, with their original transactions and
 * timestamps (same nonces, same token ids, same transaction hashes). A full dump (every few
 * minutes and at stop) truncates the journal.
 *
 * A line torn by a crash was never acknowledged (its fsync had not returned): it is ignored.
 */
export class BlockJournal {
  /** The last block journaled (or covered by the last full dump), and its hash; null: unknown. */
  private last: { n: number; h: string | null } | null = null
  private handle: FileHandle | null = null

  constructor(
    private readonly chainDir: string,
    private readonly log: Logger,
  ) {}

  get path(): string {
    return join(this.chainDir, 'journal.jsonl')
  }

  /** Blocks in the journal beyond `head` (what a node loaded from a dump at `head` lacks). */
  async entriesAfter(head: bigint | null): Promise<JournalEntry[]> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch {
      return []
    }
    const entries: JournalEntry[] = []
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      try {
        const entry = JSON.parse(line) as JournalEntry
        if (head === null || entry.n > Number(head)) entries.push(entry)
      } catch {
        this.log.warn('ignoring a torn line at the end of the chain journal (a crash while appending)')
      }
    }
    return entries
  }

  /**
   * Mines the journal's blocks after `head` again on a node started without mining, then
   * switches mining on (interval mining every `blockTimeSeconds`, else automine). Returns how
   * many blocks were replayed.
   */
  async replay(rpcUrl: string, head: bigint | null, blockTimeSeconds?: number): Promise<number> {
    const entries = await this.entriesAfter(head)
    let expected = head === null ? null : Number(head) + 1
    for (const entry of entries) {
      if (expected !== null && entry.n > expected) {
        // Blocks neither dumped nor journaled (none carried an acknowledged mint): keep the numbers.
        await anvilRpc(rpcUrl, 'anvil_mine', [hex(entry.n - expected), '0x0'])
      }
      for (const raw of entry.txs) {
        try {
          await anvilRpc(rpcUrl, 'eth_sendRawTransaction', [raw])
        } catch (err) {
          this.log.error(
            { block: entry.n, err: String(err) },
            'a journaled transaction was refused on replay',
          )
        }
      }
      await anvilRpc(rpcUrl, 'evm_mine', [{ timestamp: entry.t }]).catch(() =>
        anvilRpc(rpcUrl, 'evm_mine', []),
      )
      expected = entry.n + 1
    }
    if (blockTimeSeconds !== undefined) await anvilRpc(rpcUrl, 'evm_setIntervalMining', [blockTimeSeconds])
    else await anvilRpc(rpcUrl, 'evm_setAutomine', [true])
    if (entries.length > 0) {
      this.log.warn(
        { blocks: entries.length, from: entries[0]?.n, to: entries.at(-1)?.n },
        'replayed the blocks journaled since the last full state dump',
      )
    }
    return entries.length
  }

  /** The node's head after a full dump or a replay: journaling continues from there. */
  async resetTo(rpcUrl: string, head: bigint): Promise<void> {
    const block = (await anvilRpc(rpcUrl, 'eth_getBlockByNumber', [hex(head), false])) as RpcBlock | null
    this.last = { n: Number(head), h: block?.hash ?? null }
  }

  /** Whether blocks were journaled since the last full dump. */
  async hasEntries(): Promise<boolean> {
    return (await this.entriesAfter(null)).length > 0
  }

  /**
   * Appends every block after the last one journaled up to the node's head, fsynced; returns
   * the head. Null when the journal cannot continue (no starting point, or the chain was
   * rewound or replaced under it): the caller makes a full dump instead.
   */
  async append(rpcUrl: string): Promise<bigint | null> {
    const last = this.last
    if (last === null || last.h === null) return null
    const head = Number(BigInt((await anvilRpc(rpcUrl, 'eth_blockNumber')) as string))
    if (head < last.n) return null
    const anchor = (await anvilRpc(rpcUrl, 'eth_getBlockByNumber', [hex(last.n), false])) as RpcBlock | null
    if (anchor?.hash !== last.h) return null
    if (head === last.n) return BigInt(head)
    const lines: string[] = []
    let hash = last.h
    for (let n = last.n + 1; n <= head; n++) {
      const block = (await anvilRpc(rpcUrl, 'eth_getBlockByNumber', [hex(n), false])) as RpcBlock | null
      if (!block) throw new AdapterError(`anvil has no block ${n} below its head ${head}`, true)
      const txs = await Promise.all(
        block.transactions.map(async (txHash) => {
          const raw = (await anvilRpc(rpcUrl, 'eth_getRawTransactionByHash', [txHash])) as string | null
          if (!raw) throw new AdapterError(`anvil has no raw transaction ${txHash}`, true)
          return raw
        }),
      )
      lines.push(`${JSON.stringify({ n, h: block.hash, t: Number(BigInt(block.timestamp)), txs })}\n`)
      hash = block.hash
    }
    const file = await this.file()
    await file.appendFile(lines.join(''))
    await file.sync()
    this.last = { n: head, h: hash }
    return BigInt(head)
  }

  /**
   * After a full dump at `head` (made on the same queue as appends, so the journal held nothing
   * past it unless the chain was rewound): empties the journal (a new empty file, fsynced and
   * renamed over the old one) and journals on from `head`.
   */
  async truncate(rpcUrl: string, head: bigint): Promise<void> {
    await this.closeFile()
    await writeAtomic(this.path, new Uint8Array())
    await this.resetTo(rpcUrl, head)
  }

  /** Forgets the starting point (the node stopped or crashed). */
  async close(): Promise<void> {
    this.last = null
    await this.closeFile()
  }

  private async file(): Promise<FileHandle> {
    this.handle ??= await open(this.path, 'a')
    return this.handle
  }

  private async closeFile(): Promise<void> {
    const handle = this.handle
    this.handle = null
    await handle?.close()
  }
}

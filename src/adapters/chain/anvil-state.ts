import type { Logger } from 'pino'
import { AdapterError } from '../adapter-error.js'
import { requestStateDump } from './anvil-dump.js'
import type { ChainFiles } from './anvil-files.js'
import type { BlockJournal } from './anvil-journal.js'
import { anvilRpc } from './anvil-rpc.js'

/** How often new blocks are journaled when nothing asked for it sooner. */
const SAVE_INTERVAL_MS = 1_000
/** How often the whole state is dumped while the journal holds blocks (it also is at stop). */
const FULL_DUMP_INTERVAL_MS = 5 * 60_000
/** A full dump of a large chain (a million certificates: ~800 MB of JSON) takes a while. */
const DUMP_TIMEOUT_MS = 300_000

/**
 * Keeps an anvil node's blocks on disk. Two ways, one queue:
 * - `durable()`, which minting calls before a batch counts as minted: the blocks mined since
 *   the last call are appended to the journal (BlockJournal: their raw transactions, fsynced);
 *   a few hundred bytes per block, whatever the size of the chain.
 * - `persist()`: the whole state (`anvil_dumpState`, written atomically and fsynced by
 *   ChainFiles) to `state.json`, which empties the journal; at stop, every five minutes while
 *   the journal holds blocks, after a replay, and whenever the journal cannot continue (the
 *   chain was rewound under it).
 * Every second the blocks mined since are journaled. At start the node loads `state.json` and
 * the journal's blocks are mined again (AnvilSupervisor). anvil's own periodic dump is not
 * used: it wrote in place, so a crash could leave a torn file.
 */
export class AnvilStateSaver {
  /** The head block the state file holds. */
  private savedHead: bigint | null = null
  /** The head block known to be on disk (state file or journal). */
  private durableHead: bigint | null = null
  /** Saves run one after the other, in call order. */
  private saving: Promise<unknown> = Promise.resolve()
  /** Calls of persist() so far, and how many of them the last finished save covers. */
  private saveRequests = 0
  private savedRequests = 0
  private lastFullDump = Date.now()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly files: ChainFiles,
    private readonly journal: BlockJournal,
    private readonly log: Logger,
  ) {}

  /** Reads what the state file holds (before the node starts from it); returns its head block. */
  async load(): Promise<bigint | null> {
    this.savedHead = await this.files.savedBlock()
    return this.savedHead
  }

  /**
   * Saves the node's whole state; returns the head block saved. Once it returns, a crash of the
   * node can no longer take back any block mined before the call (`minBlock`, when given, is
   * checked to be among them). Calls made while a save runs share the next one.
   */
  async persist(rpcUrl: string, minBlock?: bigint): Promise<bigint> {
    const request = ++this.saveRequests
    const saved = await this.enqueue(async () => {
      // A save that began after this call has finished meanwhile: it holds what we need.
      if (this.savedRequests >= request && this.savedHead !== null) return this.savedHead
      const covers = this.saveRequests
      const head = await this.fullDump(rpcUrl)
      this.savedRequests = covers
      return head
    })
    return checkHead(saved, minBlock)
  }

  /**
   * Returns once a crash of the node can no longer take back any block mined before the call
   * (`minBlock`, when given, is checked to be among them): the blocks since the last call are
   * journaled, or, when the journal cannot continue, the whole state is dumped.
   */
  async durable(rpcUrl: string, minBlock?: bigint): Promise<bigint> {
    const head = await this.enqueue(async () => {
      const journaled = await this.journal.append(rpcUrl)
      if (journaled !== null) {
        this.durableHead = journaled
        return journaled
      }
      return this.fullDump(rpcUrl)
    })
    return checkHead(head, minBlock)
  }

  /** Saves the state of the node at `rpcUrl` now (also an orphaned node of an earlier run). */
  async saveFrom(rpcUrl: string): Promise<bigint> {
    // Streamed to the file as it arrives: never the whole dump in memory (StateDumpStream).
    const dump = await requestStateDump(rpcUrl, DUMP_TIMEOUT_MS)
    await this.files.writeState(dump.json)
    const head = dump.head()
    this.savedHead = head
    return head
  }

  startPeriodic(rpcUrl: string): void {
    this.stopPeriodic()
    this.lastFullDump = Date.now()
    this.timer = setInterval(() => {
      this.saveIfMoved(rpcUrl).catch((err: unknown) =>
        this.log.warn({ err: String(err) }, 'saving the chain state failed'),
      )
    }, SAVE_INTERVAL_MS)
    this.timer.unref()
  }

  stopPeriodic(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private async fullDump(rpcUrl: string): Promise<bigint> {
    const head = await this.saveFrom(rpcUrl)
    await this.journal.truncate(rpcUrl, head)
    this.durableHead = head
    this.lastFullDump = Date.now()
    return head
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.saving.catch(() => undefined).then(task)
    this.saving = run
    return run
  }

  private async saveIfMoved(rpcUrl: string): Promise<void> {
    if (Date.now() - this.lastFullDump >= FULL_DUMP_INTERVAL_MS && (await this.journal.hasEntries())) {
      await this.persist(rpcUrl)
      return
    }
    const head = BigInt((await anvilRpc(rpcUrl, 'eth_blockNumber')) as string)
    // Not only when the head grew: a node restored from an older state has other blocks.
    if (this.durableHead === null || head !== this.durableHead) await this.durable(rpcUrl, head)
  }
}

function checkHead(saved: bigint, minBlock: bigint | undefined): bigint {
  if (minBlock !== undefined && saved < minBlock) {
    throw new AdapterError(`the chain's head ${saved} is behind block ${minBlock}: it lost blocks`, true)
  }
  return saved
}

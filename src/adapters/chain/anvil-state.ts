import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { Logger } from 'pino'
import { AdapterError } from '../adapter-error.js'
import { bestBlockOf, type ChainFiles } from './anvil-files.js'
import { anvilRpc } from './anvil-rpc.js'

/** How often new blocks are saved when nothing asked for it sooner. */
const SAVE_INTERVAL_MS = 1_000
const gunzipAsync = promisify(gunzip)

/**
 * Saves an anvil node's state to `state.json` itself (`anvil_dumpState`, written atomically
 * and fsynced by ChainFiles): on demand through `persist()`, which minting calls before a
 * batch counts as minted, every second when the head moved, and at stop. anvil's own
 * periodic dump is not used: it wrote in place, at most once a second, so a crash could take
 * back blocks the service had already counted.
 */
export class AnvilStateSaver {
  /** The head block the state file holds. */
  private savedHead: bigint | null = null
  /** Saves run one after the other, in call order. */
  private saving: Promise<unknown> = Promise.resolve()
  /** Calls of persist() so far, and how many of them the last finished save covers. */
  private saveRequests = 0
  private savedRequests = 0
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly files: ChainFiles,
    private readonly log: Logger,
  ) {}

  /** Reads what the state file holds (before the node starts from it). */
  async load(): Promise<void> {
    this.savedHead = await this.files.savedBlock()
  }

  /**
   * Saves the node's state; returns the head block saved. Once it returns, a crash of the node
   * can no longer take back any block mined before the call (`minBlock`, when given, is
   * checked to be among them). Calls made while a save runs share the next one.
   */
  async persist(rpcUrl: string, minBlock?: bigint): Promise<bigint> {
    const request = ++this.saveRequests
    const run = this.saving
      .catch(() => undefined)
      .then(async () => {
        // A save that began after this call has finished meanwhile: it holds what we need.
        if (this.savedRequests >= request && this.savedHead !== null) return this.savedHead
        const covers = this.saveRequests
        const saved = await this.saveFrom(rpcUrl)
        this.savedRequests = covers
        return saved
      })
    this.saving = run
    const saved = await run
    if (minBlock !== undefined && saved < minBlock) {
      throw new AdapterError(`the chain's head ${saved} is behind block ${minBlock}: it lost blocks`, true)
    }
    return saved
  }

  /** Saves the state of the node at `rpcUrl` now (also an orphaned node of an earlier run). */
  async saveFrom(rpcUrl: string): Promise<bigint> {
    const dump = (await anvilRpc(rpcUrl, 'anvil_dumpState')) as string
    const json = (await gunzipAsync(Buffer.from(dump.replace(/^0x/, ''), 'hex'))).toString('utf8')
    const head = bestBlockOf(json, true)
    if (head === null) throw new AdapterError('anvil_dumpState returned no head block', true)
    await this.files.writeState(json)
    this.savedHead = head
    return head
  }

  startPeriodic(rpcUrl: string): void {
    this.stopPeriodic()
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

  private async saveIfMoved(rpcUrl: string): Promise<void> {
    const head = BigInt((await anvilRpc(rpcUrl, 'eth_blockNumber')) as string)
    // Not only when the head grew: a node restored from an older state has other blocks.
    if (this.savedHead === null || head !== this.savedHead) await this.persist(rpcUrl, head)
  }
}

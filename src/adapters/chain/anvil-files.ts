import { existsSync } from 'node:fs'
import { copyFile, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { TEMP_SUFFIX, writeAtomic } from '../../lib/atomic-file.js'
import { AdapterError } from '../adapter-error.js'
import type { Address, Hash } from './port.js'

/** `<dataDir>/chain/deployment.json` */
export interface Deployment {
  address: Address
  chainId: number
  deployedAt: string
  txHash: Hash
}

const STOP_GRACE_MS = 5_000

const BEST_BLOCK = /"best_block_number":\s*"?(0x[0-9a-fA-F]+|\d+)"?/

/** How far into the end of a dump a complete one has its closing brace. */
const TAIL_BYTES = 64

/**
 * The head block a state dump holds. `quick` reads the field without parsing the whole dump;
 * a Buffer (a large chain's state is longer than the longest string V8 allows) is read that
 * way, and checked to end as a JSON object does.
 */
export function bestBlockOf(state: string | Buffer, quick = false): bigint | null {
  if (typeof state !== 'string') {
    const at = state.indexOf('"best_block_number"')
    const tail = state
      .subarray(Math.max(0, state.length - TAIL_BYTES))
      .toString('latin1')
      .trimEnd()
    if (at < 0 || !tail.endsWith('}')) throw new Error('the state dump is incomplete')
    return bestBlockOf(state.subarray(at, at + 100).toString('latin1'), true)
  }
  const found = quick ? BEST_BLOCK.exec(state) : null
  if (found?.[1] !== undefined) return BigInt(found[1])
  const parsed = JSON.parse(state) as { best_block_number?: number | string; block?: { number?: string } }
  const best = parsed.best_block_number ?? parsed.block?.number
  return best === undefined ? null : BigInt(best)
}

/** Whether a state file is whole: parsed in full when small enough, else its head and tail checked. */
function checkedBest(state: Buffer): bigint | null {
  return state.length < 256 * 1024 * 1024 ? bestBlockOf(state.toString('utf8')) : bestBlockOf(state)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Empty when unknown (not Linux): then a live pid is trusted to be the recorded anvil. */
async function commandLineOf(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

async function writeAtomically(path: string, content: string): Promise<void> {
  await writeFile(`${path}.tmp`, content)
  await rename(`${path}.tmp`, path)
}

/**
 * The files of the embedded chain under `<dataDir>/chain`: anvil's state file
 * (checked, backed up, restored), the pid file that guards the folder, and
 * deployment.json.
 *
 * The supervisor writes the state file itself, atomically (`writeState`); a broken
 * file (a disk fault, or one written by an older version, when anvil wrote it in
 * place) is set aside at start and the last good copy (`state.json.bak`, refreshed
 * at every start and clean stop) is used instead, with a loud warning.
 */
export class ChainFiles {
  constructor(
    readonly chainDir: string,
    private readonly log: Logger,
  ) {}

  get statePath(): string {
    return join(this.chainDir, 'state.json')
  }

  /** anvil's own cache folder; also in its command line, which identifies the node of this folder. */
  get cachePath(): string {
    return join(this.chainDir, 'cache')
  }

  get deploymentPath(): string {
    return join(this.chainDir, 'deployment.json')
  }

  private get pidPath(): string {
    return join(this.chainDir, 'anvil.pid')
  }

  async writePid(pid: number, port: number): Promise<void> {
    await writeFile(this.pidPath, `${JSON.stringify({ pid, ownerPid: process.pid, port })}\n`)
  }

  /**
   * Replaces the state file with `stateJson` so that no crash can leave it half written or
   * lose it once this returns (`writeAtomic`: temporary file fsynced, renamed over, folder fsynced).
   */
  async writeState(stateJson: string | Buffer | AsyncIterable<Uint8Array>): Promise<void> {
    await writeAtomic(this.statePath, typeof stateJson === 'string' ? Buffer.from(stateJson) : stateJson)
  }

  async removePid(): Promise<void> {
    await rm(this.pidPath, { force: true })
  }

  /** The block number the state file holds, or null while it is missing or being written. */
  async savedBlock(): Promise<bigint | null> {
    try {
      return bestBlockOf(await readFile(this.statePath))
    } catch {
      return null
    }
  }

  /**
   * An anvil recorded in anvil.pid that still runs on this state file is either
   * another live service on the same data dir (refused) or the orphan of a run
   * that crashed without stopping it (stopped, so that it saves its state).
   */
  async takeOver(saveState: (port: number) => Promise<unknown>): Promise<void> {
    let recorded: { pid?: unknown; ownerPid?: unknown; port?: unknown }
    try {
      recorded = JSON.parse(await readFile(this.pidPath, 'utf8')) as typeof recorded
    } catch {
      return
    }
    const { pid, ownerPid } = recorded
    if (typeof pid !== 'number' || typeof ownerPid !== 'number' || !isAlive(pid)) return
    const commandLine = await commandLineOf(pid)
    if (commandLine !== '' && !commandLine.includes(this.cachePath)) return // the pid now belongs to something else
    if (ownerPid === process.pid || isAlive(ownerPid)) {
      throw new AdapterError(
        `anvil (pid ${pid}) of process ${ownerPid} is already running on ${this.chainDir}: stop it or use another DATA_DIR`,
        false,
      )
    }
    this.log.warn({ anvilPid: pid, ownerPid }, 'stopping the anvil left running by a run that crashed')
    // It may hold blocks not yet saved: save them first.
    if (typeof recorded.port === 'number') {
      await saveState(recorded.port).catch((err: unknown) =>
        this.log.warn({ err: String(err) }, 'could not save the state of the anvil left running'),
      )
    }
    process.kill(pid, 'SIGTERM')
    const deadline = Date.now() + STOP_GRACE_MS
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    if (isAlive(pid)) process.kill(pid, 'SIGKILL')
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 20))
  }

  async prepareStateFile(): Promise<void> {
    const backup = `${this.statePath}.bak`
    // A crash inside writeState leaves its temporary file (as large as the state): removed here.
    for (const name of await readdir(this.chainDir).catch(() => [] as string[])) {
      if (name.startsWith('.state.json.') && name.endsWith(TEMP_SUFFIX))
        await rm(join(this.chainDir, name), { force: true })
    }
    if (!existsSync(this.statePath)) return
    try {
      checkedBest(await readFile(this.statePath))
      await copyFile(this.statePath, `${backup}.tmp`)
      await rename(`${backup}.tmp`, backup)
      return
    } catch (err) {
      const aside = `${this.statePath}.corrupt-${Date.now()}`
      await rename(this.statePath, aside)
      const restorable = await readFile(backup).then(
        (bytes) => checkedBest(bytes) !== null,
        () => false,
      )
      if (restorable) await copyFile(backup, this.statePath)
      this.log.error(
        { corrupt: aside, restoredFrom: restorable ? backup : null, err: String(err) },
        restorable
          ? '!!! EMBEDDED CHAIN STATE FILE WAS BROKEN (a crash during a write): restored the last good copy, recent blocks are lost'
          : '!!! EMBEDDED CHAIN STATE FILE WAS BROKEN and no good copy exists: starting an empty chain',
      )
    }
  }

  async checkSaved(head: bigint | null): Promise<void> {
    try {
      const best = checkedBest(await readFile(this.statePath))
      if (head !== null && (best === null || best < head)) {
        this.log.error({ head, saved: best }, 'anvil stopped without saving its last blocks')
        return
      }
      await copyFile(this.statePath, `${this.statePath}.bak.tmp`)
      await rename(`${this.statePath}.bak.tmp`, `${this.statePath}.bak`)
      this.log.info({ savedBlock: best }, 'anvil stopped, state saved')
    } catch (err) {
      this.log.error(
        { err: String(err), state: this.statePath },
        'anvil stopped but its state file is unreadable',
      )
    }
  }

  async readDeployment(): Promise<Deployment | null> {
    try {
      const d = JSON.parse(await readFile(this.deploymentPath, 'utf8')) as Partial<Deployment>
      if (typeof d.address === 'string' && typeof d.chainId === 'number' && typeof d.txHash === 'string') {
        return d as Deployment
      }
      this.log.warn({ path: this.deploymentPath }, 'deployment.json is malformed, ignoring it')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn(
          { path: this.deploymentPath, err: String(err) },
          'deployment.json is unreadable, ignoring it',
        )
      }
    }
    return null
  }

  async writeDeployment(deployment: Deployment): Promise<void> {
    await writeAtomically(this.deploymentPath, `${JSON.stringify(deployment, null, 2)}\n`)
  }
}

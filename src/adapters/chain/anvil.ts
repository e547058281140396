import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { AdapterError } from '../adapter-error.js'
import { anvilArgs, anvilBinaryPath } from './anvil-args.js'
import { ensureDeployment } from './anvil-deployment.js'
import { ChainFiles, type Deployment } from './anvil-files.js'
import { BlockJournal } from './anvil-journal.js'
import { AnvilOutput } from './anvil-output.js'
import { anvilRpc } from './anvil-rpc.js'
import { fundSigner, loadSignerKey, signerAddress } from './anvil-signer.js'
import { AnvilStateSaver } from './anvil-state.js'

export { anvilBinaryPath } from './anvil-args.js'
export { ANVIL_CHAIN_ID, ANVIL_DEV_PRIVATE_KEY } from './anvil-deployment.js'
export type { Deployment } from './anvil-files.js'

/** The second dev account, handy in tests as "someone else". */
export const ANVIL_DEV_PRIVATE_KEY_2 =
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const

export interface AnvilOptions {
  /** The node keeps its files in `<dataDir>/chain`. */
  dataDir: string
  logger: Logger
  /** Interval mining every N seconds; default: a block per transaction (automine). */
  blockTimeSeconds?: number
  /** Block gas limit; default 100M so that bursts of large batches fit in one block. */
  gasLimit?: bigint
  /** Default: the binary of @foundry-rs/anvil for this platform. */
  binaryPath?: string
  startTimeoutMs?: number
  /** Start the node again when it dies on its own (not for tests that kill it on purpose). */
  restartOnCrash?: boolean
  /** The signer for a folder that has none yet (tests and benches: anvil's dev key #0); default: generated. */
  signerKey?: `0x${string}`
}

const STOP_GRACE_MS = 5_000

/**
 * The embedded chain: an anvil child process whose state survives restarts and crashes
 * (saved by AnvilStateSaver), plus the certificate contract deployed once and remembered in
 * `deployment.json`. Restarted on the same port when it dies on its own (`restartOnCrash`).
 *
 * anvil runs in a process group of its own, so that a Ctrl-C or a SIGTERM meant for the
 * service's group does not reach it: the service stops it, after saving its state.
 */
export class AnvilSupervisor {
  private child: ChildProcess | null = null
  private listening = false
  private exited: Promise<void> = Promise.resolve()
  private port: number | null = null
  private stopping = false
  /** The owner wants the node up: false after stop()/kill(), so no crash restart sneaks in. */
  private wanted = false
  private restartDelayMs = 500
  private restartTimer: NodeJS.Timeout | null = null
  private readonly log: Logger
  private readonly files: ChainFiles
  private readonly state: AnvilStateSaver
  private readonly journal: BlockJournal
  private replaying = false // the journal holds blocks past the state file: mined again first
  private signer: `0x${string}` | null = null
  private readonly output: AnvilOutput
  private readonly onProcessExit = () => {
    // Synchronous last resort when the service exits without stop().
    this.child?.kill('SIGTERM')
  }

  constructor(private readonly options: AnvilOptions) {
    this.log = options.logger.child({ component: 'anvil' })
    this.files = new ChainFiles(join(options.dataDir, 'chain'), this.log)
    this.journal = new BlockJournal(this.files.chainDir, this.log)
    this.state = new AnvilStateSaver(this.files, this.journal, this.log)
    this.output = new AnvilOutput(this.log)
  }

  get chainDir(): string {
    return this.files.chainDir
  }

  get statePath(): string {
    return this.files.statePath
  }

  get deploymentPath(): string {
    return this.files.deploymentPath
  }

  /** The folder's custodial key (chain/signer.key, see loadSignerKey); known once started. */
  get signerKey(): `0x${string}` {
    if (this.signer === null) throw new Error('anvil has not been started')
    return this.signer
  }

  /** Started and accepting RPC requests. */
  get running(): boolean {
    return this.child !== null && this.listening
  }

  get pid(): number | null {
    return this.child?.pid ?? null
  }

  /** Stays the same across restarts (the node is restarted on the same port). */
  get rpcUrl(): string {
    if (this.port === null) throw new Error('anvil has not been started')
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    this.wanted = true
    this.cancelRestart()
    await this.launch()
  }

  /** Graceful stop: state saved, SIGTERM, SIGKILL after 5 s; checks the saved state is complete. */
  async stop(): Promise<void> {
    this.wanted = false
    this.cancelRestart()
    const child = this.child
    if (!child) return
    this.stopping = true
    this.state.stopPeriodic()
    const head = await this.persist().catch((err: unknown) => {
      this.log.error({ err: String(err) }, 'could not save the chain state before stopping')
      return null
    })
    child.kill('SIGTERM')
    if (!(await this.exitsWithin(STOP_GRACE_MS))) {
      this.log.error({ anvilPid: child.pid }, 'anvil ignored SIGTERM, killing it')
      child.kill('SIGKILL')
      await this.exited
    }
    this.afterExit()
    await this.files.removePid()
    await this.files.checkSaved(head)
  }

  /** Simulates a crash (tests): SIGKILL, nothing saved beyond what was saved already. */
  async kill(): Promise<void> {
    this.wanted = false
    this.cancelRestart()
    const child = this.child
    if (!child) return
    this.stopping = true
    this.state.stopPeriodic()
    child.kill('SIGKILL')
    await this.exited
    this.afterExit()
  }

  /** Stop then start on the same state and port. */
  async restart(): Promise<void> {
    await this.stop()
    await this.start()
  }

  /** Saves the node's whole state to disk now (see AnvilStateSaver.persist); returns the head block saved. */
  persist(minBlock?: bigint): Promise<bigint> {
    return this.state.persist(this.rpcUrl, minBlock)
  }

  /** Returns once a crash of the node cannot take back the blocks mined so far (AnvilStateSaver.durable). */
  durable(minBlock?: bigint): Promise<bigint> {
    return this.state.durable(this.rpcUrl, minBlock)
  }

  async blockNumber(): Promise<bigint> {
    return BigInt((await anvilRpc(this.rpcUrl, 'eth_blockNumber')) as string)
  }

  /** The certificate contract on this node (see ensureDeployment). */
  ensureDeployment(): Promise<Deployment> {
    return ensureDeployment({
      rpcUrl: this.rpcUrl,
      files: this.files,
      log: this.log,
      persist: (minBlock) => this.persist(minBlock),
      privateKey: this.signerKey,
    })
  }

  private async launch(): Promise<void> {
    if (this.child) return
    await mkdir(this.chainDir, { recursive: true })
    await this.files.takeOver((port) => this.state.saveFrom(`http://127.0.0.1:${port}`))
    await this.files.prepareStateFile()
    this.signer ??= await loadSignerKey(this.chainDir, this.log, this.options.signerKey)
    const savedHead = await this.state.load()
    this.replaying = (await this.journal.entriesAfter(savedHead)).length > 0
    const binary = this.options.binaryPath ?? anvilBinaryPath()
    if (!existsSync(binary)) {
      throw new AdapterError(`anvil binary not found at ${binary}: is @foundry-rs/anvil installed?`, false)
    }
    if (!this.wanted) return // stopped while preparing a crash restart
    this.stopping = false
    // detached: a process group of its own (signals to the service's group do not reach it).
    const child = spawn(binary, this.args(), { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    process.once('exit', this.onProcessExit)
    // While anvil starts (CPU the main thread would otherwise spend after it answers).
    const signer = signerAddress(this.signer)
    try {
      this.port = await this.output.waitForListening(child, this.options.startTimeoutMs ?? 10_000)
    } catch (err) {
      child.kill('SIGKILL')
      await this.exited
      this.child = null
      process.removeListener('exit', this.onProcessExit)
      throw err
    }
    await this.files.writePid(child.pid ?? 0, this.port)
    this.listening = true
    child.once('exit', (code, signal) => this.onExit(child, code, signal))
    try {
      // Funded first: the journal's blocks mined again may be its own transactions.
      await fundSigner(this.rpcUrl, signer)
      await this.afterLoad(savedHead)
    } catch (err) {
      this.stopping = true
      child.kill('SIGKILL')
      await this.exited
      this.afterExit()
      throw err
    }
    this.state.startPeriodic(this.rpcUrl)
    this.restartDelayMs = 500
    this.log.info({ anvilPid: child.pid, rpcUrl: this.rpcUrl, state: this.statePath }, 'anvil started')
  }

  /** The journal's blocks past the state file mined again and a full dump taken, or journaling from the head. */
  private async afterLoad(savedHead: bigint | null): Promise<void> {
    if (!this.replaying) return this.journal.truncate(this.rpcUrl, await this.blockNumber())
    await this.journal.replay(this.rpcUrl, savedHead, this.options.blockTimeSeconds)
    this.replaying = false
    await this.persist()
  }

  private args(): string[] {
    return anvilArgs({
      port: this.port ?? 0,
      gasLimit: this.options.gasLimit ?? 100_000_000n,
      cachePath: this.files.cachePath,
      replaying: this.replaying,
      blockTimeSeconds: this.options.blockTimeSeconds,
      statePath: existsSync(this.statePath) ? this.statePath : null,
    })
  }

  private async exitsWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const exited = await Promise.race([
      this.exited.then(() => true),
      new Promise<false>((r) => {
        timer = setTimeout(() => r(false), ms)
      }),
    ])
    clearTimeout(timer)
    return exited
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child || this.stopping) return
    this.afterExit()
    this.log.error({ code, signal, output: this.output.tail }, 'anvil exited unexpectedly')
    this.scheduleRestart()
  }

  private scheduleRestart(): void {
    if (!this.options.restartOnCrash || !this.wanted || this.child || this.restartTimer) return
    const delay = this.restartDelayMs
    this.restartDelayMs = Math.min(delay * 2, 30_000)
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null
      this.launch().catch((err: unknown) => {
        this.log.error({ err: String(err) }, 'anvil restart failed')
        this.scheduleRestart()
      })
    }, delay)
    this.restartTimer.unref()
  }

  private cancelRestart(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
  }

  private afterExit(): void {
    this.state.stopPeriodic()
    void this.journal.close()
    this.child = null
    this.listening = false
    process.removeListener('exit', this.onProcessExit)
  }
}

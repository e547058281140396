import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { Logger } from 'pino'
import { projectRoot } from '../../paths.js'
import { AdapterError } from '../adapter-error.js'
import { bestBlockOf, ChainFiles, type Deployment } from './anvil-files.js'
import { loadArtifact } from './artifacts.js'
import { deployWarrantyCertificate } from './deploy.js'
import type { Address } from './port.js'

export type { Deployment } from './anvil-files.js'

export const ANVIL_CHAIN_ID = 31337
/** Anvil's well-known first dev account (mnemonic "test test … junk"): public, for local chains only. */
export const ANVIL_DEV_PRIVATE_KEY =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const
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
}

const LISTENING = /Listening on ([\d.]+):(\d+)/
const STOP_GRACE_MS = 5_000
const OUTPUT_TAIL_LINES = 40
/** How often new blocks are saved when nothing asked for it sooner. */
const SAVE_INTERVAL_MS = 1_000
/** anvil prints its dev accounts' private keys: never keep them in logs. */
const PRIVATE_KEY = /0x[0-9a-fA-F]{64}/g
const gunzipAsync = promisify(gunzip)

export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  return join(projectRoot, 'node_modules', '@foundry-rs', `anvil-${process.platform}-${arch}`, 'bin', exe)
}

/**
 * The embedded chain: an anvil child process whose state survives restarts and
 * crashes, plus the certificate contract deployed once and remembered in
 * `deployment.json`.
 *
 * The supervisor saves the state itself (`anvil_dumpState`, written atomically and
 * fsynced): on demand through `persist(block)`, which minting calls before a batch
 * counts as minted, every second when new blocks appeared, and at stop. anvil's own
 * periodic dump is not used: it wrote in place, at most once a second, so a crash
 * could take back blocks the service had already counted.
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
  private saveTimer: NodeJS.Timeout | null = null
  /** The head block the state file holds. */
  private savedHead: bigint | null = null
  /** Saves run one after the other, in call order. */
  private saving: Promise<unknown> = Promise.resolve()
  /** Calls of persist() so far, and how many of them the last finished save covers. */
  private saveRequests = 0
  private savedRequests = 0
  private readonly tail: string[] = []
  private readonly log: Logger
  private readonly files: ChainFiles
  private readonly onProcessExit = () => {
    // Synchronous last resort when the service exits without stop(): anvil dumps its state on SIGTERM.
    this.child?.kill('SIGTERM')
  }

  constructor(private readonly options: AnvilOptions) {
    this.log = options.logger.child({ component: 'anvil' })
    this.files = new ChainFiles(join(options.dataDir, 'chain'), this.log)
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
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
    await this.launch()
  }

  private async launch(): Promise<void> {
    if (this.child) return
    await mkdir(this.chainDir, { recursive: true })
    await this.files.takeOver((port) => this.saveFrom(`http://127.0.0.1:${port}`))
    await this.files.prepareStateFile()
    this.savedHead = await this.files.savedBlock()

    const args = [
      '--host',
      '127.0.0.1',
      '--port',
      String(this.port ?? 0),
      '--chain-id',
      String(ANVIL_CHAIN_ID),
      '--gas-limit',
      String(this.options.gasLimit ?? 100_000_000n),
      // Also what marks this node as the one of this folder (ChainFiles.takeOver reads it).
      '--cache-path',
      this.files.cachePath,
    ]
    if (this.options.blockTimeSeconds !== undefined)
      args.push('--block-time', String(this.options.blockTimeSeconds))
    if (existsSync(this.statePath)) args.push('--load-state', this.statePath)

    const binary = this.options.binaryPath ?? anvilBinaryPath()
    if (!existsSync(binary)) {
      throw new AdapterError(`anvil binary not found at ${binary}: is @foundry-rs/anvil installed?`, false)
    }
    if (!this.wanted) return // stopped while preparing a crash restart
    this.stopping = false
    this.tail.length = 0
    // detached: a process group of its own (signals to the service's group do not reach it).
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    process.once('exit', this.onProcessExit)

    try {
      this.port = await this.waitForListening(child)
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
    this.saveTimer = setInterval(() => {
      this.saveIfBehind().catch((err: unknown) =>
        this.log.warn({ err: String(err) }, 'saving the chain state failed'),
      )
    }, SAVE_INTERVAL_MS)
    this.saveTimer.unref()
    this.restartDelayMs = 500
    this.log.info({ anvilPid: child.pid, rpcUrl: this.rpcUrl, state: this.statePath }, 'anvil started')
  }

  /** Graceful stop: SIGTERM (anvil dumps its state), SIGKILL after 5 s; checks the dump is complete. */
  async stop(): Promise<void> {
    this.wanted = false
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
    const child = this.child
    if (!child) return
    this.stopping = true
    this.stopSaving()
    const head = await this.persist().catch((err: unknown) => {
      this.log.error({ err: String(err) }, 'could not save the chain state before stopping')
      return null
    })
    child.kill('SIGTERM')
    let timer: NodeJS.Timeout | undefined
    const graceful = await Promise.race([
      this.exited.then(() => true),
      new Promise<false>((r) => {
        timer = setTimeout(() => r(false), STOP_GRACE_MS)
      }),
    ])
    clearTimeout(timer)
    if (!graceful) {
      this.log.error(
        { anvilPid: child.pid },
        'anvil ignored SIGTERM, killing it: the last second of blocks may be lost',
      )
      child.kill('SIGKILL')
      await this.exited
    }
    this.afterExit()
    await this.files.removePid()
    await this.files.checkSaved(head)
  }

  /** Simulates a crash (tests): SIGKILL, no state dump beyond the last periodic one. */
  async kill(): Promise<void> {
    this.wanted = false
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
    const child = this.child
    if (!child) return
    this.stopping = true
    this.stopSaving()
    child.kill('SIGKILL')
    await this.exited
    this.afterExit()
  }

  /**
   * Saves the node's state to disk (atomically, fsynced); returns the head block saved. Once
   * it returns, a crash of the node can no longer take back any block mined before the call
   * (`minBlock`, when given, is checked to be among them). Calls made while a save runs share
   * the next one.
   */
  async persist(minBlock?: bigint): Promise<bigint> {
    const request = ++this.saveRequests
    const run = this.saving
      .catch(() => undefined)
      .then(async () => {
        // A save that began after this call has finished meanwhile: it holds what we need.
        if (this.savedRequests >= request && this.savedHead !== null) return this.savedHead
        const covers = this.saveRequests
        const saved = await this.saveFrom(this.rpcUrl)
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

  private async saveFrom(rpcUrl: string): Promise<bigint> {
    const dump = (await this.rpc('anvil_dumpState', [], rpcUrl)) as string
    const json = (await gunzipAsync(Buffer.from(dump.replace(/^0x/, ''), 'hex'))).toString('utf8')
    const head = bestBlockOf(json, true)
    if (head === null) throw new AdapterError('anvil_dumpState returned no head block', true)
    await this.files.writeState(json)
    this.savedHead = head
    return head
  }

  private async saveIfBehind(): Promise<void> {
    if (!this.running) return
    const head = await this.blockNumber()
    // Not only when the head grew: a node restored from an older state has other blocks.
    if (this.savedHead === null || head !== this.savedHead) await this.persist(head)
  }

  private stopSaving(): void {
    if (this.saveTimer) clearInterval(this.saveTimer)
    this.saveTimer = null
  }

  /** Stop then start on the same state and port. */
  async restart(): Promise<void> {
    await this.stop()
    await this.start()
  }

  async blockNumber(): Promise<bigint> {
    return BigInt((await this.rpc('eth_blockNumber', [])) as string)
  }

  /**
   * The certificate contract on this node: the one in deployment.json when its
   * code is still there, else a fresh deployment (with a loud warning when an
   * earlier one was lost).
   */
  async ensureDeployment(): Promise<Deployment> {
    const previous = await this.files.readDeployment()
    if (previous) {
      const code = (await this.rpc('eth_getCode', [previous.address, 'latest'])) as string
      if (code !== '0x' && previous.chainId === ANVIL_CHAIN_ID) {
        await this.warnIfOutdated(previous.address, code)
        return previous
      }
      this.log.warn(
        { lost: previous, state: this.statePath },
        '!!! EMBEDDED CHAIN STATE WAS LOST: the certificate contract deployed before is gone, deploying a new one. ' +
          'Certificates minted earlier no longer exist on this chain.',
      )
    }
    const deployed = await deployWarrantyCertificate({
      rpcUrl: this.rpcUrl,
      privateKey: ANVIL_DEV_PRIVATE_KEY,
      pollingIntervalMs: 50,
      onProgress: (message) => this.log.debug(message),
    })
    const deployment: Deployment = {
      address: deployed.address,
      chainId: deployed.chainId,
      deployedAt: new Date().toISOString(),
      txHash: deployed.txHash,
    }
    // Only remember the contract once the node's state file holds it.
    await this.persist(deployed.blockNumber)
    await this.files.writeDeployment(deployment)
    this.log.info(deployment, 'certificate contract deployed on the embedded chain')
    return deployment
  }

  /** The CBOR metadata at the end of the runtime code identifies the sources it was built from. */
  private async warnIfOutdated(address: Address, code: string): Promise<void> {
    const artifact = await loadArtifact('WarrantyCertificate')
    const expected = artifact.deployedBytecode.toLowerCase()
    const metadataBytes = Number.parseInt(expected.slice(-4), 16) + 2
    if (code.toLowerCase().slice(-metadataBytes * 2) !== expected.slice(-metadataBytes * 2)) {
      this.log.warn(
        { address, chainDir: this.chainDir },
        'the embedded contract was built from older sources; delete the chain folder to redeploy the current ones',
      )
    }
  }

  private waitForListening(child: ChildProcess): Promise<number> {
    const timeoutMs = this.options.startTimeoutMs ?? 10_000
    return new Promise((resolve, reject) => {
      let settled = false
      const settle = (fn: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        fn()
      }
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(new AdapterError(`anvil did not start in ${timeoutMs} ms:\n${this.tailText()}`, true)),
          ),
        timeoutMs,
      )
      const onLine = (line: string) => {
        const match = LISTENING.exec(line)
        if (match) settle(() => resolve(Number(match[2])))
      }
      this.pipeLines(child.stdout, onLine)
      this.pipeLines(child.stderr, () => {})
      child.once('error', (err) =>
        settle(() =>
          reject(new AdapterError(`anvil failed to start: ${err.message}`, false, { cause: err })),
        ),
      )
      child.once('exit', (code, signal) =>
        settle(() =>
          reject(
            new AdapterError(
              `anvil exited during start (code ${code}, signal ${signal}):\n${this.tailText()}`,
              // The port may still be taken by an older process: another try can help.
              true,
            ),
          ),
        ),
      )
    })
  }

  /** Keeps reading the child's output (a full pipe would block anvil), logs it at trace level. */
  private pipeLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
    if (!stream) return
    let buffered = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      buffered += chunk
      let newline = buffered.indexOf('\n')
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trimEnd()
        buffered = buffered.slice(newline + 1)
        if (line !== '') {
          this.tail.push(line.replace(PRIVATE_KEY, '0x[redacted]'))
          if (this.tail.length > OUTPUT_TAIL_LINES) this.tail.shift()
          this.log.trace({ line: line.replace(PRIVATE_KEY, '0x[redacted]') }, 'anvil output')
          onLine(line)
        }
        newline = buffered.indexOf('\n')
      }
    })
  }

  private tailText(): string {
    return this.tail.join('\n')
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child || this.stopping) return
    this.afterExit()
    this.log.error({ code, signal, output: this.tailText() }, 'anvil exited unexpectedly')
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

  private afterExit(): void {
    this.stopSaving()
    this.child = null
    this.listening = false
    process.removeListener('exit', this.onProcessExit)
  }

  private async rpc(method: string, params: unknown[], rpcUrl = this.rpcUrl): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(5_000),
      })
    } catch (err) {
      throw new AdapterError(`anvil ${method} failed: ${String(err)}`, true, { cause: err })
    }
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new AdapterError(`anvil ${method} failed: ${body.error.message}`, true)
    return body.result
  }
}

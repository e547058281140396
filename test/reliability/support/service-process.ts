/**
 * The built service as an operator runs it: its own process group (`detached`, like
 * `setsid`), so that the test can signal the whole group (`kill -9 -<pgid>`, Ctrl-C, systemd's
 * `KillMode=control-group`), restarted on the same DATA_DIR and port as often as needed.
 *
 *   const svc = new ServiceProcess({ root, dataDir, port, env, logFile })
 *   const run = await svc.start()          // resolves once this run logs that it listens
 *   await svc.crash()                      // SIGKILL to the group, waits until no member is left
 *   await svc.start()                      // same data, same port
 *   run.log.errorLines                     // error-level lines of that run
 *   await svc.dispose()                    // in `finally`
 *
 * Every line the service writes goes to `logFile` (all runs, with a header per run) and is
 * scanned on the fly: error-level lines, "adapter is closed", the embedded anvil's RPC URL,
 * and the run's own "listening" line, which is how a start is known to be complete: a 200 from
 * GET /health may come from a previous run still holding the port, and under load /health on a
 * new connection can take seconds to answer (measured: 1 to 17 s on the earlier engine). Hence
 * LOG_LEVEL must be `info` or lower.
 */
import { spawn } from 'node:child_process'
import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** `node dist/src/main.js` (what `npm start` ends up running) or `npm start` itself (npm as the group leader). */
export type Launcher = 'node' | 'npm'

export interface ServiceProcessOptions {
  /** The project root (holds package.json and dist/). */
  root: string
  dataDir: string
  port: number
  /** Service settings; the environment is exactly PATH, HOME and these (no NODE_ENV, no test variables). */
  env: Record<string, string>
  /** Appended to across runs. */
  logFile: string
  launcher?: Launcher
  /** How long a start may take before it counts as failed (default 90 s). */
  startTimeoutMs?: number
  /** `--role` of `node dist/src/main.js` (default: none, i.e. all). A worker is ready when it logs "worker started". */
  role?: 'api' | 'worker' | 'all'
  /** Run as this user (the test must be root): e.g. one that cannot write to the project folder. */
  user?: { uid: number; gid: number }
}

/** What the log of one run showed. */
export interface LogScan {
  lines: number
  /** pino level ≥ 50 (error, fatal), first 50 kept (each cut to 400 characters). */
  errorLines: string[]
  errorCount: number
  /** Lines mentioning "adapter is closed" (an attempt spent on a closed mail/chain/pinning adapter). */
  adapterClosedCount: number
  adapterClosedLines: string[]
  /** Output that is not a JSON log line (start-up failures, npm's banner), first 50 kept. */
  textLines: string[]
  /** The embedded chain's RPC URL, from the 'anvil started' line (the last one of the run). */
  anvilRpcUrl: string | null
  /** This run logged Fastify's "Server listening at …", the service's "listening on …" or (a worker) "worker started". */
  listening: boolean
}

export interface ServiceRun {
  index: number
  pid: number
  spawnedAt: number
  /** When this run's "listening" line arrived; null until then (or when the start failed). */
  readyAt: number | null
  /** When the group leader exited (null while it runs). */
  exitedAt: number | null
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  log: LogScan
}

const KEPT_LINES = 50

/** Live (not zombie) members of a process group, from /proc (Linux). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields[0] !== 'Z' && fields[0] !== 'X' && Number(fields[2]) === pgid) members.push(Number(entry))
  }
  return members
}

function newScan(): LogScan {
  return {
    lines: 0,
    errorLines: [],
    errorCount: 0,
    adapterClosedCount: 0,
    adapterClosedLines: [],
    textLines: [],
    anvilRpcUrl: null,
    listening: false,
  }
}

interface LogEntry {
  level?: unknown
  msg?: unknown
  rpcUrl?: unknown
}

function parseLogLine(line: string): LogEntry | null {
  if (!line.startsWith('{')) return null
  try {
    return JSON.parse(line) as LogEntry
  } catch {
    return null
  }
}

function scanLine(scan: LogScan, line: string): void {
  scan.lines++
  const cut = line.length > 400 ? `${line.slice(0, 400)}…` : line
  if (line.includes('adapter is closed')) {
    scan.adapterClosedCount++
    if (scan.adapterClosedLines.length < KEPT_LINES) scan.adapterClosedLines.push(cut)
  }
  const entry = parseLogLine(line)
  if (!entry) {
    if (scan.textLines.length < KEPT_LINES) scan.textLines.push(cut)
    return
  }
  if (typeof entry.level === 'number' && entry.level >= 50) {
    scan.errorCount++
    if (scan.errorLines.length < KEPT_LINES) scan.errorLines.push(cut)
  }
  if (entry.msg === 'anvil started' && typeof entry.rpcUrl === 'string') scan.anvilRpcUrl = entry.rpcUrl
  if (
    typeof entry.msg === 'string' &&
    /^(Server listening at |listening on |worker started$)/.test(entry.msg)
  )
    scan.listening = true
}

export class ServiceProcess {
  readonly url: string
  readonly runs: ServiceRun[] = []
  private disposed = false

  constructor(private readonly options: ServiceProcessOptions) {
    this.url = `http://127.0.0.1:${options.port}`
    if (['warn', 'error', 'fatal', 'silent'].includes(options.env.LOG_LEVEL ?? 'info')) {
      throw new Error(
        'ServiceProcess needs LOG_LEVEL info or lower: it learns that a start is complete from the log',
      )
    }
  }

  /** The latest run. */
  get current(): ServiceRun {
    const run = this.runs.at(-1)
    if (!run) throw new Error('the service has not been started')
    return run
  }

  /** Spawns the service in a new process group and waits until it logs that it listens. */
  async start(): Promise<ServiceRun> {
    const { root, launcher = 'node', startTimeoutMs = 90_000 } = this.options
    const [command, args] =
      launcher === 'npm'
        ? ['npm', ['start', '--silent', '--ignore-scripts']] // --ignore-scripts: no prestart build
        : [
            process.execPath,
            ['dist/src/main.js', ...(this.options.role ? ['--role', this.options.role] : [])],
          ]
    const env: Record<string, string> = {
      // No inbound SMTP listener on 2525 unless a test asks (services run side by side).
      INBOX_SMTP_PORT: 'off',
      // A developer's `.env` in the checkout is not the test's settings.
      ENV_FILE: 'off',
      ...this.options.env,
      PORT: String(this.options.port),
      DATA_DIR: this.options.dataDir,
    }
    if (launcher === 'npm') env.npm_config_update_notifier = 'false'
    for (const name of ['PATH', 'HOME']) {
      const value = process.env[name]
      if (value !== undefined) env[name] = value
    }
    const child = spawn(command, args, {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(this.options.user ?? {}),
    })
    if (child.pid === undefined) throw new Error(`could not spawn ${command}`)
    const run: ServiceRun = {
      index: this.runs.length,
      pid: child.pid,
      spawnedAt: Date.now(),
      readyAt: null,
      exitedAt: null,
      exit: new Promise((resolve) =>
        child.once('exit', (code, signal) => {
          run.exitedAt = Date.now()
          resolve({ code, signal })
        }),
      ),
      log: newScan(),
    }
    this.runs.push(run)
    appendFileSync(
      this.options.logFile,
      `\n===== run ${run.index}: pid ${run.pid}, ${new Date(run.spawnedAt).toISOString()} =====\n`,
    )
    for (const stream of [child.stdout, child.stderr]) this.follow(stream, run)

    const deadline = run.spawnedAt + startTimeoutMs
    for (;;) {
      if (run.exitedAt !== null) {
        const { code, signal } = await run.exit
        throw new Error(
          `the service exited during start (code ${code}, signal ${signal}):\n${this.said(run)}`,
        )
      }
      if (run.log.listening) {
        run.readyAt = Date.now()
        return run
      }
      if (Date.now() > deadline) {
        throw new Error(`the service did not start listening within ${startTimeoutMs} ms:\n${this.said(run)}`)
      }
      await sleep(20)
    }
  }

  /** Sends `signal` to the whole process group of the current run. */
  signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.current.pid, signal)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err
    }
  }

  /**
   * Resolves with the milliseconds from `since` until no live member of `run`'s process group
   * is left (the service, anvil, npm: everything it started); throws after `timeoutMs`.
   */
  async waitForGroupGone(run: ServiceRun, timeoutMs: number, since = Date.now()): Promise<number> {
    const pgid = run.pid
    const deadline = Date.now() + timeoutMs
    while (groupMembers(pgid).length > 0) {
      if (Date.now() > deadline) {
        throw new Error(
          `process group ${pgid} still has ${groupMembers(pgid).join(', ')} after ${timeoutMs} ms`,
        )
      }
      await sleep(20)
    }
    return Date.now() - since
  }

  /** `kill -9` of the group, as a crash, an OOM kill or a pulled plug would; waits until every member is gone. */
  async crash(): Promise<void> {
    this.signalGroup('SIGKILL')
    await this.waitForGroupGone(this.current, 10_000)
    await this.current.exit
  }

  /** Leaves nothing running: SIGKILL to the group of every run. */
  async dispose(): Promise<void> {
    this.disposed = true
    for (const run of this.runs) {
      if (groupMembers(run.pid).length === 0) continue
      try {
        process.kill(-run.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    for (const run of this.runs) {
      const deadline = Date.now() + 10_000
      while (groupMembers(run.pid).length > 0 && Date.now() < deadline) await sleep(20)
    }
  }

  /** What a run said besides routine lines (for failure messages): its text output and error-level lines. */
  said(run: ServiceRun): string {
    const lines = [...run.log.textLines, ...run.log.errorLines]
    return `${lines.length > 0 ? lines.join('\n') : '(no text output, no error line)'}\n(full log: ${this.options.logFile})`
  }

  /** Every error-level line, "adapter is closed" count etc. over all runs. */
  totals(): Pick<LogScan, 'errorCount' | 'adapterClosedCount' | 'lines'> {
    return this.runs.reduce(
      (sum, r) => ({
        lines: sum.lines + r.log.lines,
        errorCount: sum.errorCount + r.log.errorCount,
        adapterClosedCount: sum.adapterClosedCount + r.log.adapterClosedCount,
      }),
      { lines: 0, errorCount: 0, adapterClosedCount: 0 },
    )
  }

  get logFile(): string {
    return this.options.logFile
  }

  get dataDir(): string {
    return this.options.dataDir
  }

  /** `<DATA_DIR>/chain`: the embedded chain's files. */
  get chainDir(): string {
    return join(this.options.dataDir, 'chain')
  }

  private write(text: string): void {
    // Output still in the pipes of a killed group may arrive after the folder was removed.
    if (this.disposed) return
    appendFileSync(this.options.logFile, text)
  }

  private follow(stream: NodeJS.ReadableStream | null, run: ServiceRun): void {
    if (!stream) return
    let buffered = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      const complete = lines.filter((l) => l.trim() !== '')
      if (complete.length === 0) return
      this.write(`${complete.join('\n')}\n`)
      for (const line of complete) scanLine(run.log, line)
    })
    stream.on('end', () => {
      if (buffered.trim() === '') return
      this.write(`${buffered}\n`)
      scanLine(run.log, buffered)
      buffered = ''
    })
  }
}

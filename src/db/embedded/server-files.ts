import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Logger } from 'pino'

/** Written into the server's folder once initialised: what tells it from an earlier release's files. */
export const SERVER_MARKER = 'warranty-server.json'
/** The command that carries an earlier release's database over (docs/production.md#upgrading). */
export const CARRY_OVER_COMMAND = 'npm run db:carry-over'

export class EarlierReleaseData extends Error {
  constructor(dbDir: string) {
    super(
      `${dbDir} holds the database of an earlier release, which this one no longer runs. ` +
        `Carry its data over once with \`${CARRY_OVER_COMMAND}\` (in the image: \`warranty-carry-over\`; ` +
        'docs/production.md#upgrading-a-data-folder), then start again.',
    )
  }
}

/** What is under DATA_DIR/db: nothing yet, this release's server, or an earlier release's files. */
export function folderKind(dbDir: string): 'none' | 'server' | 'earlier' {
  if (!existsSync(dbDir)) return 'none'
  if (existsSync(join(dbDir, SERVER_MARKER))) return 'server'
  return existsSync(join(dbDir, 'PG_VERSION')) ? 'earlier' : 'none'
}

/** The password of the server's `warranty` role: generated once, kept beside the folder (0600). */
export async function serverPassword(dataDir: string): Promise<string> {
  const path = join(dataDir, 'db.password')
  const saved = await readFile(path, 'utf8').catch(() => '')
  if (saved.trim().length >= 32) return saved.trim()
  const password = randomBytes(32).toString('base64url')
  await writeFile(`${path}.tmp`, `${password}\n`, { mode: 0o600 })
  await rm(path, { force: true })
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' })
  await rm(`${path}.tmp`, { force: true })
  return password
}

/** A running server's pid and port, from its `postmaster.pid`; null when none runs on the folder. */
export async function runningServer(dbDir: string): Promise<{ pid: number; port: number } | null> {
  const text = await readFile(join(dbDir, 'postmaster.pid'), 'utf8').catch(() => '')
  const lines = text.split('\n')
  const pid = Number.parseInt(lines[0] ?? '', 10)
  const port = Number.parseInt(lines[3] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return null
  return { pid, port: Number.isInteger(port) ? port : 0 }
}

/** Is `pid` a live PostgreSQL server process (its command line names `postgres`)? */
function isPostgres(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')
  } catch {
    return true // no /proc (macOS): a live pid in the lock file is taken as the server
  }
}

/**
 * A server left running by a service that was killed (`kill -9` of its group leaves the server's
 * own group alive): asked for a fast shutdown (SIGINT: sessions ended, everything committed
 * kept), then an immediate one, then killed; the folder's lock file is then free.
 */
export async function stopLeftover(dbDir: string, log: Logger, graceMs = 15_000): Promise<void> {
  const left = await runningServer(dbDir)
  if (!left) return
  log.warn({ pid: left.pid }, 'a database server from an earlier run is still up on DATA_DIR/db: stopping it')
  const gone = async (ms: number) => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      if (!(await runningServer(dbDir))) return true
      await new Promise((r) => setTimeout(r, 50))
    }
    return false
  }
  for (const [signal, ms] of [
    ['SIGINT', graceMs],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(left.pid, signal)
    } catch {
      return
    }
    if (await gone(ms)) return
  }
  throw new Error(`the database server ${left.pid} on ${dbDir} does not stop`)
}

/** A loopback port free now (the server listens on it; kept across its restarts). */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

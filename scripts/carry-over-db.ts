/**
 * Carries an earlier release's embedded database over to this release's embedded PostgreSQL
 * server, once, when upgrading a data folder (docs/production.md#upgrading-a-data-folder):
 *
 *   npm run db:carry-over            (a checkout: tsx)
 *   warranty-carry-over              (the image: node dist/scripts/carry-over-db.js)
 *
 * Reads DATA_DIR as the service does. The earlier database (DATA_DIR/db) is opened with the
 * engine that wrote it; a new server is initialised beside it (DATA_DIR/db.carry-over), migrated,
 * given pg-boss's schema and every row; the copy is checked table by table; only then is the
 * earlier database moved to DATA_DIR/db.earlier-release (kept, never deleted) and the new one
 * put in its place. Exit codes: 0 carried over (or nothing to do), 1 refused or failed.
 */
import { realpathSync, writeFileSync } from 'node:fs'
import { chown, mkdir, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'pino'
import { loadEnvFile } from '../src/config/env-file.js'
import { str } from '../src/config/parse.js'
import { openDatabase } from '../src/db/client.js'
import { letServerIn, serverUser } from '../src/db/embedded/os-user.js'
import { EmbeddedPostgres } from '../src/db/embedded/server.js'
import { serverPassword } from '../src/db/embedded/server-files.js'
import { lockDataDir } from '../src/lib/data-dir-lock.js'
import { createLogger } from '../src/logger.js'
import { type CopyReport, copyDatabase } from './carry-over/copy.js'
import {
  CARRIED_MARKER,
  clearStaging,
  type Folders,
  foldersOf,
  planCarryOver,
  runningService,
  swapIn,
} from './carry-over/folders.js'

export interface CarryOverIo {
  /** Progress and the summary. */
  out(text: string): void
  /** Refusals and errors. */
  err(text: string): void
}

export interface CarryOverResult {
  exitCode: 0 | 1
  outcome: 'carried-over' | 'nothing' | 'refused'
  /** Rows per table copied (`public.warranties`, `pgboss.job`, …); empty unless carried over. */
  rows: Record<string, number>
  ms: number
}

/** DATA_DIR as src/config/index.ts reads it (default ./data, relative to the working directory). */
export function dataDirOf(env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  const raw = str(env, 'DATA_DIR') ?? './data'
  return isAbsolute(raw) ? raw : resolve(cwd, raw)
}

export async function carryOver(dataDir: string, io: CarryOverIo): Promise<CarryOverResult> {
  const started = Date.now()
  const done = (exitCode: 0 | 1, outcome: CarryOverResult['outcome'], rows: Record<string, number> = {}) => ({
    exitCode,
    outcome,
    rows,
    ms: Date.now() - started,
  })
  const pid = runningService(dataDir)
  if (pid !== null) {
    io.err(`the service (process ${pid}) is running on ${dataDir}: stop it, then run the carry-over again`)
    return done(1, 'refused')
  }
  const plan = planCarryOver(dataDir)
  // The new server's own warnings stay out of the command's output; its failures are thrown.
  const logger = createLogger({ logLevel: 'error' })
  const folders = foldersOf(dataDir)
  if (plan.action === 'refuse') {
    io.err(plan.message)
    return done(1, 'refused')
  }
  if (plan.action === 'nothing') {
    if (plan.clear) await clearStaging(folders, logger)
    io.out(plan.message)
    return done(0, 'nothing')
  }
  // Held until the end: the service cannot start on the folder meanwhile.
  const unlock = await lockDataDir(dataDir, 0)
  try {
    if (plan.action === 'copy') {
      if (plan.resumed) io.out(`an earlier run did not finish: starting over from ${plan.source}`)
      await clearStaging(folders, logger)
      const report = await copyInto(plan.source, folders, dataDir, io, logger)
      await swapIn(folders)
      summarise(report, folders, io, Date.now() - started)
      return done(0, 'carried-over', report.rows)
    }
    io.out(`the copy of an earlier run was complete: moving it into ${folders.db}`)
    await swapIn(folders)
    io.out(
      `carried over. The earlier release's files are kept in ${folders.earlier}: remove them once checked.`,
    )
    return done(0, 'carried-over')
  } finally {
    await unlock()
  }
}

/** The new server in db.carry-over (with DATA_DIR's password), filled from `source` and checked. */
async function copyInto(
  source: string,
  folders: Folders,
  dataDir: string,
  io: CarryOverIo,
  logger: Logger,
): Promise<CopyReport> {
  // As root, the server runs as `postgres`, which must pass through DATA_DIR (as the service sets it).
  const user = serverUser()
  if (user) await letServerIn(dataDir, user)
  await mkdir(folders.staging, { mode: 0o700 })
  // The new server's role gets the password the service will connect with (DATA_DIR/db.password).
  await writeFile(join(folders.staging, 'db.password'), `${await serverPassword(dataDir)}\n`, { mode: 0o600 })
  io.out(`opening the earlier release's database in ${source}`)
  const pglite = await PGlite.create(source)
  const server = new EmbeddedPostgres({ dataDir: folders.staging, logger })
  const stopOnSignal = (signal: NodeJS.Signals) => {
    io.err(`${signal}: stopping; ${source} is left as it was`)
    void server.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal)
  try {
    const url = await server.start()
    io.out(`started the new server in ${folders.stagedDb}; copying`)
    const database = await openDatabase({ url, poolSize: 2, logger })
    let report: CopyReport
    try {
      report = await copyDatabase(pglite, database, (line) => io.out(line))
    } finally {
      await database.close()
    }
    const marker = join(folders.stagedDb, CARRIED_MARKER)
    writeFileSync(
      marker,
      `${JSON.stringify({ carriedOver: new Date().toISOString(), rows: report.rows }, null, 2)}\n`,
    )
    if (user) await chown(marker, user.uid, user.gid)
    return report
  } finally {
    process.off('SIGINT', stopOnSignal).off('SIGTERM', stopOnSignal)
    await server.stop()
    await pglite.close()
  }
}

function summarise(report: CopyReport, folders: Folders, io: CarryOverIo, ms: number): void {
  const total = Object.values(report.rows).reduce((a, b) => a + b, 0)
  io.out(
    `carried over ${total} rows of ${Object.keys(report.rows).length} tables in ${(ms / 1000).toFixed(1)} s`,
  )
  if (report.laterMigrations > 0) io.out(`then applied ${report.laterMigrations} later migration(s)`)
  if (report.dropped.length > 0)
    io.out(`not carried over (tables this release no longer has): ${report.dropped.join(', ')}`)
  if (report.boss.from !== report.boss.to)
    io.out(`job queue schema: version ${report.boss.from} → ${report.boss.to}`)
  io.out(`${folders.db} now holds this release's database; start the service as usual.`)
  io.out(
    `The earlier release's files are kept in ${folders.earlier}: remove them once the service runs well.`,
  )
}

/** The command: `npm run db:carry-over`, `node dist/scripts/carry-over-db.js`, `bin/warranty-carry-over`. */
export async function main(): Promise<void> {
  const io: CarryOverIo = {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  }
  try {
    loadEnvFile() // DATA_DIR as the service reads it: the environment, then `.env`
    const result = await carryOver(dataDirOf(process.env), io)
    process.exitCode = result.exitCode
  } catch (err) {
    io.err(`carry-over failed: ${err instanceof Error ? err.message : String(err)}`)
    io.err(
      "The earlier release's database is kept as it was. Run the command again once the cause is fixed: " +
        'it starts over (or finishes a run that stopped at its last step).',
    )
    process.exitCode = 1
  }
}

/** Run as a program (not imported, as the tests and bin/warranty-carry-over do). */
function invokedDirectly(): boolean {
  try {
    return (
      !!process.argv[1] &&
      realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url))
    )
  } catch {
    return false
  }
}

if (invokedDirectly()) await main()

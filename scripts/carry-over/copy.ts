import pg from 'pg'
import type { Database } from '../../src/db/client.js'
import { BOSS_SCHEMA, bossVersion, copyBossWork, copyQueues, installBoss } from './boss.js'
import { migrateFirst, migrationLevel } from './migrations.js'
import {
  advanceSequences,
  copyTable,
  fingerprint,
  type Source,
  sharedColumns,
  sourceOf,
  tablesOf,
} from './tables.js'

/** The earlier release's database, as far as the copy needs it (its PGlite). */
export interface SourceDatabase extends Source {
  transaction<T>(fn: (tx: Source) => Promise<T>): Promise<T>
}

export interface CopyReport {
  /** Rows per table (`public.warranties`, `pgboss.job`, …), checked equal on both sides. */
  rows: Record<string, number>
  /** Tables of the earlier database that this release no longer has (not copied). */
  dropped: string[]
  /** Migrations this release applied after the copy (the earlier release had not). */
  laterMigrations: number
  sequences: number
  boss: { from: number | null; to: number | null }
}

/**
 * Copies the earlier release's database onto the new server's `url`: the schema made by the
 * migrations the earlier release had applied and pg-boss's install, then every table of
 * `public` and the job queue's queues and work, in one transaction on each side (the target's
 * with triggers, foreign-key checks included, off: `session_replication_role = replica`),
 * checked table by table before the target commits; then the later migrations, if any.
 */
export async function copyDatabase(
  source: SourceDatabase,
  database: Database,
  say: (line: string) => void,
): Promise<CopyReport> {
  const level = await migrationLevel(source)
  if (level.applied === level.known) await database.migrate()
  else if (level.applied > 0) await migrateFirst(database.url, level.applied)
  await installBoss(database.url)
  const target = new pg.Client({ connectionString: database.url, application_name: 'warranty-carry-over' })
  await target.connect()
  let report: CopyReport
  try {
    await target.query('begin')
    await target.query('set local session_replication_role = replica')
    await target.query(`set local timezone = 'UTC'`)
    report = await source.transaction((tx) => copyAll(tx, target, say))
    await target.query('commit')
  } catch (err) {
    await target.query('rollback').catch(() => undefined)
    throw err
  } finally {
    await target.end()
  }
  if (level.applied < level.known) {
    say(`applying the ${level.known - level.applied} migration(s) the earlier release had not applied`)
    await database.migrate()
    report.laterMigrations = level.known - level.applied
  }
  return report
}

async function copyAll(source: Source, target: pg.Client, say: (line: string) => void): Promise<CopyReport> {
  await source.query(`set local timezone = 'UTC'`)
  const report: CopyReport = {
    rows: {},
    dropped: [],
    laterMigrations: 0,
    sequences: 0,
    boss: { from: null, to: null },
  }
  const checked: [schema: string, table: string, columns: string[]][] = []
  const present = new Set(await tablesOf(sourceOf(target), 'public'))
  for (const table of await tablesOf(source, 'public')) {
    if (!present.has(table)) {
      report.dropped.push(`public.${table}`)
      continue
    }
    const columns = await sharedColumns(source, target, 'public', table)
    const started = Date.now()
    report.rows[`public.${table}`] = await copyTable(source, target, 'public', table, columns)
    say(`  public.${table}: ${report.rows[`public.${table}`]} rows (${Date.now() - started} ms)`)
    checked.push(['public', table, columns])
  }
  report.boss = { from: await bossVersion(source), to: await bossVersion(sourceOf(target)) }
  if (report.boss.from !== null) {
    report.rows[`${BOSS_SCHEMA}.queue`] = await copyQueues(source, target)
    checked.push([BOSS_SCHEMA, 'queue', await sharedColumns(source, target, BOSS_SCHEMA, 'queue')])
    const work = await copyBossWork(source, target)
    for (const [name, rows] of Object.entries(work)) {
      report.rows[name] = rows
      const table = name.slice(BOSS_SCHEMA.length + 1)
      checked.push([BOSS_SCHEMA, table, await sharedColumns(source, target, BOSS_SCHEMA, table)])
    }
    say(
      `  ${BOSS_SCHEMA}: ${report.rows[`${BOSS_SCHEMA}.queue`]} queues, ${work[`${BOSS_SCHEMA}.job`] ?? 0} jobs`,
    )
  }
  report.sequences = await advanceSequences(source, target, ['public', BOSS_SCHEMA])
  for (const [schema, table, columns] of checked) {
    const [before, after] = [
      await fingerprint(source, schema, table, columns),
      await fingerprint(sourceOf(target), schema, table, columns),
    ]
    if (before !== after)
      throw new Error(`${schema}.${table} differs after the copy: ${before} before, ${after} after`)
  }
  say(`checked ${checked.length} tables: the same rows on both sides`)
  return report
}

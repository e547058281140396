import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsFolder } from '../../src/paths.js'
import type { Source } from './tables.js'

interface JournalEntry {
  when: number
  tag: string
}
interface Journal {
  entries: JournalEntry[]
}

function journal(): Journal {
  return JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal
}

/** Where the earlier release's database stands among this release's migrations. */
export interface MigrationLevel {
  /** Migrations the source has (all of them known to this release). */
  applied: number
  /** This release's migrations in all. */
  known: number
}

/**
 * The migrations the earlier release applied (drizzle's bookkeeping, `created_at` being each
 * migration's `when`); refused when it has one this release does not know (a newer release's).
 */
export async function migrationLevel(source: Source): Promise<MigrationLevel> {
  const entries = journal().entries
  const { rows } = await source.query<{ e: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as e`,
  )
  const applied = rows[0]?.e
    ? (await source.query<{ at: string }>('select created_at::text as at from drizzle.__drizzle_migrations'))
        .rows
    : []
  const whens = new Set(entries.map((e) => e.when))
  const unknown = applied.filter((r) => !whens.has(Number(r.at)))
  if (unknown.length > 0) {
    throw new Error(
      `the database to carry over has ${unknown.length} migration(s) this release does not know ` +
        '(it was last run by a later release): carry it over with that release or a later one',
    )
  }
  const last = Math.max(0, ...applied.map((r) => Number(r.at)))
  return { applied: entries.filter((e) => e.when <= last).length, known: entries.length }
}

/**
 * Applies this release's first `count` migrations to the new database (the ones the earlier
 * release had applied), from a copy of the migrations folder whose journal stops there: its
 * data are copied onto the same schema, and the later migrations then run on them as they
 * would have on the earlier release's database.
 */
export async function migrateFirst(url: string, count: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'carry-over-migrations-'))
  try {
    const full = journal()
    const entries = full.entries.slice(0, count)
    mkdirSync(join(folder, 'meta'))
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }))
    for (const { tag } of entries)
      copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`))
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: folder })
    } finally {
      await client.end()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

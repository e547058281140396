import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// drizzle/: the migrator applies the journal's entries from their .sql files; drizzle-kit diffs the
// schema against the newest snapshot (scripts/prune-snapshots.mjs removes the older ones after
// `npm run db:generate`).
const folder = join(import.meta.dirname, '..', '..', 'drizzle')
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[]
}

describe('the migration folder', () => {
  it('lists every .sql file once in the journal, in order, and nothing else', () => {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort()
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files)
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i))
    for (const [i, entry] of journal.entries.entries())
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true)
  })

  it('keeps exactly one schema snapshot: the newest migration’s', () => {
    const snapshots = readdirSync(join(folder, 'meta')).filter((name) => name.endsWith('_snapshot.json'))
    const newest = journal.entries.at(-1)!.tag.split('_')[0]
    expect(snapshots).toEqual([`${newest}_snapshot.json`])
    const snapshot = JSON.parse(readFileSync(join(folder, 'meta', snapshots[0]!), 'utf8')) as {
      tables: Record<string, unknown>
    }
    // A whole schema: every table the migrations create.
    const created = journal.entries.flatMap((e) =>
      [...readFileSync(join(folder, `${e.tag}.sql`), 'utf8').matchAll(/CREATE TABLE "(\w+)"/g)].map(
        (m) => m[1],
      ),
    )
    const dropped = journal.entries.flatMap((e) =>
      [...readFileSync(join(folder, `${e.tag}.sql`), 'utf8').matchAll(/DROP TABLE "(\w+)"/g)].map(
        (m) => m[1],
      ),
    )
    for (const table of created.filter((t) => !dropped.includes(t)))
      expect(Object.keys(snapshot.tables), table).toContain(`public.${table}`)
  })
})

// After `drizzle-kit generate` (npm run db:generate): keeps only the newest schema snapshot in
// drizzle/meta. drizzle-kit diffs the schema against the newest snapshot alone; the migrator reads
// the journal and the .sql files; the older snapshots (about 130 KB each, a whole schema apiece)
// were read by nothing. test/db/migration-folder.test.ts checks the folder stays consistent.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const meta = join(import.meta.dirname, '..', 'drizzle', 'meta')
const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8'))
const newest = journal.entries.at(-1)
if (!newest) throw new Error('drizzle/meta/_journal.json lists no migration')
const keep = `${newest.tag.split('_')[0]}_snapshot.json`
let removed = 0
for (const name of readdirSync(meta)) {
  if (name.endsWith('_snapshot.json') && name !== keep) {
    rmSync(join(meta, name))
    removed++
  }
}
console.log(`drizzle/meta: kept ${keep}, removed ${removed} older snapshot(s)`)

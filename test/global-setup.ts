import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildPgliteTemplate, buildPostgresTemplate, dropDatabasesWithPrefix } from './support/databases.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string
    postgresTemplate: string | null
  }
}

/** Once per run: migrated template databases that each test file clones. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplatePath', await cachedPgliteTemplate())

  const url = process.env.TEST_DATABASE_URL
  const prefix = `wt_${process.pid}_${Date.now().toString(36)}`
  project.provide('postgresTemplate', url ? await buildPostgresTemplate(url, prefix) : null)

  return async () => {
    if (url) await dropDatabasesWithPrefix(url, prefix)
  }
}

/**
 * The migrated PGlite template, cached under node_modules/.cache by the hash of the migrations
 * and the pg-boss version: building it costs ~15 s, loading it ~0.3 s.
 */
async function cachedPgliteTemplate(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of readdirSync('drizzle')
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join('drizzle', file)))
  }
  hash.update(JSON.parse(readFileSync('node_modules/pg-boss/package.json', 'utf8')).version)
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version)
  const dir = join('node_modules', '.cache', 'warranty-tests')
  const path = join(process.cwd(), dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`)
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(`${path}.tmp`, await buildPgliteTemplate())
    renameSync(`${path}.tmp`, path)
  }
  return path
}

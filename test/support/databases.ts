import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PgBoss } from 'pg-boss'
import { openDatabase } from '../../src/db/client.js'
import { EmbeddedPostgres } from '../../src/db/embedded/server.js'
import { createLogger } from '../../src/logger.js'

/**
 * The run's own embedded PostgreSQL server (the service's embedded server, started on a scratch
 * folder without fsync): every test file's database is a clone of a template on it.
 */
export async function startTestServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-pg-'))
  const server = new EmbeddedPostgres({
    dataDir,
    logger: createLogger({ logLevel: 'warn' }),
    durability: 'scratch',
    maxConnections: 400,
  })
  await server.start()
  const url = new URL(server.url)
  url.pathname = '/postgres'
  return {
    url: url.toString(),
    stop: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Migrates a fresh database and installs the job queue's schema: what every test database starts from. */
export async function prepareSchema(url: string): Promise<void> {
  const database = await openDatabase({ url })
  await database.migrate()
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    max: 1,
  })
  boss.on('error', () => undefined)
  await boss.start()
  await boss.stop({ graceful: false, close: true })
  await database.close()
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Creates `<prefix>_tmpl` on the PostgreSQL server of `url`, migrated; answers its name. */
export async function buildPostgresTemplate(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_tmpl`
  await admin(url, (c) => c.query(`create database "${name}"`))
  await prepareSchema(withDatabase(url, name))
  return name
}

/** A fresh database cloned from the template; answers its URL and a function that drops it. */
export async function postgresFromTemplate(
  url: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${template.replace(/_tmpl$/, '')}_${randomBytes(4).toString('hex')}`
  await admin(url, (c) => c.query(`create database "${name}" template "${template}"`))
  return {
    url: withDatabase(url, name),
    drop: () =>
      admin(url, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  }
}

export async function dropDatabasesWithPrefix(url: string, prefix: string): Promise<void> {
  await admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    )
    for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`)
  })
}

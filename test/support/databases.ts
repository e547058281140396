import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { fromPglite, PgBoss } from 'pg-boss'
import { openDatabase } from '../../src/db/client.js'

/** Migrates a fresh database and installs the job queue's schema: what every test database starts from. */
export async function prepareSchema(target: { pglite?: PGlite; url?: string }): Promise<void> {
  const database = await openDatabase({
    url: target.url ?? null,
    ...(target.pglite ? { pglite: target.pglite } : {}),
  })
  await database.migrate()
  const boss = target.pglite
    ? new PgBoss({
        db: fromPglite(target.pglite),
        backend: 'pglite',
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      })
    : new PgBoss({
        connectionString: target.url,
        schema: 'pgboss',
        supervise: false,
        schedule: false,
        max: 1,
      })
  boss.on('error', () => undefined)
  await boss.start()
  await boss.stop({ graceful: false, close: true })
  if (!target.pglite) await database.close()
}

/** A migrated PGlite, dumped to a tarball once per run and loaded by each test (≈ 10× faster than migrating). */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const pglite = await PGlite.create('memory://')
  await prepareSchema({ pglite })
  const dump = await pglite.dumpDataDir('none')
  await pglite.close()
  return new Uint8Array(await dump.arrayBuffer())
}

export async function pgliteFromTemplate(template: Uint8Array): Promise<PGlite> {
  return PGlite.create('memory://', { loadDataDir: new Blob([template as Uint8Array<ArrayBuffer>]) })
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
  await prepareSchema({ url: withDatabase(url, name) })
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

import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planCarryOver } from '../../scripts/carry-over/folders.js'
import { type CarryOverIo, carryOver } from '../../scripts/carry-over-db.js'
import { EmbeddedPostgres } from '../../src/db/embedded/server.js'
import { folderKind } from '../../src/db/embedded/server-files.js'
import { obtainDatabase } from '../../src/db/obtain.js'
import { createLogger } from '../../src/logger.js'
import { earlierReleaseFolder, PUBLIC_TABLES_SQL, ROWS_SQL } from './earlier-release-folder.js'

const logger = createLogger({ logLevel: 'silent' })
const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** Every row of each table as JSON text (timestamps in UTC), sorted: what must survive the move. */
async function snapshot(db: Queryable, tables: string[]): Promise<Record<string, string[]>> {
  await db.query(`set timezone = 'UTC'`)
  const rows: Record<string, string[]> = {}
  for (const table of tables) {
    const result = await db.query<{ r: string }>(`select row_to_json(t)::text as r from ${table} t`)
    rows[table] = result.rows.map((row) => row.r).sort()
  }
  return rows
}

/** Reads the carried-over database on its new server, as the service would start it. */
async function onNewServer<T>(dataDir: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const server = new EmbeddedPostgres({ dataDir, logger })
  const client = new pg.Client({ connectionString: await server.start() })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
    await server.stop()
  }
}

function captured(): CarryOverIo & { lines: string[] } {
  const lines: string[] = []
  return { lines, out: (text) => lines.push(text), err: (text) => lines.push(`! ${text}`) }
}

describe('npm run db:carry-over', () => {
  let dataDir: string
  let pendingJob: string
  let tables: string[]
  let before: Record<string, string[]>

  beforeAll(async () => {
    dataDir = await earlierReleaseFolder(async (pglite, boss) => {
      await pglite.exec(ROWS_SQL)
      await boss.createQueue('mail.dispatch', {
        policy: 'stately',
        retryLimit: 10,
        retryDelay: 2,
        retryBackoff: true,
      })
      pendingJob = (await boss.send('mail.dispatch', { outbox: true }))!
      await boss.createQueue('receipts.ocr', { heartbeatSeconds: 10, expireInSeconds: 300 })
      await boss.send('receipts.ocr', { receiptId: '74000000-0000-4000-8000-000000000001' })
      const [running] = await boss.fetch('receipts.ocr')
      await boss.complete('receipts.ocr', running!.id, { pages: 1 })
      // A queue with a partition of its own and a dead-letter queue: pg-boss makes both at create.
      await boss.createQueue('exports.dead')
      await boss.createQueue('exports.archive', { partition: true, deadLetter: 'exports.dead' })
      await boss.send(
        'exports.archive',
        { merchantId: '10000000-0000-4000-8000-000000000001' },
        { startAfter: 3600 },
      )
    })
    folders.push(dataDir)
    const pglite = await PGlite.create(join(dataDir, 'db'))
    const publicTables = (await pglite.query<{ name: string }>(PUBLIC_TABLES_SQL)).rows.map(
      (r) => `public.${r.name}`,
    )
    tables = [...publicTables, 'pgboss.queue', 'pgboss.job', 'pgboss.schedule', 'pgboss.subscription']
    before = await snapshot(pglite, tables)
    await pglite.close()
  }, 120_000)

  it('the test folder has a row in every table of the schema (a new table needs one in ROWS_SQL)', () => {
    const empty = tables.filter((t) => t.startsWith('public.') && before[t]!.length === 0)
    expect(empty).toEqual([])
    expect(tables.filter((t) => t.startsWith('public.')).length).toBeGreaterThanOrEqual(36)
    expect(before['pgboss.job']!.length).toBe(3)
  })

  it('the service refuses to start on the folder, naming the command', async () => {
    await expect(obtainDatabase({ url: null, dataDir, logger, embedded: 'own' })).rejects.toThrow(
      /npm run db:carry-over/,
    )
    expect(folderKind(join(dataDir, 'db'))).toBe('earlier')
  })

  it('refuses while a service runs on the folder', async () => {
    const service: ChildProcess = spawn('sleep', ['30'], { stdio: 'ignore' })
    try {
      writeFileSync(join(dataDir, 'service.pid'), `${service.pid}\n`)
      const io = captured()
      const result = await carryOver(dataDir, io)
      expect(result).toMatchObject({ exitCode: 1, outcome: 'refused' })
      expect(io.lines.join('\n')).toContain(`process ${service.pid}`)
      expect(folderKind(join(dataDir, 'db'))).toBe('earlier')
    } finally {
      service.kill()
      rmSync(join(dataDir, 'service.pid'), { force: true })
    }
  })

  it('copies every row to the new server, keeps the old folder, and has nothing left to do after', async () => {
    const io = captured()
    const result = await carryOver(dataDir, io)
    console.log(`carry-over of the test folder: ${result.ms} ms`)
    expect(result, io.lines.join('\n')).toMatchObject({ exitCode: 0, outcome: 'carried-over' })
    for (const table of tables.filter((t) => t !== 'pgboss.schedule' && t !== 'pgboss.subscription')) {
      expect(result.rows[table], table).toBe(before[table]!.length)
    }
    expect(folderKind(join(dataDir, 'db'))).toBe('server')
    expect(folderKind(join(dataDir, 'db.earlier-release'))).toBe('earlier')
    expect(existsSync(join(dataDir, 'db.carry-over'))).toBe(false)
    expect(io.lines.join('\n')).toContain('db.earlier-release')

    const after = await onNewServer(dataDir, async (client) => {
      const state = await client.query<{ state: string }>('select state from pgboss.job where id = $1', [
        pendingJob,
      ])
      expect(state.rows[0]?.state).toBe('created')
      const migrations = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      expect(migrations.rows[0]?.n).toBe(22)
      return snapshot(client, tables)
    })
    for (const table of tables) expect(after[table], table).toEqual(before[table])

    const again = captured()
    expect(await carryOver(dataDir, again)).toMatchObject({ exitCode: 0, outcome: 'nothing' })
    expect(again.lines.join('\n')).toContain('nothing to carry over')
  }, 180_000)

  it('has nothing to do on a folder without an earlier database', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wt-carry-empty-'))
    folders.push(empty)
    const io = captured()
    expect(await carryOver(empty, io)).toMatchObject({ exitCode: 0, outcome: 'nothing' })
    expect(existsSync(join(empty, 'db'))).toBe(false)
  })
})

describe('npm run db:carry-over, resumed, from a release at an older migration', () => {
  it('starts over from db.earlier-release and runs the later migrations on the carried rows', async () => {
    // Four migrations: before customer profiles existed (0004 makes one for every customer).
    const dataDir = await earlierReleaseFolder(async (pglite) => {
      await pglite.exec(`insert into users (id, email, role) values
        ('20000000-0000-4000-8000-000000000009', 'lena@mail.example', 'CUSTOMER')`)
    }, 4)
    folders.push(dataDir)
    // A run stopped after moving the folder aside, with a half-made server left behind.
    renameSync(join(dataDir, 'db'), join(dataDir, 'db.earlier-release'))
    mkdirSync(join(dataDir, 'db.carry-over', 'db'), { recursive: true })
    writeFileSync(join(dataDir, 'db.carry-over', 'db', 'PG_VERSION'), '17\n')

    const io = captured()
    const result = await carryOver(dataDir, io)
    expect(result, io.lines.join('\n')).toMatchObject({ exitCode: 0, outcome: 'carried-over' })
    expect(io.lines.join('\n')).toContain('starting over')
    expect(io.lines.join('\n')).toContain('18 later migration(s)')
    expect(folderKind(join(dataDir, 'db'))).toBe('server')
    expect(folderKind(join(dataDir, 'db.earlier-release'))).toBe('earlier')
    await onNewServer(dataDir, async (client) => {
      const profiles = await client.query('select user_id from customer_profiles')
      expect(profiles.rows).toEqual([{ user_id: '20000000-0000-4000-8000-000000000009' }])
    })
  }, 180_000)
})

describe('npm run db:carry-over, by what it finds in DATA_DIR', () => {
  /** A folder laid out with the files that tell the kinds apart (no database in them). */
  function layout(files: string[]): string {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-carry-layout-'))
    folders.push(dataDir)
    for (const file of files) {
      mkdirSync(join(dataDir, file, '..'), { recursive: true })
      writeFileSync(join(dataDir, file), '18\n')
    }
    return dataDir
  }
  const earlier = (dir: string) => [`${dir}/PG_VERSION`]
  const server = (dir: string) => [`${dir}/PG_VERSION`, `${dir}/warranty-server.json`]
  const carried = (dir: string) => [...server(dir), `${dir}/warranty-carried-over.json`]

  it('refuses what it cannot tell apart, resumes, and finishes a run stopped at its last step', async () => {
    expect(planCarryOver(layout([...earlier('db'), ...earlier('db.earlier-release')]))).toMatchObject({
      action: 'refuse',
    })
    expect(planCarryOver(layout([...earlier('db.earlier-release'), 'db/notes.txt']))).toMatchObject({
      action: 'refuse',
    })
    const resumed = layout([...earlier('db.earlier-release'), ...server('db.carry-over/db')])
    expect(planCarryOver(resumed)).toEqual({
      action: 'copy',
      source: join(resumed, 'db.earlier-release'),
      resumed: true,
    })
    expect(planCarryOver(layout([...server('db'), ...earlier('db.earlier-release')]))).toMatchObject({
      action: 'nothing',
    })
    // A database started on the folder after a run stopped between its renames: never overwritten.
    const both = layout([...server('db'), ...earlier('db.earlier-release'), ...carried('db.carry-over/db')])
    expect(planCarryOver(both)).toMatchObject({ action: 'refuse' })

    const stopped = layout([...earlier('db.earlier-release'), ...carried('db.carry-over/db')])
    mkdirSync(join(stopped, 'db'))
    expect(await carryOver(stopped, captured())).toMatchObject({ exitCode: 0, outcome: 'carried-over' })
    expect(folderKind(join(stopped, 'db'))).toBe('server')
    expect(existsSync(join(stopped, 'db', 'warranty-carried-over.json'))).toBe(true)
    expect(existsSync(join(stopped, 'db.carry-over'))).toBe(false)
    expect(folderKind(join(stopped, 'db.earlier-release'))).toBe('earlier')
  })
})

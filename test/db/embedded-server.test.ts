import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { EmbeddedPostgres } from '../../src/db/embedded/server.js'
import { folderKind, runningServer } from '../../src/db/embedded/server-files.js'
import { obtainDatabase } from '../../src/db/obtain.js'
import { createLogger } from '../../src/logger.js'
import { waitFor } from '../support/harness.js'

// Issue 27: the embedded default is a real PostgreSQL server, started, supervised and stopped by
// the service, its data under DATA_DIR/db.

const logger = createLogger({ logLevel: 'silent' })
/** A service stand-in: starts the server on DATA_DIR, prints its URL, waits to be killed. */
const OWNER_SCRIPT = `
  const { EmbeddedPostgres } = await import(${JSON.stringify(new URL('../../src/db/embedded/server.ts', import.meta.url).pathname)})
  const { createLogger } = await import(${JSON.stringify(new URL('../../src/logger.ts', import.meta.url).pathname)})
  const s = new EmbeddedPostgres({ dataDir: process.env.DATA_DIR, logger: createLogger({ logLevel: 'silent' }) })
  console.log(await s.start())
  setInterval(() => {}, 1000)
`
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wt-embedded-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function server(dataDir: string): EmbeddedPostgres {
  const s = new EmbeddedPostgres({ dataDir, logger })
  cleanups.push(() => s.stop())
  return s
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

describe('the embedded PostgreSQL server', () => {
  it('initialises DATA_DIR/db once, keeps its data across a restart, a crash and a leftover server', async () => {
    const dataDir = dataFolder()
    const first = server(dataDir)
    const url = await first.start()
    expect(folderKind(join(dataDir, 'db'))).toBe('server')
    expect(new URL(url).hostname).toBe('127.0.0.1')
    expect(readFileSync(join(dataDir, 'db.password'), 'utf8').trim()).toHaveLength(43)
    const [row] = await query<{ major: number }>(
      url,
      "select current_setting('server_version_num')::int / 10000 as major",
    )
    expect(row?.major).toBeGreaterThanOrEqual(14)
    await query(url, 'create table kept (n int); insert into kept values (1)')

    // A clean stop and a start: the same data, the same password.
    await first.stop()
    expect(await runningServer(join(dataDir, 'db'))).toBeNull()
    const second = server(dataDir)
    const again = await second.start()
    expect(await query(again, 'select n from kept')).toEqual([{ n: 1 }])

    await second.stop()

    // A service killed (kill -9 of its group): the server, in a group of its own, lives on;
    // the next start stops it (fast shutdown, every commit kept) and starts its own.
    const owner = spawn(process.execPath, ['--import', 'tsx', '-e', `${OWNER_SCRIPT}`], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    })
    const [line] = (await once(owner.stdout!, 'data')) as [Buffer]
    const orphanUrl = line.toString().trim()
    await query(orphanUrl, 'insert into kept values (2)')
    process.kill(-owner.pid!, 'SIGKILL')
    const leftover = await runningServer(join(dataDir, 'db'))
    expect(leftover).not.toBeNull()
    const third = server(dataDir)
    const url3 = await third.start()
    expect(third.pid).not.toBe(leftover?.pid)
    expect(await query(url3, 'select n from kept order by n')).toEqual([{ n: 1 }, { n: 2 }])

    // The server itself killed: crash recovery from its WAL at the next start.
    await third.kill()
    const fourth = server(dataDir)
    expect(await query(await fourth.start(), 'select count(*)::int as c from kept')).toEqual([{ c: 2 }])
  }, 60_000)

  it('starts the server again on the same port when it dies on its own; the pool reconnects', async () => {
    const dataDir = dataFolder()
    const database = await obtainDatabase({ url: null, dataDir, logger, embedded: 'own', poolSize: 2 })
    cleanups.push(() => database.close())
    await database.ping()
    const pid = (await runningServer(join(dataDir, 'db')))?.pid
    process.kill(pid as number, 'SIGKILL')
    // Right after the kill, a pooled connection's backend may still answer (backends notice
    // their postmaster's death a moment later) and postmaster.pid still names the dead server:
    // wait for a server of another pid, then for the pool to reach it.
    await waitFor(
      async () => {
        const now = (await runningServer(join(dataDir, 'db')))?.pid
        return now !== undefined && now !== pid
      },
      20_000,
      100,
    )
    await waitFor(
      () =>
        database.ping(1_000).then(
          () => true,
          () => false,
        ),
      20_000,
      100,
    )
    expect((await runningServer(join(dataDir, 'db')))?.pid).not.toBe(pid)
  }, 60_000)

  it('ignores a half-initialised folder and a stale lock file', async () => {
    const dataDir = dataFolder()
    // A first start killed during initdb: a staging folder is left, DATA_DIR/db never made.
    mkdirSync(join(dataDir, 'db.initialising', 'base'), { recursive: true })
    writeFileSync(join(dataDir, 'db.initialising', 'PG_VERSION'), '17\n')
    const first = server(dataDir)
    await first.start()
    await first.kill()
    // A lock file naming a process that is gone (the machine restarted).
    writeFileSync(join(dataDir, 'db', 'postmaster.pid'), '999999\n/nowhere\n0\n5432\n')
    const second = server(dataDir)
    await query(await second.start(), 'select 1')
  }, 60_000)

  it('stops at start on an earlier release’s data folder, naming the command that carries it over', async () => {
    const dataDir = dataFolder()
    mkdirSync(join(dataDir, 'db', 'base'), { recursive: true })
    writeFileSync(join(dataDir, 'db', 'PG_VERSION'), '18\n')
    await expect(server(dataDir).start()).rejects.toThrow(/npm run db:carry-over/)
  })

  it('lets an operator command share the running server instead of starting another', async () => {
    const dataDir = dataFolder()
    const service = await obtainDatabase({ url: null, dataDir, logger, embedded: 'own', poolSize: 1 })
    cleanups.push(() => service.close())
    const pid = (await runningServer(join(dataDir, 'db')))?.pid
    const command = await obtainDatabase({ url: null, dataDir, logger, embedded: 'share', poolSize: 1 })
    await command.ping()
    expect(new URL(command.url).port).toBe(new URL(service.url).port)
    await command.close()
    // Closing the command's handle leaves the service's server running.
    expect((await runningServer(join(dataDir, 'db')))?.pid).toBe(pid)
    await service.ping()
  }, 60_000)
})

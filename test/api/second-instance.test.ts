import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/index.js'
import { INBOX_SMTP_DEFAULT_PORT } from '../../src/config/receipts.js'
import { openDatabase } from '../../src/db/client.js'
import { users } from '../../src/db/schema/index.js'
import { createTestService, freshDatabase } from '../support/harness.js'

const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

/** A listener holding `port` (0: any free one), as another program or instance would. */
async function occupy(port: number): Promise<number | null> {
  const server = createServer()
  const bound = await new Promise<number | null>((resolve) => {
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
  if (bound !== null) servers.push(server)
  return bound
}

describe('two instances on one machine', () => {
  it('INBOX_SMTP_PORT unset: the inbound listener moves to a free port when 2525 is taken', async () => {
    // Held by this test, or already by someone else on the machine: taken either way.
    await occupy(INBOX_SMTP_DEFAULT_PORT)
    const svc = await createTestService({ env: { INBOX_SMTP_PORT: undefined } })
    try {
      expect(svc.config.inbox.smtpPortFallback).toBe(true)
      const port = svc.services.inbox.smtpPort()
      expect(port).not.toBeNull()
      expect(port).not.toBe(INBOX_SMTP_DEFAULT_PORT)
    } finally {
      await svc.close()
    }
  })

  it('INBOX_SMTP_PORT set to a taken port: the start stops naming it, before the first admin is written', async () => {
    const port = await occupy(0)
    const database = await freshDatabase()
    try {
      await expect(
        createTestService({
          databaseUrl: database.url,
          env: {
            INBOX_SMTP_PORT: String(port),
            ADMIN_EMAIL: 'first@example.com',
            ADMIN_PASSWORD: 'a-long-enough-password',
          },
        }),
      ).rejects.toThrow(`INBOX_SMTP_PORT: 127.0.0.1:${port} is already in use`)
      const db = await openDatabase({ url: database.url, poolSize: 1 })
      try {
        const admins = await db.db.select().from(users).where(eq(users.email, 'first@example.com'))
        expect(admins).toEqual([])
      } finally {
        await db.close()
      }
    } finally {
      await database.drop()
    }
  })

  it('production: INBOX_SMTP_PORT unset keeps 2525 strictly (a relaying MTA points there)', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tmpdir(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SERIAL_HASH_SALT: randomBytes(16).toString('hex'),
    })
    expect(config.inbox).toMatchObject({ smtpPort: INBOX_SMTP_DEFAULT_PORT, smtpPortFallback: false })
  })

  it('PORT taken: `main` stops at once naming PORT, with nothing started or written but the secrets', async () => {
    const port = await occupy(0)
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-second-'))
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_EMAIL: 'first@example.com',
          ADMIN_PASSWORD: 'a-long-enough-password',
          LOG_LEVEL: 'silent',
        },
        timeout: 20_000,
      })
      const failure = await run.then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      )
      expect(failure?.code).toBe(1)
      expect(failure?.stderr).toContain(`PORT: 127.0.0.1:${port} is already in use`)
      expect(failure?.stderr).toContain('set PORT to another port')
      expect(existsSync(join(dataDir, 'db'))).toBe(false)
      expect(existsSync(join(dataDir, 'chain'))).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

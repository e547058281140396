/**
 * The operator CLI (`warranty …`, src/cli/warranty.ts) against the service's database: each
 * command run as `bin/warranty` runs it, with its output captured, and its effect read back from
 * the database and the API.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CliIo } from '../../src/cli/cli-io.js'
import { runCli } from '../../src/cli/warranty.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'
import { startExternalChain } from '../support/mint-fixtures.js'
import { issueWarranty, setMint } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(async () => {
  await svc?.close()
})

/** Runs `warranty <argv>` on the test service's database; answers the exit code and the output. */
async function cli(argv: string[], env: Record<string, string> = {}, stdin = '') {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = {
    env: {
      NODE_ENV: 'test',
      DATA_DIR: svc.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SERIAL_HASH_SALT: 'test-serial-salt-0123456789',
      ...env,
    },
    cwd: svc.dataDir,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    write: async (chunk) => {
      out.push(chunk)
    },
    readStdin: async () => stdin,
  }
  const code = await runCli(argv, { io, database: svc.deps.database })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function merchantWithWarranties(n: number) {
  const m = await createMerchantWithUsers(svc.deps)
  const ids: string[] = []
  for (let i = 0; i < n; i++)
    ids.push((await issueWarranty(svc, m.owner, { customerEmail: `c${i}@example.com` })).id)
  return { ...m, ids }
}

describe('warranty (no command, unknown command)', () => {
  it('prints the commands and exits 2 without one, 0 with --help', async () => {
    expect(await cli([])).toMatchObject({ code: 2, out: expect.stringContaining('warranty mint-backlog') })
    expect((await cli(['--help'])).code).toBe(0)
  })

  it('exits 2 on an unknown command or option', async () => {
    expect(await cli(['mint'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "mint"'),
    })
    expect(await cli(['mint-backlog', '--bogus'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('usage: warranty mint-backlog'),
    })
  })
})

describe('warranty migrate', () => {
  it('applies the migrations (none left on a migrated database)', async () => {
    expect(await cli(['migrate'])).toMatchObject({ code: 0, out: 'migrations applied' })
  })
})

describe('warranty create-admin', () => {
  it('creates an admin who can sign in, with the password from ADMIN_PASSWORD or standard input', async () => {
    const first = await cli(['create-admin', '--email', 'ops-admin@example.com', '--name', 'Ops'], {
      ADMIN_PASSWORD: 'ops-admin-password',
    })
    expect(first).toMatchObject({ code: 0, out: expect.stringMatching(/^admin created: [0-9a-f-]{36}$/) })
    const login = await svc.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'ops-admin@example.com', password: 'ops-admin-password' },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().user.role).toBe('ADMIN')

    const fromStdin = await cli(
      ['create-admin', '--email', 'ops-2@example.com', '--role', 'ADMIN'],
      {},
      'from-stdin-pw\n',
    )
    expect(fromStdin.code).toBe(0)
  })

  it('exits 1 when the e-mail is taken, 2 on a bad e-mail, role or short password', async () => {
    const env = { ADMIN_PASSWORD: 'ops-admin-password' }
    expect(await cli(['create-admin', '--email', 'ops-admin@example.com'], env)).toMatchObject({
      code: 1,
      err: 'a user with e-mail ops-admin@example.com already exists',
    })
    expect((await cli(['create-admin', '--email', 'nope'], env)).code).toBe(2)
    expect((await cli(['create-admin', '--email', 'x@example.com', '--role', 'ROOT'], env)).code).toBe(2)
    expect((await cli(['create-admin', '--email', 'x@example.com'], { ADMIN_PASSWORD: 'short' })).code).toBe(
      2,
    )
  })
})

describe('warranty mint-backlog and retry-failed-mints', () => {
  it('counts warranties by mint state, for all merchants or one', async () => {
    const a = await merchantWithWarranties(4)
    await setMint(svc.deps.db, a.ids[0]!, { status: 'MINTED', tokenId: 1 })
    await setMint(svc.deps.db, a.ids[1]!, { status: 'FAILED', error: 'reverted' })
    await setMint(svc.deps.db, a.ids[2]!, { status: 'FAILED', error: 'reverted' })
    const one = await cli(['mint-backlog', '--merchant', a.merchant.id, '--json'])
    expect(one.code).toBe(0)
    expect(JSON.parse(one.out)).toEqual({
      PENDING: 1,
      MINTING: 0,
      MINTED: 1,
      FAILED: 2,
      oldestUnmintedAgeSeconds: expect.any(Number),
    })
    const b = await merchantWithWarranties(1)
    await setMint(svc.deps.db, b.ids[0]!, { status: 'FAILED', error: 'gone' })
    const all = JSON.parse((await cli(['mint-backlog', '--json'])).out) as Record<string, number>
    expect(all.FAILED).toBeGreaterThanOrEqual(3)
    expect((await cli(['mint-backlog'])).out).toMatch(
      /^PENDING +\d+\nMINTING +\d+\nMINTED +\d+\nFAILED +\d+\noldest/,
    )

    // Retry one merchant's failed mints: a dry run first, then for real; the other merchant's stay FAILED.
    expect((await cli(['retry-failed-mints', '--merchant', a.merchant.id, '--dry-run'])).out).toBe(
      '2 failed mints would be retried',
    )
    const retried = await cli(['retry-failed-mints', '--merchant', a.merchant.id])
    expect(retried).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^2 failed mints put back to PENDING/),
    })
    const after = JSON.parse((await cli(['mint-backlog', '--merchant', a.merchant.id, '--json'])).out)
    expect(after).toMatchObject({ PENDING: 3, FAILED: 0, MINTED: 1 })
    const view = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${a.ids[1]}`,
      token: a.owner.token,
    })
    expect(view.json().mint).toMatchObject({ status: 'PENDING', error: null })
    expect(JSON.parse((await cli(['mint-backlog', '--merchant', b.merchant.id, '--json'])).out).FAILED).toBe(
      1,
    )

    // Without --merchant: every failed mint.
    const rest = await cli(['retry-failed-mints'])
    expect(rest.out).toMatch(/^[1-9]\d* failed mints put back/)
    expect(JSON.parse((await cli(['mint-backlog', '--json'])).out).FAILED).toBe(0)
  })

  it('refuses a merchant option that is not an id', async () => {
    expect((await cli(['retry-failed-mints', '--merchant', 'acme'])).code).toBe(2)
  })
})

describe('warranty export-merchant', () => {
  it("writes the merchant's data as JSON without password or token hashes", async () => {
    const m = await merchantWithWarranties(3)
    const other = await merchantWithWarranties(1)
    const result = await cli(['export-merchant', m.merchant.id])
    expect(result.code).toBe(0)
    const doc = JSON.parse(result.out)
    expect(doc).toMatchObject({
      format: 'warranty-service.merchant-export.v1',
      merchant: { id: m.merchant.id, name: m.merchant.name },
    })
    expect(doc.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [m.owner.email, m.admin.email, m.user.email].sort(),
    )
    expect(doc.warranties.map((w: { id: string }) => w.id).sort()).toEqual([...m.ids].sort())
    expect(doc.warranties[0]).toMatchObject({
      customerEmail: expect.stringMatching(/@example\.com$/),
      mintStatus: 'PENDING',
    })
    expect(doc.warranties.some((w: { id: string }) => w.id === other.ids[0])).toBe(false)
    expect(result.out).not.toMatch(/passwordHash|password_hash|tokenHash|tokenVersion/)
  })

  it('writes to a file with --out; exits 1 for an unknown merchant', async () => {
    const m = await merchantWithWarranties(0)
    const dir = mkdtempSync(join(tmpdir(), 'wt-export-'))
    try {
      const result = await cli(['export-merchant', m.merchant.id, '--out', join(dir, 'export.json')])
      expect(result).toMatchObject({ code: 0, err: expect.stringContaining('0 warranties exported') })
      expect(JSON.parse(readFileSync(join(dir, 'export.json'), 'utf8'))).toMatchObject({ warranties: [] })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const unknown = await cli(['export-merchant', '00000000-0000-4000-8000-000000000000'])
    expect(unknown).toMatchObject({ code: 1, err: 'no merchant 00000000-0000-4000-8000-000000000000' })
  })
})

describe('warranty rotate-jwt-secret', () => {
  it('with JWT_SECRET set: prints a new secret and the steps', async () => {
    const result = await cli(['rotate-jwt-secret'])
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^[\w-]{64}$/)
    expect(result.err).toContain('JWT_SECRET_PREVIOUS = the current JWT_SECRET')
  })

  it('with the secret in DATA_DIR: keeps the previous one until --finish', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-rotate-'))
    try {
      writeFileSync(join(dataDir, 'jwt-secret'), 'o'.repeat(48))
      const env = { DATA_DIR: dataDir, JWT_SECRET: '' }
      const rotated = await cli(['rotate-jwt-secret'], env)
      expect(rotated.code).toBe(0)
      expect(readFileSync(join(dataDir, 'jwt-secret.previous'), 'utf8').trim()).toBe('o'.repeat(48))
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toMatch(/^[\w-]{64}$/)
      expect((await cli(['rotate-jwt-secret', '--finish'], env)).code).toBe(0)
      expect(() => readFileSync(join(dataDir, 'jwt-secret.previous'))).toThrow()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('warranty deploy-contract', () => {
  it('deploys the contract and prints its address; --if-deployed leaves a deployed chain alone', async () => {
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    try {
      // compose.yaml relies on this: the first deployment from anvil's first dev key on a new chain.
      expect(chain.address).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
      const env = { CHAIN_RPC_URL: chain.directUrl, CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY! }
      const kept = await cli(['deploy-contract', '--if-deployed', chain.address], env)
      expect(kept).toMatchObject({
        code: 0,
        out: chain.address,
        err: expect.stringContaining('nothing deployed'),
      })

      const deployed = await cli(['deploy-contract'], env)
      expect(deployed.code).toBe(0)
      const address = deployed.out.split('\n').at(-1) as `0x${string}`
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(address).not.toBe(chain.address)
      const client = createPublicClient({ transport: http(chain.directUrl) })
      expect((await client.getCode({ address }))?.length).toBeGreaterThan(100)
    } finally {
      await chain.close()
    }
  })

  it('exits 2 without CHAIN_RPC_URL or with a bad key', async () => {
    expect((await cli(['deploy-contract'])).err).toContain('set CHAIN_RPC_URL')
    const bad = await cli(['deploy-contract'], {
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_PRIVATE_KEY: '0x12',
    })
    expect(bad.code).toBe(2)
  })
})

describe('operator commands beside the running service (issue 27)', () => {
  it('create-admin and migrate run on the embedded server the service started, which keeps running', async () => {
    // The service as `npm start` runs it: its own embedded server under DATA_DIR/db.
    const running = await createTestService({ fileDatabase: true })
    try {
      const out: string[] = []
      const err: string[] = []
      const io: CliIo = {
        env: {
          NODE_ENV: 'test',
          DATA_DIR: running.dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          SERIAL_HASH_SALT: 'test-serial-salt-0123456789',
        },
        cwd: running.dataDir,
        out: (text) => out.push(text),
        err: (text) => err.push(text),
        write: async (chunk) => {
          out.push(chunk)
        },
        readStdin: async () => '',
      }
      // No database handed in: the command finds the running server as `bin/warranty` would.
      expect({ code: await runCli(['migrate'], { io }), err }).toEqual({ code: 0, err: [] })
      expect(out).toContain('migrations applied')
      io.env.ADMIN_PASSWORD = 'beside-password-1'
      const code = await runCli(['create-admin', '--email', 'beside@example.com', '--name', 'Beside'], { io })
      expect({ code, err }).toEqual({ code: 0, err: [] })
      const login = await running.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'beside@example.com', password: 'beside-password-1' },
      })
      expect(login.statusCode).toBe(200)
      expect((await running.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
    } finally {
      await running.close()
    }
  }, 60_000)
})

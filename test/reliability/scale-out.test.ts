/**
 * The scale-out path (docs/production.md): two API processes (`--role api`) and two worker
 * processes (`--role worker`) of the built service on one PostgreSQL and a chain outside them,
 * all four started at once on a database nobody has migrated. Warranties are issued through both
 * APIs; one worker is killed with `kill -9` while there is work; then, read from outside: the
 * migrations were applied once, every warranty is MINTED with its own token and the chain holds
 * exactly those tokens (none minted twice), and each claim e-mail went out once. PostgreSQL only
 * (the embedded database and chain serve one process).
 */

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { createPublicClient, http, parseAbi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { startExternalChain } from '../support/mint-fixtures.js'
import { ensureBuilt, projectRoot } from './support/build.js'
import { checkTokensOnChain } from './support/chain-check.js'
import { emptyDatabase } from './support/empty-database.js'
import { IssueLoad } from './support/issue-load.js'
import { mailedCount, tallyMail } from './support/mail-tally.js'
import { createScenario, freePort } from './support/scenario.js'
import { allWarranties, merchantStats, setUpMerchant } from './support/service-api.js'

const ISSUES_PER_API = Number(process.env.SCALE_OUT_ISSUES ?? 150)
const DRAIN_TIMEOUT_MS = 90_000

async function appliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')
    return (rows[0] as { n: number }).n
  } finally {
    await client.end()
  }
}

const committedMigrations = () =>
  (
    JSON.parse(readFileSync(join(projectRoot, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
  ).entries.length

/** `bin/warranty migrate` as a process of its own; answers its exit code and output. */
function migrateProcess(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/warranty', 'migrate'], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: url,
        NODE_ENV: 'production',
        JWT_SECRET: 'migrate-test-jwt-secret-migrate-test-jwt',
        SERIAL_HASH_SALT: 'migrate-test-serial-salt',
        DATA_DIR: tmpdir(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

describe('several API and worker processes on one PostgreSQL', () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it('two `warranty migrate` started together on a fresh database apply each migration once', async () => {
    const db = await emptyDatabase()
    try {
      const runs = await Promise.all([migrateProcess(db.url), migrateProcess(db.url)])
      expect(runs.map((r) => [r.code, r.output.trim()])).toEqual([
        [0, 'migrations applied'],
        [0, 'migrations applied'],
      ])
      expect(await appliedMigrations(db.url)).toBe(committedMigrations())
    } finally {
      await db.drop()
    }
  }, 120_000)

  it('2 APIs + 2 workers started together: issued through both APIs, minted once each, a killed worker taken over', async () => {
    const scenario = await createScenario('scale-out', { database: 'shared' })
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    const db = await emptyDatabase()
    try {
      const env = {
        DATABASE_URL: db.url,
        CHAIN_RPC_URL: chain.directUrl,
        CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY!,
        CERTIFICATE_CONTRACT_ADDRESS: chain.address,
        CHAIN_CONFIRMATIONS: '1',
        MINT_RETRY_DELAY_SECONDS: '1',
        // Shared by every process (generated ones would differ per process).
        JWT_SECRET: 'scale-out-jwt-secret-scale-out-jwt-secret',
        SERIAL_HASH_SALT: 'scale-out-serial-salt',
        // Small batches, so that both workers get minting runs while the load lasts.
        MINT_BATCH_SIZE: '25',
      }
      const api1 = scenario.service({ env, role: 'api' })
      const api2 = scenario.service({ env, role: 'api', port: await freePort() })
      const worker1 = scenario.service({ env, role: 'worker', port: await freePort() })
      const worker2 = scenario.service({ env, role: 'worker', port: await freePort() })
      const processes = [api1, api2, worker1, worker2]
      // All four at once on the empty database: each migrates at start, under the advisory lock.
      await Promise.all(processes.map((p) => p.start()))
      expect(await appliedMigrations(db.url)).toBe(committedMigrations())

      const { token, productId } = await setUpMerchant(api1.url)
      const loads = [api1, api2].map((api) =>
        new IssueLoad({ url: api.url, token, productId, rate: 40, concurrency: 8 }).start(),
      )
      await Promise.all(loads.map((l) => l.waitForAcked(Math.ceil(ISSUES_PER_API / 2), 120_000)))
      // Once the workers are minting, kill worker 1 while more work keeps coming. (Which worker holds
      // the active minting run at that moment is not controlled; either way one dies mid-load.)
      const mintingDeadline = Date.now() + 60_000
      while ((await merchantStats(api1.url, token)).mints.MINTED === 0 && Date.now() < mintingDeadline)
        await sleep(200)
      await worker1.crash()
      const killedAt = Date.now()
      await Promise.all(loads.map((l) => l.waitForAcked(ISSUES_PER_API, 120_000)))
      await Promise.all(loads.map((l) => l.stop()))

      const acked = new Map([...loads[0]!.ackedByEmail, ...loads[1]!.ackedByEmail])
      const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS
      let doneAt: number | null = null
      for (;;) {
        const stats = await merchantStats(api2.url, token)
        const done =
          stats.mints.MINTED === stats.warranties.total && mailedCount(scenario.sink, acked) === acked.size
        if (done) doneAt = Date.now()
        if (done || Date.now() > drainDeadline) break
        await sleep(500)
      }

      const listed = await allWarranties(api2.url, token)
      const minted = listed.filter((w) => w.mint.status === 'MINTED')
      const onChain = await checkTokensOnChain({ rpcUrl: chain.directUrl, serviceUrl: api1.url, minted })
      const client = createPublicClient({ transport: http(chain.directUrl) })
      const totalSupply = await client.readContract({
        address: chain.address,
        abi: parseAbi(['function totalSupply() view returns (uint256)']),
        functionName: 'totalSupply',
      })
      const mail = tallyMail(scenario.sink, acked)
      const byApi = loads.map((l) => l.acked.size)
      scenario.report({
        secondsFromKillToAllDone: doneAt === null ? null : (doneAt - killedAt) / 1000,
        byApi,
        warranties: listed.length,
        minted: minted.length,
        totalSupply: Number(totalSupply),
        mail,
      })

      expect(byApi.every((n) => n >= ISSUES_PER_API)).toBe(true)
      const listedIds = new Set(listed.map((w) => w.id))
      expect({
        lost: [...acked.values()].filter((w) => !listedIds.has(w.id)).length,
        notMinted: listed.length - minted.length,
        tokensNotOnChain: onChain.notOnChain.length,
        tokensOfAnotherCertificate: onChain.wrongCertificate.length,
        tokensTwice: onChain.duplicateTokens.length,
        chainTokens: Number(totalSupply),
        mailMissing: mail.missing,
        mailDuplicated: mail.duplicated,
        errorLines: processes.reduce((n, p) => n + p.totals().errorCount, 0),
      }).toEqual({
        lost: 0,
        notMinted: 0,
        tokensNotOnChain: 0,
        tokensOfAnotherCertificate: 0,
        tokensTwice: 0,
        chainTokens: listed.length,
        mailMissing: 0,
        mailDuplicated: 0,
        errorLines: 0,
      })
    } finally {
      await scenario.close()
      await chain.close()
      await db.drop()
    }
  }, 600_000)
})

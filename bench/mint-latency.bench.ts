/**
 * `npm run bench:mint-latency`: issue → MINTED latency at a sustained issue rate on a local
 * chain with 1-s blocks (anvil `--block-time 1`, as an external chain would mine). The service
 * runs as `npm start` does (API and workers in one process) on PostgreSQL, pointed at that node
 * as an external chain (CHAIN_RPC_URL, 1 confirmation, polled every CHAIN_POLL_MS = 250 ms as an
 * operator would set it for 1-s blocks; BENCH_CHAIN_POLL_MS changes it). BENCH_MINT_RATE issues per second
 * (default 100) for BENCH_MINT_SECONDS (default 20), half with a new customer e-mail; then
 * waits until every warranty is MINTED (or BENCH_MINT_WAIT_SECONDS, default 120) and reports
 * the latency percentiles (minted_at − created_at), with the yardsticks of the same run.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { pino } from 'pino'
import { ANVIL_DEV_PRIVATE_KEY, AnvilSupervisor } from '../src/adapters/chain/anvil.js'
import { deployWarrantyCertificate } from '../src/adapters/chain/deploy.js'
import { createPostgresDatabase, startService } from './lib.js'
import { measureYardsticks, merchantToken, type Row, reportAgainst } from './yardsticks.js'

const RATE = Number(process.env.BENCH_MINT_RATE ?? 100)
const SECONDS = Number(process.env.BENCH_MINT_SECONDS ?? 20)
const WAIT_SECONDS = Number(process.env.BENCH_MINT_WAIT_SECONDS ?? 120)
const GOAL_P95_MS = 3000

const pgDb = await createPostgresDatabase()
if (!pgDb) throw new Error('bench:mint-latency needs PostgreSQL (BENCH_DATABASE_URL)')
const yardsticks = await measureYardsticks(pgDb.url, 5)
const chainDir = await mkdtemp(join(tmpdir(), 'wt-mint-bench-'))
const node = new AnvilSupervisor({
  dataDir: chainDir,
  logger: pino({ level: 'warn' }),
  blockTimeSeconds: 1,
  signerKey: ANVIL_DEV_PRIVATE_KEY,
})
await node.start()
const db = new pg.Client({ connectionString: pgDb.url })
const rows: Row[] = []
const notes: string[] = []
try {
  const { address } = await deployWarrantyCertificate({
    rpcUrl: node.rpcUrl,
    privateKey: ANVIL_DEV_PRIVATE_KEY,
  })
  const service = await startService({
    DATABASE_URL: pgDb.url,
    CHAIN_RPC_URL: node.rpcUrl,
    CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY,
    CERTIFICATE_CONTRACT_ADDRESS: address,
    CHAIN_CONFIRMATIONS: '1',
    // An operator's setting for a chain with 1-s blocks (docs/configuration.md): receipts seen a
    // quarter of a block after they land, not up to a whole block later.
    CHAIN_POLL_MS: process.env.BENCH_CHAIN_POLL_MS ?? '250',
  })
  try {
    const { token, productId } = await merchantToken(service.url)
    const issue = async (n: number) => {
      const id = randomUUID()
      const res = await fetch(`${service.url}/v1/merchant/warranties/issue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          serialNumber: `ML-${id}`,
          merchantProductId: productId,
          ...(n % 2 === 0 ? { customerEmail: `c-${id}@bench.example.com` } : {}),
        }),
      })
      await res.arrayBuffer()
      return res.ok
    }
    // Paced: request n leaves at start + n / RATE, whatever the answers' latency.
    console.error(`issuing ${RATE}/s for ${SECONDS} s`)
    const started = performance.now()
    const pending: Promise<boolean>[] = []
    for (let n = 0; n < RATE * SECONDS; n++) {
      const due = started + (n * 1000) / RATE
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      pending.push(issue(n))
    }
    const answers = await Promise.all(pending)
    const issueSeconds = (performance.now() - started) / 1000
    const failedIssues = answers.filter((ok) => !ok).length
    await db.connect()
    const deadline = Date.now() + WAIT_SECONDS * 1000
    for (;;) {
      const { rows: left } = await db.query(
        `select count(*)::int as n from warranties where mint_status <> 'MINTED'`,
      )
      if (left[0].n === 0 || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 500))
    }
    const { rows: stats } = await db.query(
      `select count(*)::int as total, count(minted_at)::int as minted,
              percentile_cont(0.5) within group (order by extract(epoch from minted_at - created_at) * 1000) as p50,
              percentile_cont(0.95) within group (order by extract(epoch from minted_at - created_at) * 1000) as p95,
              max(extract(epoch from minted_at - created_at) * 1000) as max
         from warranties`,
    )
    const s = stats[0]
    const p95 = Math.round(Number(s.p95))
    console.error(
      `  minted ${s.minted}/${s.total}; p50 ${Math.round(s.p50)} ms, p95 ${p95} ms, max ${Math.round(s.max)} ms`,
    )
    rows.push({
      name: `issue → MINTED p95 (ms), ${RATE}/s for ${SECONDS} s, 1-s blocks (postgres); req/s = issues/s achieved`,
      reqPerSec: Math.round(answers.length / issueSeconds),
      p99Ms: p95,
      errors: failedIssues,
      non2xx: s.total - s.minted,
      against: 'baseWrite',
      goal: `p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS && s.minted === s.total ? 'PASS' : 'FAIL'}`,
    })
    notes.push(
      `Mint latency (minted_at − created_at) of ${s.total} warranties: p50 ${Math.round(s.p50)} ms, p95 ${p95} ms, max ${Math.round(s.max)} ms; ${s.minted} minted. The p99 column of the row above holds the p95 latency; non-2xx counts warranties not MINTED in time.`,
    )
  } finally {
    await service.stop()
  }
} finally {
  await db.end().catch(() => undefined)
  await node.stop()
  await rm(chainDir, { recursive: true, force: true })
  await pgDb.drop()
}

reportAgainst('mint-latency.json', yardsticks, rows, notes)

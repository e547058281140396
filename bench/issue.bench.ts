/**
 * `npm run bench:issue`: issuing warranties at concurrency 50 for 20 s (BENCH_DURATION,
 * BENCH_CONNECTIONS) through POST /v1/merchant/warranties/issue, on the embedded default (the
 * service as `npm start` runs it, starting its own PostgreSQL server under its DATA_DIR) and on
 * an external PostgreSQL (the machine's, DATABASE_URL), against the yardsticks measured in the
 * same run (base-write: Fastify + one INSERT in its own transaction). The two are measured in
 * turns, embedded / external / embedded / external (BENCH_ROUNDS, default 2), so that the
 * machine's drift falls on both; the ratio embedded ÷ external compares the sums. Each request
 * has its own serial number and every other one a new customer e-mail (which finds or creates
 * the customer, creates a claim link and records the e-mail in the same transaction). The
 * service runs API and workers (e-mail, minting) in one process.
 * Goals (issue 27): the embedded default ≥ 0.9× the external PostgreSQL's throughput, p99 ≤
 * 300 ms, 0 errors.
 */
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { createPostgresDatabase, type Measurement, measure, startService } from './lib.js'
import { measureYardsticks, merchantToken, type Row, reportAgainst } from './yardsticks.js'

const duration = Number(process.env.BENCH_DURATION ?? 20)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)

const pgDb = await createPostgresDatabase()
if (!pgDb) throw new Error('bench:issue compares with an external PostgreSQL: set BENCH_DATABASE_URL')
const yardsticks = await measureYardsticks(pgDb.url, duration)
const rows: Row[] = []
const by: Record<'embedded' | 'postgres', Measurement[]> = { embedded: [], postgres: [] }
const load = [loadavg()[0]]

for (let round = 1; round <= rounds; round++) {
  for (const database of ['embedded', 'postgres'] as const) {
    console.error(`round ${round}: service on ${database}`)
    // The external database is a fresh one per round too, as the embedded folder is.
    const external = database === 'postgres' ? await createPostgresDatabase() : null
    const service = await startService(external ? { DATABASE_URL: external.url } : {})
    try {
      const { token, productId } = await merchantToken(service.url)
      let n = 0
      const m = await measure(`issue, half with a new customer e-mail (${database}, round ${round})`, {
        url: `${service.url}/v1/merchant/warranties/issue`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: () => {
          const id = randomUUID()
          return {
            serialNumber: `SN-${id}`,
            merchantProductId: productId,
            ...(n++ % 2 === 0 ? { customerEmail: `c-${id}@bench.example.com` } : {}),
          }
        },
        duration,
      })
      by[database].push(m)
      rows.push({
        ...m,
        against: 'baseWrite',
        goal: database === 'embedded' ? '≥ 0.9× external, p99 ≤ 300 ms, 0 errors' : '—',
      })
      load.push(loadavg()[0])
    } finally {
      await service.stop()
      await external?.drop()
    }
  }
}
await pgDb.drop()

const total = (ms: Measurement[]) => ms.reduce((sum, m) => sum + m.reqPerSec, 0)
const ratio = total(by.embedded) / total(by.postgres)
const worstP99 = Math.max(...by.embedded.map((m) => m.p99Ms))
const failures = by.embedded.reduce((sum, m) => sum + m.errors + m.non2xx, 0)
const met = ratio >= 0.9 && worstP99 <= 300 && failures === 0
reportAgainst('issue.json', yardsticks, rows, [
  `embedded ÷ external PostgreSQL throughput: ${ratio.toFixed(3)} (goal ≥ 0.9); embedded p99 at worst ${worstP99} ms (goal ≤ 300); errors and non-2xx: ${failures}: ${met ? 'met' : 'NOT met'}`,
  `load average (1 min) at start and after each run: ${load.map((l) => l?.toFixed(1)).join(', ')}`,
])

/**
 * `npm run bench:issue`: issuing warranties at concurrency 50 for 20 s (BENCH_DURATION,
 * BENCH_CONNECTIONS) through POST /v1/merchant/warranties/issue, on the embedded database and
 * on PostgreSQL, against the yardsticks measured in the same run (base-write: Fastify + one
 * INSERT in its own transaction). Each request has its own serial number and every other one a
 * new customer e-mail (which finds or creates the customer, creates a claim link and records
 * the e-mail in the same transaction). The service runs as `npm start` does: API and workers
 * (e-mail, minting) in one process.
 */
import { randomUUID } from 'node:crypto'
import { createPostgresDatabase, measure, startService } from './lib.js'
import { measureYardsticks, merchantToken, type Row, reportAgainst } from './yardsticks.js'

const duration = Number(process.env.BENCH_DURATION ?? 20)

const pgDb = await createPostgresDatabase()
const yardsticks = await measureYardsticks(pgDb?.url ?? null, duration)
const rows: Row[] = []

for (const database of ['pglite', 'postgres'] as const) {
  if (database === 'postgres' && !pgDb) continue
  console.error(`service on ${database}`)
  const service = await startService(database === 'postgres' && pgDb ? { DATABASE_URL: pgDb.url } : {})
  try {
    const { token, productId } = await merchantToken(service.url)
    let n = 0
    rows.push({
      ...(await measure(`issue, half with a new customer e-mail (${database})`, {
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
      })),
      against: 'baseWrite',
      goal: database === 'postgres' ? '≥ 0.50× base-write, p99 ≤ 100 ms, 0 errors' : 'p99 ≤ 500 ms, 0 errors',
    })
  } finally {
    await service.stop()
  }
}
await pgDb?.drop()

reportAgainst('issue.json', yardsticks, rows)

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

// The embedded database twice: statements in arrival order (PGLITE_REQUESTS_FIRST=false, as
// PGlite alone), then with requests' statements before waiting background work (the default).
const runs: { database: 'pglite' | 'postgres'; label: string; env: Record<string, string> }[] = [
  { database: 'pglite', label: 'pglite, arrival order', env: { PGLITE_REQUESTS_FIRST: 'false' } },
  { database: 'pglite', label: 'pglite', env: {} },
  { database: 'postgres', label: 'postgres', env: pgDb ? { DATABASE_URL: pgDb.url } : {} },
]

for (const { database, label, env } of runs) {
  if (database === 'postgres' && !pgDb) continue
  console.error(`service on ${label}`)
  const service = await startService(env)
  try {
    const { token, productId } = await merchantToken(service.url)
    let n = 0
    rows.push({
      ...(await measure(`issue, half with a new customer e-mail (${label})`, {
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
    if (database === 'pglite') {
      // Where the embedded database's time went: per lane, waited and held (summed, longest).
      const metrics = await fetch(`${service.url}/metrics`).then((r) => r.text())
      console.error(
        metrics
          .split('\n')
          .filter((line) => line.startsWith('db_embedded_seconds'))
          .join('\n'),
      )
    }
  } finally {
    await service.stop()
  }
}
await pgDb?.drop()

reportAgainst('issue.json', yardsticks, rows)

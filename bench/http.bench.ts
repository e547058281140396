/**
 * `npm run bench`: the yardsticks (bare Fastify hello-world; base-read: Fastify + one prepared
 * primary-key SELECT through `pg`, pool 10), then the service's GET /health, GET /v1/auth/me
 * and the authenticated warranty read GET /v1/merchant/warranties/{id} on the embedded database
 * and on PostgreSQL, all in one run, each as a ratio to its yardstick.
 * Settings: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL.
 */
import { createPostgresDatabase, login, measure, startService } from './lib.js'
import { measureYardsticks, merchantToken, post, type Row, reportAgainst } from './yardsticks.js'

const pgDb = await createPostgresDatabase()
const yardsticks = await measureYardsticks(pgDb?.url ?? null)
const rows: Row[] = []

for (const database of ['embedded', 'postgres'] as const) {
  if (database === 'postgres' && !pgDb) continue
  console.error(`service on ${database}`)
  const service = await startService(database === 'postgres' && pgDb ? { DATABASE_URL: pgDb.url } : {})
  try {
    const admin = await login(service.url)
    rows.push({
      ...(await measure(`GET /health (${database})`, { url: `${service.url}/health` })),
      against: 'hello',
    })
    rows.push({
      ...(await measure(`GET /v1/auth/me, authenticated (${database})`, {
        url: `${service.url}/v1/auth/me`,
        headers: { authorization: `Bearer ${admin}` },
      })),
      against: 'baseRead',
    })
    const { token, productId } = await merchantToken(service.url)
    const warranty = await post<{ id: string }>(`${service.url}/v1/merchant/warranties/issue`, token, {
      serialNumber: 'SN-READ-1',
      merchantProductId: productId,
    })
    rows.push({
      ...(await measure(`GET /v1/merchant/warranties/{id}, authenticated (${database})`, {
        url: `${service.url}/v1/merchant/warranties/${warranty.id}`,
        headers: { authorization: `Bearer ${token}` },
      })),
      against: 'baseRead',
      ...(database === 'postgres' ? { goal: '≥ 0.80× base-read, p99 ≤ 20 ms' } : {}),
    })
  } finally {
    await service.stop()
  }
}
await pgDb?.drop()

reportAgainst('http.json', yardsticks, rows)

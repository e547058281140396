/**
 * `npm run bench`: the bare Fastify baseline, then the service's GET /health and an
 * authenticated read (GET /v1/auth/me: JWT verification + the user and merchant read that
 * every protected request pays) on the embedded database and on PostgreSQL, all in one run.
 * Settings: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL.
 */
import {
  createPostgresDatabase,
  login,
  type Measurement,
  measure,
  report,
  startBaseline,
  startService,
} from './lib.js'

const rows: Measurement[] = []
console.error('baseline: bare Fastify')
const baselineServer = await startBaseline()
const baseline = await measure('bare Fastify hello-world (baseline)', { url: `${baselineServer.url}/` })
await baselineServer.stop()

for (const database of ['pglite', 'postgres'] as const) {
  const pgDb = database === 'postgres' ? await createPostgresDatabase() : null
  if (database === 'postgres' && !pgDb) continue
  console.error(`service on ${database}`)
  const service = await startService(pgDb ? { DATABASE_URL: pgDb.url } : {})
  try {
    const token = await login(service.url)
    rows.push(await measure(`GET /health (${database})`, { url: `${service.url}/health` }))
    rows.push(
      await measure(`GET /v1/auth/me, authenticated (${database})`, {
        url: `${service.url}/v1/auth/me`,
        headers: { authorization: `Bearer ${token}` },
      }),
    )
  } finally {
    await service.stop()
    await pgDb?.drop()
  }
}

report('http.json', baseline, rows)

/**
 * `npm run bench:issue`: issuing warranties at concurrency 50 for 20 s (BENCH_DURATION,
 * BENCH_CONNECTIONS) through POST /v1/merchant/warranties/issue, on the embedded database and
 * on PostgreSQL, against the bare Fastify baseline measured in the same run. Each request has
 * its own serial number; the "with customer" scenario also finds or creates the customer,
 * creates a claim link and records the e-mail (job enqueued in the same transaction). The
 * service runs as `npm start` does: API and workers (e-mail, minting) in one process.
 */
import { randomUUID } from 'node:crypto'
import {
  createPostgresDatabase,
  login,
  type Measurement,
  measure,
  report,
  startBaseline,
  startService,
} from './lib.js'

const duration = Number(process.env.BENCH_DURATION ?? 20)

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A merchant with a product and a user, created through the admin API. */
async function merchantToken(url: string): Promise<{ token: string; productId: string }> {
  const admin = await login(url)
  const merchant = await post<{ id: string }>(`${url}/v1/admin/merchants`, admin, { name: 'Bench Audio' })
  await post(`${url}/v1/admin/merchants/${merchant.id}/users`, admin, {
    email: 'seller@bench.example.com',
    password: 'bench-password',
    name: 'Seller',
    merchantRole: 'OWNER',
  })
  const token = await login(url, 'seller@bench.example.com', 'bench-password')
  const product = await post<{ id: string }>(`${url}/v1/merchant/products`, token, {
    merchantSku: 'BX-1',
    title: 'Bench Speaker',
    warrantyDurationMonths: 24,
  })
  return { token, productId: product.id }
}

const rows: Measurement[] = []
const baselineServer = await startBaseline()
const baseline = await measure('bare Fastify hello-world (baseline)', {
  url: `${baselineServer.url}/`,
  duration,
})
await baselineServer.stop()

for (const database of ['pglite', 'postgres'] as const) {
  const pgDb = database === 'postgres' ? await createPostgresDatabase() : null
  if (database === 'postgres' && !pgDb) continue
  const service = await startService(pgDb ? { DATABASE_URL: pgDb.url } : {})
  try {
    const { token, productId } = await merchantToken(service.url)
    const headers = { authorization: `Bearer ${token}` }
    rows.push(
      await measure(`issue, serial only (${database})`, {
        url: `${service.url}/v1/merchant/warranties/issue`,
        method: 'POST',
        headers,
        body: () => ({ serialNumber: `SN-${randomUUID()}`, merchantProductId: productId }),
        duration,
      }),
    )
    rows.push(
      await measure(`issue with a new customer e-mail (${database})`, {
        url: `${service.url}/v1/merchant/warranties/issue`,
        method: 'POST',
        headers,
        body: () => {
          const id = randomUUID()
          return {
            serialNumber: `SC-${id}`,
            merchantProductId: productId,
            customerEmail: `c-${id}@bench.example.com`,
          }
        },
        duration,
      }),
    )
  } finally {
    await service.stop()
    await pgDb?.drop()
  }
}

report('issue.json', baseline, rows)

/**
 * `npm run bench:bulk`: warranties per second through POST /v1/merchant/warranties/bulk on
 * PostgreSQL (1,000 items a request, BENCH_BULK_CONNECTIONS concurrent requests, default 4,
 * for BENCH_DURATION s), against the base-write yardstick (Fastify + one INSERT in its own
 * transaction) measured in the same run: the ratio is warranties/s ÷ base-write req/s.
 * Items carry a product and an invoice number; BENCH_BULK_EMAILS=1 gives every other item a
 * new customer e-mail (customer, claim link and e-mail in the same transaction).
 */
import { randomUUID } from 'node:crypto'
import { createPostgresDatabase, DURATION, startService } from './lib.js'
import { measureYardsticks, merchantToken, type Row, reportAgainst } from './yardsticks.js'

const ITEMS = 1000
const connections = Number(process.env.BENCH_BULK_CONNECTIONS ?? 4)
const withEmails = process.env.BENCH_BULK_EMAILS === '1'

const pgDb = await createPostgresDatabase()
if (!pgDb) throw new Error('bench:bulk needs PostgreSQL (BENCH_DATABASE_URL)')
const yardsticks = await measureYardsticks(pgDb.url)
const rows: Row[] = []
const service = await startService({ DATABASE_URL: pgDb.url })
try {
  const { token, productId } = await merchantToken(service.url)
  const body = () => {
    const batch = randomUUID().slice(0, 8)
    return {
      items: Array.from({ length: ITEMS }, (_, i) => ({
        serialNumber: `BK-${batch}-${i}`,
        merchantProductId: productId,
        invoiceNumber: `INV-${batch}-${i}`,
        ...(withEmails && i % 2 === 0 ? { customerEmail: `c-${batch}-${i}@bench.example.com` } : {}),
      })),
    }
  }
  const url = `${service.url}/v1/merchant/warranties/bulk`
  const post = async () => {
    const started = performance.now()
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body()),
    })
    const answer = (await res.json()) as { created?: number }
    return { ok: res.ok, created: answer.created ?? 0, ms: performance.now() - started }
  }
  // Warm-up: JIT, pools, prepared statements.
  await Promise.all(Array.from({ length: connections }, post))
  const until = performance.now() + DURATION * 1000
  const latencies: number[] = []
  let created = 0
  let failed = 0
  const start = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const r = await post()
        latencies.push(r.ms)
        created += r.created
        if (!r.ok) failed++
      }
    }),
  )
  const seconds = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0
  const name = `bulk issue, ${ITEMS} items a request${withEmails ? ', half with e-mails' : ''} (postgres), warranties/s`
  console.error(
    `  ${name}: ${Math.round(created / seconds)} warranties/s, ${latencies.length} requests, p99 ${Math.round(p99)} ms`,
  )
  rows.push({
    name,
    reqPerSec: Math.round(created / seconds),
    p99Ms: Math.round(p99),
    errors: 0,
    non2xx: failed,
    against: 'baseWrite',
    goal: '≥ 10,000 warranties/s',
  })
} finally {
  await service.stop()
  await pgDb.drop()
}

reportAgainst('bulk.json', yardsticks, rows, [
  `${connections} concurrent requests of ${ITEMS} items; req/s is warranties/s; p99 is per request of ${ITEMS}.`,
])

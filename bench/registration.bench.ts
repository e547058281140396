/**
 * `npm run bench:registration`: registration by the buyer under load. A merchant (a brand) with
 * 500,000 known serials of one product (BENCH_SERIALS), uploaded as one CSV through
 * POST /v1/merchant/products/{id}/serials and added by the background job (its time is
 * reported), plus 300 of them registered with a warranty each (issued through the API). Then,
 * at 50 connections (BENCH_CONNECTIONS) for BENCH_DURATION s each, a random serial of the 500,000
 * per request: resolving its Digital Link (GET /01/{gtin}/21/{serial}: the product, the item's
 * warranty, registration and the known-serial probe; a 307 either way) and the public check
 * (GET /v1/global/registrations/check). The service runs as `npm start` does (the embedded
 * PostgreSQL, API and workers in one process). Yardsticks in the same run: bare Fastify
 * hello-world and base-read (Fastify + one prepared primary-key SELECT, on the machine's
 * PostgreSQL). Goal: p99 ≤ 50 ms, 0 errors.
 */
import { loadavg } from 'node:os'
import { createPostgresDatabase, type Measurement, measure, startService } from './lib.js'
import { measureYardsticks, merchantToken, post, type Row, reportAgainst } from './yardsticks.js'

const duration = Number(process.env.BENCH_DURATION ?? 15)
const serialCount = Number(process.env.BENCH_SERIALS ?? 500_000)
const REGISTERED = 300
const GTIN = '09506000134352'
const serialOf = (n: number) => `KB-${String(n).padStart(7, '0')}`
const randomSerial = () => serialOf(Math.floor(Math.random() * serialCount))

async function put(url: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
}

/** Uploads every serial as one CSV body and waits for the job: the seconds it took, end to end. */
async function uploadSerials(url: string, token: string, productId: string): Promise<number> {
  const started = Date.now()
  const csv = `serial\n${Array.from({ length: serialCount }, (_, i) => serialOf(i)).join('\n')}\n`
  const res = await fetch(`${url}/v1/merchant/products/${productId}/serials`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body: csv,
  })
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: string }
  for (;;) {
    const state = await fetch(`${url}/v1/merchant/products/${productId}/serials/uploads/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ state: string; added: number }>)
    if (state.state === 'DONE' && state.added === serialCount) return (Date.now() - started) / 1000
    if (state.state !== 'PENDING' && state.state !== 'RUNNING')
      throw new Error(`upload ${JSON.stringify(state)}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Waits until no warranty of the merchant is left to mint (PENDING or MINTING). */
async function waitForMints(url: string, token: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    let open = 0
    for (const status of ['PENDING', 'MINTING']) {
      const page = await fetch(`${url}/v1/merchant/warranties?mintStatus=${status}&limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json() as Promise<{ items: unknown[] }>)
      open += page.items.length
    }
    if (open === 0) return
    if (Date.now() > deadline) throw new Error('the mints did not finish')
    await new Promise((r) => setTimeout(r, 1000))
  }
}

const pgDb = await createPostgresDatabase()
const yardsticks = await measureYardsticks(pgDb?.url ?? null, duration)
await pgDb?.drop()
const load = [loadavg()[0]]
const service = await startService({ RATE_LIMIT_VERIFY_PER_ADDRESS: '100000000/1m' })
const rows: Row[] = []
const notes: string[] = []
try {
  const { token } = await merchantToken(service.url)
  const product = await post<{ id: string }>(`${service.url}/v1/merchant/products`, token, {
    merchantSku: 'KB-1',
    title: 'Bench Kettle',
    gtin: GTIN,
    warrantyDurationMonths: 24,
  })
  await put(`${service.url}/v1/merchant/products/${product.id}/registration`, token, {
    enabled: true,
    coverageMonths: 24,
    coverageStart: 'PURCHASE_DATE',
    autoApproveMaxAgeDays: 30,
    requireKnownSerial: true,
  })
  const seconds = await uploadSerials(service.url, token, product.id)
  notes.push(
    `${serialCount} known serials uploaded (one CSV) and added by the job in ${seconds.toFixed(1)} s`,
  )
  for (let i = 0; i < REGISTERED; i++) {
    await post(`${service.url}/v1/merchant/warranties/issue`, token, {
      serialNumber: serialOf(i * Math.floor(serialCount / REGISTERED)),
      merchantProductId: product.id,
    })
  }
  // The measurement starts once the minter is idle: the runs measure lookups, not the chain.
  await waitForMints(service.url, token)
  load.push(loadavg()[0])
  const goal = 'p99 ≤ 50 ms, 0 errors'
  const resolve: Measurement = await measure(
    `resolve /01/{gtin}/21/{serial} (307), random of ${serialCount}`,
    {
      url: `${service.url}/01/${GTIN}/21/${serialOf(1)}`,
      path: () => `/01/${GTIN}/21/${randomSerial()}`,
      duration,
    },
  )
  // A 307 is the resolver's answer, which autocannon counts as non-2xx: a sample checks them.
  const sample = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(`${service.url}/01/${GTIN}/21/${randomSerial()}`, { redirect: 'manual' }).then((r) => r.status),
    ),
  )
  const not307 = sample.filter((status) => status !== 307).length
  notes.push(
    `resolve: ${resolve.non2xx} non-2xx are its 307 redirects; of 200 sampled after the run, ${not307} were not 307`,
  )
  rows.push({ ...resolve, against: 'baseRead', goal })
  load.push(loadavg()[0])
  const linkset = await measure(`resolve as linkset (?linkType=linkset, 200), random of ${serialCount}`, {
    url: `${service.url}/01/${GTIN}/21/${serialOf(1)}?linkType=linkset`,
    path: () => `/01/${GTIN}/21/${randomSerial()}?linkType=linkset`,
    duration,
  })
  rows.push({ ...linkset, against: 'baseRead', goal })
  load.push(loadavg()[0])
  const check = await measure(`check GTIN + serial, random of ${serialCount}`, {
    url: `${service.url}/v1/global/registrations/check?gtin=${GTIN}&serial=${serialOf(1)}`,
    path: () => `/v1/global/registrations/check?gtin=${GTIN}&serial=${randomSerial()}`,
    duration,
  })
  rows.push({ ...check, against: 'baseRead', goal })
  load.push(loadavg()[0])
  const worst = Math.max(resolve.p99Ms, linkset.p99Ms, check.p99Ms)
  const failures = resolve.errors + not307 + linkset.errors + linkset.non2xx + check.errors + check.non2xx
  const hello = yardsticks.hello
  notes.push(
    `p99 ÷ hello-world p99: resolve ${(resolve.p99Ms / Math.max(1, hello.p99Ms)).toFixed(2)}, check ${(check.p99Ms / Math.max(1, hello.p99Ms)).toFixed(2)}` +
      (yardsticks.baseRead
        ? `; ÷ base-read p99: resolve ${(resolve.p99Ms / Math.max(1, yardsticks.baseRead.p99Ms)).toFixed(2)}, check ${(check.p99Ms / Math.max(1, yardsticks.baseRead.p99Ms)).toFixed(2)}`
        : ''),
    `worst p99 ${worst} ms (goal ≤ 50), errors and unexpected non-2xx ${failures}: ${worst <= 50 && failures === 0 ? 'met' : 'NOT met'}`,
    `load average (1 min) at start, after seeding, after each run: ${load.map((l) => l?.toFixed(2)).join(', ')}`,
  )
} finally {
  await service.stop()
}
reportAgainst('registration.json', yardsticks, rows, notes)

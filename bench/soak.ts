/**
 * `npm run bench:soak`: a long run at a mixed load (issue 18), against the service as
 * `npm start` runs it (embedded database and chain; SOAK_DB=postgres for PostgreSQL), with a
 * real SMTP sink for its e-mails. Every second it sends, at fixed rates:
 *
 * - issues (SOAK_ISSUE_RATE, default 10/s; one in ten to one of five customers),
 * - staff reads (SOAK_READ_RATE, default 30/s): a warranty, the list, the stats,
 * - customer reads (SOAK_WALLET_RATE, default 10/s): the wallet of a customer signed in by
 *   their claim link, and the public verification of a warranty,
 * - one receipt photo read by OCR every SOAK_OCR_EVERY_S seconds (default 30, under the route's
 *   per-address limit).
 *
 * It samples the service's RSS (`/proc/<pid>/status`) every 10 s and keeps each minute's
 * latencies. After SOAK_MINUTES (default 30; warm-up SOAK_WARMUP_MINUTES, default 5) it reports
 * the RSS growth per hour after warm-up (least-squares slope over the mean), the p99 drift
 * (the last five minutes against the first five after warm-up) and the errors (any answer
 * other than the expected status, or no answer), and writes bench/results/soak.json (soak-postgres.json with SOAK_DB=postgres).
 */
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import sharp from 'sharp'
import { linksIn, startSmtpSink } from '../test/support/smtp-sink.js'
import { createPostgresDatabase, startService } from './lib.js'
import { merchantToken } from './yardsticks.js'

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30)
const WARMUP = Number(process.env.SOAK_WARMUP_MINUTES ?? 5)
const ISSUE_RATE = Number(process.env.SOAK_ISSUE_RATE ?? 10)
const READ_RATE = Number(process.env.SOAK_READ_RATE ?? 30)
const WALLET_RATE = Number(process.env.SOAK_WALLET_RATE ?? 10)
const OCR_EVERY_S = Number(process.env.SOAK_OCR_EVERY_S ?? 30)
const CUSTOMERS = 5

interface Window {
  minute: number
  latencies: number[]
  /** The same latencies by kind of request, so that a drift can be traced to a route. */
  byKindLatencies: Record<string, number[]>
  errors: number
  byKind: Record<string, number>
}

const pgDb = process.env.SOAK_DB === 'postgres' ? await createPostgresDatabase() : null
const sink = await startSmtpSink()
const service = await startService({
  SMTP_URL: sink.url,
  INBOX_SMTP_PORT: 'off',
  ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
})
const windows: Window[] = []
const rss: { atS: number; mb: number }[] = []
/** The machine's 1-minute load average, sampled with the RSS: the figures mean little without it. */
const loads: number[] = []
/** The service's JavaScript heap in use (`/metrics`), beside the RSS: a leak grows both. */
const heap: { atS: number; mb: number }[] = []
const failures = new Map<string, number>()
let stopping = false
try {
  const { token, productId } = await merchantToken(service.url)
  const started = performance.now()
  const windowOf = (): Window => {
    const minute = Math.floor((performance.now() - started) / 60_000)
    let w = windows[minute]
    if (!w) {
      w = { minute, latencies: [], byKindLatencies: {}, errors: 0, byKind: {} }
      windows[minute] = w
    }
    return w
  }
  /** One request, timed into this minute's window; `expect` is the status it must answer. */
  const call = async (kind: string, path: string, init: RequestInit, expect = 200) => {
    const t0 = performance.now()
    let status = 0
    let body: unknown = null
    try {
      const res = await fetch(`${service.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) })
      status = res.status
      body = (res.headers.get('content-type') ?? '').includes('json')
        ? await res.json()
        : await res.arrayBuffer()
    } catch {
      status = 0
    }
    const w = windowOf()
    const ms = performance.now() - t0
    w.latencies.push(ms)
    const ofKind = w.byKindLatencies[kind] ?? []
    ofKind.push(ms)
    w.byKindLatencies[kind] = ofKind
    w.byKind[kind] = (w.byKind[kind] ?? 0) + 1
    if (status !== expect) {
      w.errors++
      const key = `${kind} ${status}`
      failures.set(key, (failures.get(key) ?? 0) + 1)
    }
    return body
  }
  const auth = (t: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${t}`, ...extra })
  const json = (t: string) => auth(t, { 'content-type': 'application/json' })

  // Five customers, each signed in through the claim link of their first warranty.
  const customerEmails = Array.from({ length: CUSTOMERS }, (_, i) => `soak-${i}-${randomUUID()}@example.com`)
  const issued: { id: string; code: string }[] = []
  const issue = async (email?: string) => {
    const w = (await call(
      'issue',
      '/v1/merchant/warranties/issue',
      {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({
          serialNumber: `SOAK-${randomUUID()}`,
          merchantProductId: productId,
          ...(email ? { customerEmail: email } : {}),
        }),
      },
      200,
    )) as { warranty?: { id: string; warrantyCode: string } } | null
    if (w?.warranty) {
      issued.push({ id: w.warranty.id, code: w.warranty.warrantyCode })
      if (issued.length > 5_000) issued.splice(0, issued.length - 5_000)
    }
  }
  for (const email of customerEmails) await issue(email)
  const customerTokens: string[] = []
  for (const email of customerEmails) {
    const message = await sink.waitForMessage((m) => m.envelope.to.includes(email), 60_000)
    const link = linksIn(message).find((l) => l.includes('claimId='))
    const claimId = link ? new URL(link).searchParams.get('claimId') : null
    if (!claimId) throw new Error(`no claim link for ${email}`)
    const res = await fetch(`${service.url}/v1/customer/auth/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ claimId }),
    })
    if (!res.ok) throw new Error(`claim answered ${res.status}`)
    customerTokens.push(((await res.json()) as { token: string }).token)
  }
  // The sink keeps what it receives: from here on it only needs to accept (cleared each minute).
  sink.clear()

  const receipt = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="100%" height="100%" fill="white"/>
      <g font-family="DejaVu Sans Mono" font-size="26" fill="black">
      <text x="40" y="80">CORNER HARDWARE</text><text x="40" y="130">12 Mill Lane, Leeds</text>
      <text x="40" y="200">24/11/2026 14:32</text><text x="40" y="280">Hammer        12.99</text>
      <text x="40" y="330">Nails 100     3.49</text><text x="40" y="380">Tape measure  8.00</text>
      <text x="40" y="460">TOTAL GBP    24.48</text><text x="40" y="510">CARD         24.48</text></g></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer()

  const pidStatus = `/proc/${service.pid}/status`
  const sampleRss = () => {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(pidStatus, 'utf8'))?.[1] ?? 0)
    rss.push({ atS: (performance.now() - started) / 1000, mb: kb / 1024 })
    loads.push(loadavg()[0] as number)
    const atS = (performance.now() - started) / 1000
    void fetch(`${service.url}/metrics`)
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => {
        const bytes = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN)
        if (Number.isFinite(bytes)) heap.push({ atS, mb: bytes / 2 ** 20 })
      })
      .catch(() => undefined)
  }
  sampleRss()
  const timers: NodeJS.Timeout[] = []
  const every = (perSecond: number, fn: () => Promise<unknown>) => {
    if (perSecond <= 0) return
    timers.push(setInterval(() => void fn(), 1000 / perSecond))
  }
  let n = 0
  every(ISSUE_RATE, () => issue(++n % 10 === 0 ? customerEmails[n % CUSTOMERS] : undefined))
  every(READ_RATE, async () => {
    const w = issued[Math.floor(Math.random() * issued.length)]
    const pick = ++n % 3
    if (pick === 0 && w) return call('read', `/v1/merchant/warranties/${w.id}`, { headers: auth(token) })
    if (pick === 1) return call('list', '/v1/merchant/warranties?limit=20', { headers: auth(token) })
    return call('stats', '/v1/merchant/stats', { headers: auth(token) })
  })
  every(WALLET_RATE, async () => {
    const w = issued[Math.floor(Math.random() * issued.length)]
    if (++n % 2 === 0 && w) return call('verify', `/v1/global/warranties/${w.code}/verify`, {})
    const t = customerTokens[n % CUSTOMERS] as string
    return call('wallet', '/v1/customer/warranties?limit=20', { headers: auth(t) })
  })
  timers.push(
    setInterval(
      () =>
        void call('ocr', '/v1/customer/receipts/ocr', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ imageBase64: receipt.toString('base64') }),
        }),
      OCR_EVERY_S * 1000,
    ),
  )
  timers.push(setInterval(sampleRss, 10_000))
  const progress = setInterval(() => {
    sink.clear()
    // The minute that just ended (the current one has only begun).
    const w = windows[Math.floor((performance.now() - started) / 60_000) - 1]
    const last = rss.at(-1)
    if (w)
      console.error(
        `  minute ${w.minute}: ${w.latencies.length} requests, ${w.errors} errors, RSS ${last?.mb.toFixed(0)} MB`,
      )
  }, 60_000)
  await new Promise((r) => setTimeout(r, MINUTES * 60_000))
  stopping = true
  for (const t of timers) clearInterval(t)
  clearInterval(progress)
  await new Promise((r) => setTimeout(r, 5_000))
} finally {
  await service.stop()
  await sink.close()
  await pgDb?.drop()
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : 0
}
const minutes = windows.filter((w): w is Window => Boolean(w) && w.minute < MINUTES)
const after = minutes.filter((w) => w.minute >= WARMUP)
const span = (from: number, to: number) =>
  after.filter((w) => w.minute >= from && w.minute < to).flatMap((w) => w.latencies)
const firstP99 = p(span(WARMUP, WARMUP + 5), 0.99)
const kindSpan = (kind: string, from: number, to: number) =>
  after.filter((w) => w.minute >= from && w.minute < to).flatMap((w) => w.byKindLatencies[kind] ?? [])
const kinds = [...new Set(after.flatMap((w) => Object.keys(w.byKindLatencies)))].sort()
const lastP99 = p(span(MINUTES - 5, MINUTES), 0.99)
/** Growth per hour after warm-up: the least-squares slope of the samples, over their mean, in %. */
function growthPercentPerHour(samples: { atS: number; mb: number }[]) {
  const steady = samples.filter((s) => s.atS >= WARMUP * 60)
  const meanX = steady.reduce((a, s) => a + s.atS, 0) / Math.max(1, steady.length)
  const meanY = steady.reduce((a, s) => a + s.mb, 0) / Math.max(1, steady.length)
  const slope =
    steady.reduce((a, s) => a + (s.atS - meanX) * (s.mb - meanY), 0) /
    Math.max(
      1e-9,
      steady.reduce((a, s) => a + (s.atS - meanX) ** 2, 0),
    )
  return { steady, meanY, percent: Number(((slope * 3600 * 100) / Math.max(1e-9, meanY)).toFixed(2)) }
}
const { steady, meanY, percent: rssGrowth } = growthPercentPerHour(rss)
const figures = {
  at: new Date().toISOString(),
  database: pgDb ? 'postgres' : 'embedded',
  minutes: MINUTES,
  warmupMinutes: WARMUP,
  rates: {
    issues: ISSUE_RATE,
    staffReads: READ_RATE,
    customerReads: WALLET_RATE,
    ocrEverySeconds: OCR_EVERY_S,
  },
  requests: minutes.reduce((a, w) => a + w.latencies.length, 0),
  errors: minutes.reduce((a, w) => a + w.errors, 0),
  failures: Object.fromEntries(failures),
  rssMb: { afterWarmup: steady[0]?.mb ?? null, end: rss.at(-1)?.mb ?? null, mean: meanY },
  rssGrowthPercentPerHour: rssGrowth,
  heapGrowthPercentPerHour: heap.length ? growthPercentPerHour(heap).percent : null,
  /** Every sample (10 s apart): RSS and heap in MB, so that a slope can be read against its noise. */
  samples: rss.map((s, i) => ({
    atS: Math.round(s.atS),
    rssMb: Math.round(s.mb),
    heapMb: Math.round(heap.find((h) => Math.abs(h.atS - s.atS) < 1)?.mb ?? Number.NaN) || null,
    load: loads[i],
  })),
  p99Ms: { firstFiveAfterWarmup: Math.round(firstP99), lastFive: Math.round(lastP99) },
  p99DriftPercent: firstP99 ? Number((((lastP99 - firstP99) / firstP99) * 100).toFixed(1)) : null,
  p99MsByKind: Object.fromEntries(
    kinds.map((k) => [
      k,
      {
        firstFiveAfterWarmup: Math.round(p(kindSpan(k, WARMUP, WARMUP + 5), 0.99)),
        lastFive: Math.round(p(kindSpan(k, MINUTES - 5, MINUTES), 0.99)),
      },
    ]),
  ),
  loadAverage: {
    min: Math.min(...loads),
    mean: Number((loads.reduce((a, l) => a + l, 0) / Math.max(1, loads.length)).toFixed(2)),
    max: Math.max(...loads),
  },
  perMinute: minutes.map((w) => ({
    minute: w.minute,
    requests: w.latencies.length,
    errors: w.errors,
    p50Ms: Math.round(p(w.latencies, 0.5)),
    p99Ms: Math.round(p(w.latencies, 0.99)),
  })),
  goals: { rssGrowthPercentPerHour: '< 10', p99DriftPercent: '< 20', errors: 0 },
}
if (stopping)
  writeFileSync(`bench/results/soak${pgDb ? '-postgres' : ''}.json`, `${JSON.stringify(figures, null, 2)}\n`)
console.log(JSON.stringify({ ...figures, perMinute: undefined }, null, 2))

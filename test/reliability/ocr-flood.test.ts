/**
 * Issue 18: receipt OCR flooded with 20 concurrent large images while other routes are used.
 * The built service answers `GET /health` and a merchant's `GET /v1/merchant/warranties/{id}`
 * (authenticated, the hottest read) to a probe at a steady pace, first without the flood
 * (baseline), then while 20 clients keep a large receipt photo (about 13 MP, 2 to 3.5 MB of
 * JPEG) each in flight at `POST /v1/customer/receipts/ocr`, then without it again. Goal: each
 * probed route's p99 under the flood within +20 % of its p99 without it (the baseline before).
 * The flood clients honour a 503's Retry-After (the OCR pool is bounded: a full pool answers
 * 503 at once); each has an address of its own (X-Forwarded-For, TRUST_PROXY=127.0.0.1), so
 * the per-address OCR limit does not stop the flood.
 *
 * OCR_FLOOD_S sets each window's length (10 s by default; 60 in `npm run test:reliability`).
 * OCR_FLOOD_ASSERT=1 (set by `npm run test:reliability`) asserts the +20 % goal; the normal
 * run asserts only that nothing fails (no 5xx but the OCR pool's 503, no probe error) and
 * reports the figures, since on a machine shared with other test runs the p99 of a short
 * window is mostly noise. Figures and commands: docs/reliability.md.
 */
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeReceipt } from '../../scripts/receipts/receipt-model.js'
import { renderScan } from '../../scripts/receipts/render.js'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import { noisyPhonePhoto } from '../support/phone-photo.js'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { call, setUpMerchant } from './support/service-api.js'

const WINDOW_S = Number(process.env.OCR_FLOOD_S ?? 10)
const ASSERT_GOAL = process.env.OCR_FLOOD_ASSERT === '1'
const FLOOD_CLIENTS = 20
const PROBE_INTERVAL_MS = 25
const MAX_BASE64 = 5_000_000

/** A receipt photographed on a table, scaled to a 4000 px long side with sensor noise: a phone photo's size. */
async function largeReceiptPhoto(n: number): Promise<{ base64: string; bytes: number; pixels: number }> {
  const { data, info } = await noisyPhonePhoto(n)
  for (let quality = 95; ; quality -= 3) {
    const jpeg = await sharp(data, { raw: info }).jpeg({ quality }).toBuffer()
    const base64 = jpeg.toString('base64')
    if (base64.length <= MAX_BASE64 || quality < 60)
      return { base64, bytes: jpeg.length, pixels: info.width * info.height }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const round = (v: number) => Math.round(v * 10) / 10
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  }
}

/** GET on a kept-alive connection; answers the status and the milliseconds it took. */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string>) {
  const started = performance.now()
  return new Promise<{ status: number; ms: number }>((resolve) => {
    const req = http.get(url, { agent, headers, timeout: 30_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }))
  })
}

interface ProbeTarget {
  name: string
  url: string
  headers: Record<string, string>
}

/** The probed routes in turn, one request every PROBE_INTERVAL_MS (the next at once when late). */
async function probe(targets: ProbeTarget[], windowMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const ms = new Map(targets.map((t) => [t.name, [] as number[]]))
  const errors: string[] = []
  const started = Date.now()
  let next = started
  for (let i = 0; Date.now() - started < windowMs; i++) {
    const target = targets[i % targets.length]!
    const res = await timedGet(agent, target.url, target.headers)
    if (res.status === 200) ms.get(target.name)!.push(res.ms)
    else errors.push(`${target.name}: ${res.status}`)
    next += PROBE_INTERVAL_MS
    const wait = next - Date.now()
    if (wait > 0) await sleep(wait)
    else next = Date.now()
  }
  agent.destroy()
  return { byRoute: Object.fromEntries([...ms].map(([name, values]) => [name, summary(values)])), errors }
}

/** 20 clients, each with one large image in flight at a time, honouring a 503's Retry-After. */
function flood(url: string, images: string[]) {
  const statuses: Record<string, number> = {}
  const okMs: number[] = []
  let running = true
  // Ends the Retry-After waits at once; `cancel` also drops the requests in flight.
  const stopping = new AbortController()
  const cancelling = new AbortController()
  let inFlight = 0
  let cancelledInFlight = 0
  let peakInFlight = 0
  const inFlightSamples: number[] = []
  const sampler = setInterval(() => inFlightSamples.push(inFlight), 100)
  // The bodies are made once: serialising 4 MB of JSON per request would stall this process,
  // whose event loop also times the probe.
  const bodies = images.map((imageBase64) => Buffer.from(JSON.stringify({ imageBase64 })))
  const client = async (c: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    for (let n = 0; running; n++) {
      const body = bodies[(c + n) % bodies.length]!
      const started = performance.now()
      inFlight++
      peakInFlight = Math.max(peakInFlight, inFlight)
      const res = await new Promise<{ status: number; retryAfter: number }>((resolve) => {
        const req = http.request(
          url,
          {
            method: 'POST',
            agent,
            signal: cancelling.signal,
            timeout: 120_000,
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              'x-forwarded-for': `198.51.100.${c + 1}`,
            },
          },
          (r) => {
            r.resume()
            r.on('end', () =>
              resolve({ status: r.statusCode ?? 0, retryAfter: Number(r.headers['retry-after'] ?? 0) }),
            )
          },
        )
        req.on('timeout', () => req.destroy(new Error('timeout')))
        req.on('error', () => resolve({ status: 0, retryAfter: 0 }))
        req.end(body)
      })
      inFlight--
      if (cancelling.signal.aborted) {
        cancelledInFlight++
        break
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
      if (res.status === 200) okMs.push(performance.now() - started)
      if (res.retryAfter > 0 && running)
        await sleep(Math.min(res.retryAfter, 10) * 1000, undefined, { signal: stopping.signal }).catch(
          () => {},
        )
    }
    agent.destroy()
  }
  const clients = Array.from({ length: FLOOD_CLIENTS }, (_, c) => client(c))
  return {
    get inFlight() {
      return inFlight
    },
    /** Stops sending; with `cancel`, drops the requests in flight instead of waiting for their answers. */
    async stop(options: { cancel: boolean }) {
      running = false
      stopping.abort()
      if (options.cancel) cancelling.abort()
      await Promise.all(clients)
      clearInterval(sampler)
      const average = inFlightSamples.reduce((a, b) => a + b, 0) / Math.max(1, inFlightSamples.length)
      return {
        statuses,
        ocrMs: summary(okMs),
        peakInFlight,
        averageInFlight: Math.round(average * 10) / 10,
        /** Requests dropped at the end of a short run, the service still holding them. */
        cancelledInFlight,
      }
    },
  }
}

async function ocrFlood() {
  const scenario = await createScenario(`ocr-flood`)
  let chain: ExternalChain | null = null
  try {
    const images = await Promise.all([3, 5, 8, 13].map((n) => largeReceiptPhoto(n)))
    const smallScan = (await renderScan(makeReceipt('dev', 2))).png.toString('base64')
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    const service = scenario.service({
      env: {
        CHAIN_RPC_URL: chain.directUrl,
        CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY!,
        CERTIFICATE_CONTRACT_ADDRESS: chain.address,
        TRUST_PROXY: '127.0.0.1',
        OCR_WARM_ON_START: 'true',
      },
    })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const warranty = await call<{ id: string }>(service.url, 'POST', '/v1/merchant/warranties/issue', {
      token,
      body: { serialNumber: 'OCR-FLOOD-1', merchantProductId: productId },
    })
    const targets: ProbeTarget[] = [
      { name: 'GET /health', url: `${service.url}/health`, headers: {} },
      {
        name: 'GET /v1/merchant/warranties/{id}',
        url: `${service.url}/v1/merchant/warranties/${warranty.id}`,
        headers: { authorization: `Bearer ${token}` },
      },
    ]
    // One read through the pool first (the models are loaded, the code paths warm), then the
    // probe's own warm-up.
    const first = await call<{ total: unknown }>(service.url, 'POST', '/v1/customer/receipts/ocr', {
      body: { imageBase64: smallScan },
      timeoutMs: 120_000,
    })
    await probe(targets, 2_000)

    const before = await probe(targets, WINDOW_S * 1000)
    const load = flood(
      `${service.url}/v1/customer/receipts/ocr`,
      images.map((i) => i.base64),
    )
    while (load.inFlight < FLOOD_CLIENTS) await sleep(50)
    await sleep(1_000)
    const during = await probe(targets, WINDOW_S * 1000)
    // The full run waits for the flood's last answers and measures once more without it; the
    // short run drops them (the service finishes the reads it admitted, unobserved).
    const floodFigures = await load.stop({ cancel: !ASSERT_GOAL })
    const after = ASSERT_GOAL ? await probe(targets, WINDOW_S * 1000) : null

    const ratios = Object.fromEntries(
      targets.map((t) => [
        t.name,
        Math.round((during.byRoute[t.name]!.p99 / before.byRoute[t.name]!.p99) * 100) / 100,
      ]),
    )
    const ocrStatuses = Object.keys(floodFigures.statuses)
    scenario.report({
      windowSeconds: WINDOW_S,
      images: images.map((i) => ({ megapixels: Math.round(i.pixels / 1e5) / 10, bytes: i.bytes })),
      firstReadTotal: first.total,
      floodClients: FLOOD_CLIENTS,
      flood: floodFigures,
      probeMs: { before: before.byRoute, during: during.byRoute, after: after?.byRoute ?? null },
      p99UnderFloodOverBefore: ratios,
      probeErrors: [...before.errors, ...during.errors, ...(after?.errors ?? [])].slice(0, 10),
      goalAsserted: ASSERT_GOAL,
      logErrorLines: service.totals().errorCount,
      firstErrorLines: service.runs.flatMap((r) => r.log.errorLines).slice(0, 3),
    })

    // The flood really ran: 20 in flight, reads answered; nothing failed but the pool's 503.
    expect(floodFigures.peakInFlight).toBe(FLOOD_CLIENTS)
    // Reads were admitted: answered (the long run), or still held when a short run ended.
    expect((floodFigures.statuses['200'] ?? 0) + floodFigures.cancelledInFlight).toBeGreaterThan(0)
    expect(ocrStatuses.filter((s) => !['200', '503'].includes(s))).toEqual([])
    expect([...before.errors, ...during.errors, ...(after?.errors ?? [])]).toEqual([])
    if (ASSERT_GOAL) {
      for (const t of targets) expect(ratios[t.name], t.name).toBeLessThanOrEqual(1.2)
    }
  } finally {
    await scenario.close()
    await chain?.close()
  }
}

describe(`receipt OCR flooded with ${FLOOD_CLIENTS} concurrent large images`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `other routes keep their p99 ${ASSERT_GOAL ? 'within +20 %' : '(measured; +20 % asserted with OCR_FLOOD_ASSERT=1)'} under the flood, ${WINDOW_S} s windows`,
    () => ocrFlood(),
    (WINDOW_S * 3 + 300) * 1000,
  )
})

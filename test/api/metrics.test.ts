import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { issueWarranty } from '../support/warranty-factories.js'

const TOKEN = 'metrics-token-0123456789'

/** The value of one series in Prometheus text, e.g. `warranty_mints{state="MINTED"}`; null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : null
}

describe('GET /metrics', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({ mint: true, env: { METRICS_TOKEN: TOKEN } })
  })
  afterAll(() => svc?.close())

  const scrape = async () => {
    const res = await svc.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  it('answers 401 without the token or with a wrong one, and is not in the API document', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const res = await svc.request({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toBe('unauthorized')
    }
    const doc = (await svc.request({ method: 'GET', url: '/openapi.json' })).json()
    expect(Object.keys(doc.paths)).not.toContain('/metrics')
  })

  it('moves when work happens: HTTP by route template, mints by state, latency, gas, outbox, queues', async () => {
    const before = await scrape()
    const mintedBefore = sample(before, 'warranty_mints{state="MINTED"}') ?? 0
    const { merchant, user } = await createMerchantWithUsers(svc.deps)
    const issued = await issueWarranty(
      svc,
      { merchantId: merchant.id, id: user.id },
      { customerEmail: 'buyer@example.com' },
    )
    const read = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${issued.id}`,
      token: user.token,
    })
    expect(read.statusCode).toBe(200)
    await svc.request({ method: 'GET', url: '/no/such/route' })

    // The counters move just after the batch's commit: wait for both.
    const after = await waitFor(async () => {
      const text = await scrape()
      const minted = (sample(text, 'warranty_mints{state="MINTED"}') ?? 0) > mintedBefore
      return minted && (sample(text, 'chain_mint_batches_total') ?? 0) >= 1 ? text : null
    }, 30_000)
    // The route template, never the id in the URL.
    expect(
      sample(
        after,
        'http_request_duration_seconds_count{method="GET",route="/v1/merchant/warranties/:id",status_code="200"}',
      ),
    ).toBe(1)
    expect(after).not.toContain(issued.id)
    expect(
      sample(after, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1)
    expect(sample(after, 'warranty_mint_latency_seconds_count')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'chain_mint_gas_used_total')).toBeGreaterThan(0)
    expect(sample(after, 'chain_mint_batches_total')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'mint_batches{state="CONFIRMED"}')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'chain_head_lag_blocks')).toBeGreaterThanOrEqual(0)
    // The claim e-mail sits in the outbox (this test service does not deliver mail).
    expect(sample(after, 'mail_messages{status="QUEUED"}')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'mail_outbox_oldest_age_seconds')).toBeGreaterThan(0)
    expect(sample(after, 'ocr_pool{kind="workers"}')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'ocr_pool{kind="queued"}')).toBe(0)
    expect(after).toContain('# TYPE job_queue_depth gauge')
    expect(after).toContain('# TYPE webhook_deliveries gauge')
    expect(after).toContain('# TYPE webhook_endpoints gauge')
    expect(after).toContain('process_resident_memory_bytes')
  })

  it('the Grafana dashboard (ops/grafana) only queries metrics the service exports', async () => {
    const text = await scrape()
    const dashboard = JSON.parse(readFileSync('ops/grafana/warranty-service.json', 'utf8'))
    const exprs: string[] = dashboard.panels.flatMap((p: { targets: { expr: string }[] }) =>
      p.targets.map((t) => t.expr),
    )
    expect(exprs.length).toBeGreaterThan(10)
    const PROMQL = new Set([
      'sum',
      'by',
      'rate',
      'max',
      'histogram_quantile',
      'le',
      'route',
      'status_code',
      'state',
      'queue',
      'kind',
    ])
    for (const expr of exprs) {
      for (const name of expr.match(/\b[a-z_][a-z0-9_]*\b(?=[{[\s)]|$)/g) ?? []) {
        if (PROMQL.has(name)) continue
        const family = name.replace(/_(bucket|count|sum)$/, '')
        expect(text, `${expr} uses ${name}`).toMatch(new RegExp(`^# TYPE (${name}|${family}) `, 'm'))
      }
    }
  })
})

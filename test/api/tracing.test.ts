import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
}

/** A collector speaking OTLP/HTTP (JSON), as an OpenTelemetry Collector's receiver would. */
function startCollector(): Promise<{ server: Server; url: string; spans: OtlpSpan[]; types: string[] }> {
  const spans: OtlpSpan[] = []
  const types: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      types.push(`${req.method} ${req.url} ${req.headers['content-type']}`)
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...ss.spans)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, types }),
    ),
  )
}

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let svc: TestService
  let collector: Awaited<ReturnType<typeof startCollector>>
  beforeAll(async () => {
    collector = await startCollector()
    svc = await createTestService({ mint: true, env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } })
  })
  afterAll(async () => {
    await svc?.close()
    collector?.server.close()
  })

  it('exports spans for HTTP, chain calls, jobs and (on PostgreSQL) SQL, linked in one trace', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: { serialNumber: `SN-TRACE-${Date.now()}` },
    })
    expect(res.statusCode).toBe(200)
    const names = () => collector.spans.map((s) => s.name)
    await waitFor(
      async () =>
        names().includes('chain sendMintBatch') && names().includes('POST /v1/merchant/warranties/issue'),
      60_000,
    )
    expect(collector.types[0]).toBe('POST /v1/traces application/json')

    const http = collector.spans.find((s) => s.name === 'POST /v1/merchant/warranties/issue')!
    expect(http.kind).toBe(2) // SERVER
    const route = http.attributes.find((a) => a.key === 'http.route')
    expect(route?.value).toEqual({ stringValue: '/v1/merchant/warranties/issue' })
    // The SQL runs inside the request's span.
    const children = collector.spans.filter((s) => s.name === 'db.query' && s.parentSpanId === http.spanId)
    expect(children.length).toBeGreaterThan(0)
    expect(children.every((s) => s.traceId === http.traceId)).toBe(true)
  })

  it('is off without the endpoint: no SDK, no spans, nothing sent', async () => {
    const quiet = await createTestService()
    try {
      expect(quiet.deps.tracing.enabled).toBe(false)
    } finally {
      await quiet.close()
    }
  })
})

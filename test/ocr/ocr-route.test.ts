import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OcrPort } from '../../src/adapters/ocr/port.js'
import { defaultOcrSettings } from '../../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../../src/adapters/ocr/tesseract-ocr.js'
import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js'
import { registerErrorHandling } from '../../src/http/error-handler.js'
import { ErrorBody } from '../../src/http/schemas.js'
import { ocrRoutes } from '../../src/modules/receipts/ocr.routes.js'
import { hostileImages, pngBomb, receiptScan } from './support.js'

const URL = '/v1/customer/receipts/ocr'

/** The route on a small app with the service's error handler (until it is wired into buildApp). */
async function buildOcrApp(ocr: OcrPort, limit = 1000): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 100 * 1024, ajv: { customOptions: { coerceTypes: false } } })
  app.setValidatorCompiler(TypeBoxValidatorCompiler)
  registerErrorHandling(app)
  app.addSchema(ErrorBody)
  await app.register(ocrRoutes, {
    ocr,
    limiter: new MemoryRateLimiter(),
    rateLimit: { limit, windowMs: 60_000 },
  })
  await app.ready()
  return app
}

const post = (app: FastifyInstance, imageBase64: string, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: URL, payload: { imageBase64 }, remoteAddress: ip })

describe(`POST ${URL}`, () => {
  let ocr: TesseractOcr
  let app: FastifyInstance
  let scan: Awaited<ReturnType<typeof receiptScan>>
  let bomb: Buffer

  beforeAll(async () => {
    ocr = new TesseractOcr(defaultOcrSettings({ workers: 1, queueLimit: 1 }))
    app = await buildOcrApp(ocr)
    scan = await receiptScan()
    bomb = pngBomb()
  })
  afterAll(async () => {
    await app.close()
    await ocr.close()
  })

  it('answers the receipt read from a photo or scan, with a confidence per field', async () => {
    const res = await post(app, scan.png.toString('base64'))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      merchant: scan.truth.merchant,
      date: scan.truth.date,
      total: scan.truth.total,
      currency: scan.truth.currency,
    })
    expect(body.items).toHaveLength(scan.truth.items.length)
    expect(Object.keys(body.confidence).sort()).toEqual(['currency', 'date', 'items', 'merchant', 'total'])
  })

  it('answers 413 payload_too_large for a body over 6 MB', async () => {
    const res = await post(app, 'A'.repeat(6 * 1024 * 1024 + 16))
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('payload_too_large')
  })

  it('answers 400 validation_error for base64 that is not strict', async () => {
    for (const text of ['data:image/png;base64,AAAA', 'AAA', 'AB=C', '!!!!']) {
      const res = await post(app, text)
      expect(res.statusCode, text).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
  })

  it('answers 400 with the reason for a decompression bomb, a fake image and an SVG', async () => {
    const cases: [Buffer, string][] = [
      [bomb, 'image_too_large'],
      [Buffer.from('hello, this is not an image at all'), 'unsupported_type'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'unsupported_type'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 1)]), 'invalid_image'],
    ]
    for (const [bytes, reason] of cases) {
      const res = await post(app, bytes.toString('base64'))
      expect(res.statusCode, reason).toBe(400)
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        details: [{ path: '/body/imageBase64', message: reason }],
      })
    }
  })

  it('answers 503 unavailable with Retry-After when every worker is busy and the queue is full', async () => {
    const image = scan.png.toString('base64')
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(app, image)))
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([200, 200, 503, 503])
    const refused = answers.find((a) => a.statusCode === 503)!
    expect(refused.json().error).toBe('unavailable')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  })

  it('answers a body that breaks its schema 400 whatever the capacity, a good one 503 when the pool is full', async () => {
    const image = scan.png.toString('base64')
    const reads = [post(app, image, '203.0.113.21'), post(app, image, '203.0.113.22')]
    while (!ocr.refusal()) await new Promise((resolve) => setTimeout(resolve, 5))
    // Issue 26 (defect 15): not base64, an undeclared property, no JSON: 400 with the full pool.
    const notBase64 = await post(app, '!!!! not base64 !!!!', '203.0.113.23')
    expect(notBase64.statusCode).toBe(400)
    expect(notBase64.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/body/imageBase64', message: 'is not valid base64' }],
    })
    const assigned = await app.inject({
      method: 'POST',
      url: URL,
      payload: { imageBase64: image, merchantId: 'm-1' },
      remoteAddress: '203.0.113.23',
    })
    expect(assigned.statusCode).toBe(400)
    expect(assigned.json().error).toBe('validation_error')
    const notJson = await app.inject({
      method: 'POST',
      url: URL,
      payload: '{"imageBase64":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '203.0.113.23',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().error).toBe('invalid_json')
    // A good body waits for capacity: 503 with Retry-After.
    expect(ocr.refusal()).not.toBe(null)
    const res = await post(app, image, '203.0.113.23')
    expect(res.statusCode).toBe(503)
    expect(res.json().error).toBe('unavailable')
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect((await Promise.all(reads)).map((r) => r.statusCode)).toEqual([200, 200])
  })

  it('answers 429 too_many_requests past the per-address limit, other addresses unaffected', async () => {
    const limited = await buildOcrApp(ocr, 2)
    const tiny = Buffer.from('not an image').toString('base64')
    expect((await post(limited, tiny, '198.51.100.1')).statusCode).toBe(400)
    expect((await post(limited, tiny, '198.51.100.1')).statusCode).toBe(400)
    const third = await post(limited, tiny, '198.51.100.1')
    expect(third.statusCode).toBe(429)
    expect(third.json().error).toBe('too_many_requests')
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
    expect((await post(limited, tiny, '198.51.100.2')).statusCode).toBe(400)
    // Past the limit, a body the edge refuses is still its 400 (mass assignment, bad base64).
    const assigned = await limited.inject({
      method: 'POST',
      url: URL,
      payload: { imageBase64: tiny, merchantId: 'm-1' },
      remoteAddress: '198.51.100.1',
    })
    expect(assigned.statusCode).toBe(400)
    expect(assigned.json().error).toBe('validation_error')
    expect((await post(limited, '!!!!', '198.51.100.1')).statusCode).toBe(400)
    expect((await post(limited, tiny, '198.51.100.1')).statusCode).toBe(429)
    await limited.close()
  })

  it('answers 20 concurrent hostile images with 4xx and keeps RSS growth under 200 MB', async () => {
    const roomy = new TesseractOcr(defaultOcrSettings({ workers: 1, queueLimit: 32 }))
    const server = await buildOcrApp(roomy)
    const inputs = hostileImages(bomb, scan.png)
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 5)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(server, inputs[i % inputs.length]!.toString('base64'), `192.0.2.${i}`),
      ),
    )
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    for (const a of answers) expect(a.statusCode).toBeGreaterThanOrEqual(400)
    for (const a of answers) expect(a.statusCode).toBeLessThan(500)
    expect((peak - before) / 1024 / 1024).toBeLessThan(200)
    await server.close()
    await roomy.close()
  })
})

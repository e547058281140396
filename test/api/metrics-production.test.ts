import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'

// Issue 26, defect 15: /metrics is closed in production unless METRICS_TOKEN is set.
const services: TestService[] = []
afterAll(async () => {
  for (const svc of services) await svc.close()
})

const productionService = async (env: Record<string, string> = {}) => {
  const svc = await createTestService({
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SERIAL_HASH_SALT: randomBytes(16).toString('hex'),
      ...env,
    },
  })
  services.push(svc)
  return svc
}

describe('GET /metrics with NODE_ENV=production', () => {
  it('answers 401 unauthorized to every call when METRICS_TOKEN is not set (deny by default)', async () => {
    const svc = await productionService()
    for (const headers of [{}, { authorization: 'Bearer anything-at-all' }, { authorization: 'Bearer ' }]) {
      const res = await svc.request({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({
        error: 'unauthorized',
        message: expect.stringContaining('METRICS_TOKEN'),
      })
      expect(res.body).not.toContain('# TYPE')
    }
  })

  it('serves the scrape for the right token only', async () => {
    const token = randomBytes(32).toString('hex')
    const svc = await productionService({ METRICS_TOKEN: token })
    expect((await svc.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401)
    const ok = await svc.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toContain('# TYPE')
  })
})

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createMerchantWithUsers, PASSWORD } from '../support/factories.js'
import { createTestService, freshDatabase, type TestService } from '../support/harness.js'
import { startTcpProxy } from '../support/tcp-proxy.js'

describe('GET /health, GET /v1/version', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({ env: { GIT_REVISION: 'abc1234' } })
  })
  afterAll(() => svc?.close())

  it('answers liveness', async () => {
    const res = await svc.request({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('answers the package version, the git revision and the API version', async () => {
    const res = await svc.request({ method: 'GET', url: '/v1/version' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ version: '0.1.0', gitRevision: 'abc1234', apiVersion: '1.0.0' })
    // What an outsider verifies a certificate against, without trusting us.
    expect(body.chain).toEqual({
      chainId: 31337,
      certificateContract: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      custodian: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    })
    expect(body.ipfs).toEqual({
      gateway: expect.stringMatching(/^https?:\/\/.+\/ipfs$/),
      verifiableFormats: ['application/vnd.ipld.raw', 'application/vnd.ipld.car'],
    })
  })

  it('answers ready with the database check', async () => {
    const res = await svc.request({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' } } })
  })

  it('echoes a request id, or makes one', async () => {
    const given = await svc.request({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-123' },
    })
    expect(given.headers['x-request-id']).toBe('trace-123')
    const made = await svc.request({ method: 'GET', url: '/health' })
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const hostile = await svc.request({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'a b\u0000<c>' },
    })
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends security headers', async () => {
    const res = await svc.request({ method: 'GET', url: '/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['strict-transport-security']).toBeDefined()
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('answers 404 not_found for an unknown route', async () => {
    const res = await svc.request({ method: 'GET', url: '/v1/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'not_found', message: expect.any(String) })
  })

  it('answers 413 payload_too_large over the 100 KB body limit', async () => {
    const res = await svc.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(110 * 1024) },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('payload_too_large')
  })
})

describe('CORS', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({ env: { CORS_ORIGINS: 'https://app.example.com' } })
  })
  afterAll(() => svc?.close())

  it('allows a listed origin and nobody else', async () => {
    const preflight = (origin: string) =>
      svc.request({
        method: 'OPTIONS',
        url: '/v1/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const listed = await preflight('https://app.example.com')
    expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.com')
    const other = await preflight('https://evil.example.com')
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('GET /ready when the database is unreachable', () => {
  it('answers 503 naming the database, and a request that needs it answers 503 without internals', async () => {
    // A real network cut: the service talks to PostgreSQL through a proxy that we take down.
    const server = new URL(inject('databaseServer'))
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
    const db = await freshDatabase()
    const url = new URL(db.url)
    url.host = `127.0.0.1:${proxy.port}`
    const svc = await createTestService({ databaseUrl: url.toString() })
    const cut = () => proxy.cut()
    const cleanup = async () => {
      await proxy.close()
      await db.drop()
    }
    try {
      const { owner } = await createMerchantWithUsers(svc.deps)
      expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
      cut()
      await new Promise((r) => setTimeout(r, 100))
      const res = await svc.request({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      const body = res.json()
      expect(body.error).toBe('unavailable')
      expect(body.message).toContain('database')
      expect(body.checks.database.status).toBe('fail')
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|postgres:|ECONNREFUSED/)

      const login = await svc.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: owner.email, password: PASSWORD },
      })
      expect(login.statusCode).toBe(503)
      expect(login.headers['retry-after']).toBe('5')
      expect(login.json()).toEqual({ error: 'unavailable', message: expect.any(String) })
      expect(login.body).not.toMatch(/select|users|at .*\.ts|stack/i)
    } finally {
      await svc.close().catch(() => undefined)
      await cleanup()
    }
  })
})

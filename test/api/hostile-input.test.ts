import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'

let svc: TestService
let owner: TestUser
let admin: TestUser
let baseUrl: string

beforeAll(async () => {
  svc = await createTestService()
  ;({ owner } = await createMerchantWithUsers(svc.deps))
  admin = await createUser(svc.deps, { role: 'ADMIN' })
  await svc.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`
})
afterAll(() => svc?.close())

const NUL = '\u0000'
const LONE_SURROGATE = '\ud800'
const UNSTORABLE = 'must not contain a NUL character or an unpaired UTF-16 surrogate'

function expectUnstorable(res: { statusCode: number; json(): unknown }, path: string) {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    error: 'validation_error',
    message: 'The request is not valid',
    details: [{ path, message: UNSTORABLE }],
  })
}

describe('text PostgreSQL cannot store', () => {
  it('answers 400 for a NUL byte in a query value, anonymously too', async () => {
    expectUnstorable(
      await svc.request({ method: 'GET', url: '/v1/global/products?brand=%00' }),
      '/querystring/brand',
    )
    expectUnstorable(
      await svc.request({ method: 'GET', url: '/v1/global/products?brand=a&brand=b%00' }),
      '/querystring/brand/1',
    )
  })

  it('answers 400 for a NUL byte in the list and audit filters', async () => {
    for (const [url, token, path] of [
      ['/v1/merchant/warranties?q=ab%00cd', owner.token, '/querystring/q'],
      ['/v1/merchant/products?q=%00', owner.token, '/querystring/q'],
      ['/v1/admin/merchants?q=x%00', admin.token, '/querystring/q'],
      ['/v1/admin/audit?action=%00', admin.token, '/querystring/action'],
    ] as const) {
      expectUnstorable(await svc.request({ method: 'GET', url, token }), path)
    }
  })

  it('answers 400 for a NUL byte or a lone surrogate in a JSON body string, and stores nothing', async () => {
    for (const serialNumber of [`SN-${NUL}-1`, `SN-${LONE_SURROGATE}`, '\udc00SN']) {
      const res = await svc.request({
        method: 'POST',
        url: '/v1/merchant/warranties/issue',
        token: owner.token,
        payload: { serialNumber },
      })
      expectUnstorable(res, '/body/serialNumber')
    }
    // The escape exactly as a client sends it, not as JSON.stringify would write it.
    const raw = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"serialNumber":"SN-\\ud800-RAW"}',
    })
    expectUnstorable(raw, '/body/serialNumber')
    const list = await svc.request({ method: 'GET', url: '/v1/merchant/warranties', token: owner.token })
    expect(list.json().items).toEqual([])
  })

  it('answers 400 for unstorable merchant and product fields, naming each', async () => {
    expectUnstorable(
      await svc.request({
        method: 'POST',
        url: '/v1/admin/merchants',
        token: admin.token,
        payload: { name: `Shop${NUL}` },
      }),
      '/body/name',
    )
    const product = await svc.request({
      method: 'POST',
      url: '/v1/merchant/products',
      token: owner.token,
      payload: { merchantSku: `SKU${NUL}`, title: `T${LONE_SURROGATE}` },
    })
    expect(product.statusCode).toBe(400)
    expect(product.json().details).toEqual([
      { path: '/body/merchantSku', message: UNSTORABLE },
      { path: '/body/title', message: UNSTORABLE },
    ])
    expectUnstorable(
      await svc.request({
        method: 'POST',
        url: '/v1/admin/global-products',
        token: admin.token,
        payload: { brand: 'B', model: `M${NUL}`, category: 'Audio' },
      }),
      '/body/model',
    )
  })

  it('answers 400 for a property name with a NUL byte, and for one nested in arrays', async () => {
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/products',
      token: owner.token,
      payload: { [`title${NUL}`]: 'x', tags: [{ a: ['ok', `bad${NUL}`] }] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toEqual([
      { path: '/body', message: 'has a property name with a NUL character or an unpaired UTF-16 surrogate' },
      { path: '/body/tags/0/a/1', message: UNSTORABLE },
    ])
  })

  it('answers 400 for a NUL byte in a path parameter', async () => {
    expectUnstorable(
      await svc.request({ method: 'GET', url: '/v1/merchant/warranties/%00', token: owner.token }),
      '/params/id',
    )
    expectUnstorable(
      await svc.request({ method: 'GET', url: '/v1/global/sender-verify/abc%00def' }),
      '/params/token',
    )
  })

  it('still accepts well-formed text outside the Basic Multilingual Plane', async () => {
    const serialNumber = `SN-😀-${randomUUID().slice(0, 8)}`
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: { serialNumber },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().serialNumber).toBe(serialNumber)
  })
})

describe('a well-signed token with a malformed subject', () => {
  const sign = (sub: string, tv: unknown = 0) =>
    new SignJWT({ role: 'MERCHANT_USER', tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(svc.config.jwt.issuer)
      .setAudience(svc.config.jwt.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET))

  it('answers 401 unauthorized on every kind of protected route', async () => {
    const tokens = [
      await sign('not-a-uuid'),
      await sign(''),
      await sign(`${owner.id}${NUL}`),
      await sign(owner.id, 0.5),
    ]
    for (const token of tokens) {
      for (const url of ['/v1/auth/me', '/v1/merchant/warranties', '/v1/admin/merchants']) {
        const res = await svc.request({ method: 'GET', url, token })
        expect(res.statusCode, url).toBe(401)
        expect(res.json()).toEqual({ error: 'unauthorized', message: 'A valid bearer token is required' })
      }
    }
  })

  it('still admits the same claims with the real subject', async () => {
    const me = await svc.request({ method: 'GET', url: '/v1/auth/me', token: await sign(owner.id) })
    expect(me.statusCode).toBe(200)
    expect(me.json().id).toBe(owner.id)
  })
})

describe('router-level errors', () => {
  it('answers 400 validation_error for a path that is not valid percent-encoding', async () => {
    for (const url of [
      '/v1/merchant/warranties/%',
      '/v1/merchant/warranties/%zz',
      '/v1/merchant/warranties/%c3%28',
      '/v1/global/products/%ed%a0%80',
    ]) {
      const res = await svc.request({ method: 'GET', url, token: owner.token })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual({
        error: 'validation_error',
        message: 'The URL is not valid',
        details: [{ path: '/url', message: 'is not valid percent-encoded UTF-8' }],
      })
      expect(res.headers['x-request-id']).toBeTruthy()
    }
  })

  it('keeps malformed percent-escapes of a query string as literal text', async () => {
    const res = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties?q=%zz%c3%28',
      token: owner.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([])
  })

  it('answers 400 validation_error for a path parameter over 500 characters', async () => {
    const res = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${'a'.repeat(501)}`,
      token: owner.token,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: 'validation_error',
      message: 'The request is not valid',
      details: [{ path: '/params', message: 'a path parameter is too long' }],
    })
  })

  it('answers 431 headers_too_large with Connection: close, and a keep-alive client carries on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.get(`${baseUrl}/health`, { agent, headers }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => {
            body += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        })
        req.on('error', reject)
      })
    try {
      expect((await get({})).status).toBe(200)
      const big = await get({ authorization: `Bearer ${'a'.repeat(40 * 1024)}` })
      expect(big.status).toBe(431)
      expect(big.headers.connection).toBe('close')
      expect(big.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(JSON.parse(big.body)).toEqual({
        error: 'headers_too_large',
        message: 'The request line or headers are too large',
      })
      // The next request on the same keep-alive agent gets a fresh connection, not ECONNRESET.
      for (let i = 0; i < 3; i++) expect((await get({})).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('answers a request the HTTP parser refuses with the error body and Connection: close', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect((svc.app.server.address() as AddressInfo).port, '127.0.0.1')
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk) => {
        text += chunk
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n')
    })
    const [head = '', body = ''] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(head.toLowerCase()).toContain('connection: close')
    expect(JSON.parse(body)).toEqual({
      error: 'validation_error',
      message: 'The request is not well-formed HTTP',
      details: [{ path: '/request', message: 'is not a well-formed HTTP/1.1 request' }],
    })
  })
})

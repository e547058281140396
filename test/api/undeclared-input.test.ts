import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

describe('undeclared input on routes that declare none', () => {
  it('answers 400 for a query parameter on a route without query parameters', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    for (const [url, token] of [
      ['/v1/version?debug=1', undefined],
      ['/v1/auth/me?debug=1', owner.token],
      ['/v1/merchant/stats?debug=1', owner.token],
    ] as const) {
      const res = await svc.request({ method: 'GET', url, ...(token ? { token } : {}) })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        details: [{ path: '/querystring/debug', message: 'is not a declared property' }],
      })
    }
  })

  it('answers 400 for a body on a route that takes none, and accepts none or an empty one', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: { serialNumber: 'BODYLESS-1' },
    })
    const url = `/v1/merchant/warranties/${issued.json().id}/retry-mint`
    const withBody = await svc.request({ method: 'POST', url, token: owner.token, payload: { force: true } })
    expect(withBody.statusCode).toBe(400)
    expect(withBody.json()).toMatchObject({ error: 'validation_error', details: [{ path: '/body' }] })
    // No body, or an empty JSON body: the route runs (a PENDING mint cannot be retried).
    const bare = await svc.request({ method: 'POST', url, token: owner.token })
    expect(bare.statusCode).toBe(409)
    const empty = await svc.request({
      method: 'POST',
      url,
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(empty.statusCode).toBe(409)
  })
})

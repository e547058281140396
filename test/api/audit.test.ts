import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectPagesOf7, ISO, tag, UUID } from '../support/catalog-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser

beforeAll(async () => {
  svc = await createTestService()
  admin = await createUser(svc.deps, { role: 'ADMIN' })
})
afterAll(() => svc?.close())

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, requestId?: string) =>
  svc.request({
    method,
    url,
    ...(payload ? { payload } : {}),
    token: admin.token,
    ...(requestId ? { headers: { 'x-request-id': requestId } } : {}),
  })
const audit = async (query: string) => {
  const res = await svc.request({ method: 'GET', url: `/v1/admin/audit?${query}`, token: admin.token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { items: Record<string, unknown>[]; nextCursor: string | null }
}

describe('GET /v1/admin/audit', () => {
  it('shows every admin write once, with actor, request id, before and after', async () => {
    const merchant = (
      await send('POST', '/v1/admin/merchants', { name: 'Audit Co' }, 'req-merchant-create')
    ).json()
    const renamed = (await send('PUT', `/v1/admin/merchants/${merchant.id}`, { name: 'Audit Co 2' })).json()
    const user = (
      await send('POST', `/v1/admin/merchants/${merchant.id}/users`, {
        email: `${tag('au')}@example.com`,
        password: 'very-secret-pw',
        name: 'Ann',
      })
    ).json()
    const product = (
      await send('POST', '/v1/admin/global-products', { brand: 'B', model: 'M', category: 'C' })
    ).json()
    const changed = (await send('PUT', `/v1/admin/global-products/${product.id}`, { model: 'M2' })).json()
    await send('DELETE', `/v1/admin/global-products/${product.id}`)

    const merchantLog = await audit(`targetId=${merchant.id}`)
    expect(merchantLog).toEqual({
      items: [
        {
          id: expect.stringMatching(UUID),
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'merchant.update',
          targetType: 'merchant',
          targetId: merchant.id,
          before: merchant,
          after: renamed,
          requestId: expect.any(String),
          createdAt: expect.stringMatching(ISO),
        },
        {
          id: expect.stringMatching(UUID),
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'merchant.create',
          targetType: 'merchant',
          targetId: merchant.id,
          before: null,
          after: merchant,
          requestId: 'req-merchant-create',
          createdAt: expect.stringMatching(ISO),
        },
      ],
      nextCursor: null,
    })

    const userLog = await audit(`targetId=${user.id}`)
    expect(userLog.items).toEqual([
      expect.objectContaining({
        action: 'merchant_user.create',
        targetType: 'merchant_user',
        before: null,
        after: user,
      }),
    ])
    expect(JSON.stringify(userLog)).not.toMatch(/password|argon2|very-secret-pw/i)

    const productLog = await audit(`targetId=${product.id}`)
    expect(productLog.items.map((i) => [i.action, i.before, i.after])).toEqual([
      ['global_product.delete', changed, null],
      ['global_product.update', product, changed],
      ['global_product.create', null, product],
    ])
  })

  it('writes nothing when the change fails (same transaction)', async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps)
    const res = await send('POST', `/v1/admin/merchants/${merchant.id}/users`, {
      email: owner.email,
      password: 'secret1',
      name: 'Dup',
    })
    expect(res.statusCode).toBe(409)
    const log = await audit(`action=merchant_user.create&targetType=merchant_user`)
    expect(log.items.some((i) => (i.after as { email?: string } | null)?.email === owner.email)).toBe(false)
    expect((await audit(`targetId=${merchant.id}`)).items).toEqual([])
  })

  it('filters by action and targetType', async () => {
    const merchant = (await send('POST', '/v1/admin/merchants', { name: tag('Filter') })).json()
    await send('PUT', `/v1/admin/merchants/${merchant.id}`, { phone: '1' })
    await send('POST', '/v1/admin/global-products', { brand: 'B', model: 'M', category: 'C' })
    const updates = await audit('action=merchant.update&limit=200')
    expect(updates.items.length).toBeGreaterThan(0)
    expect(updates.items.every((i) => i.action === 'merchant.update')).toBe(true)
    expect(updates.items.map((i) => i.targetId)).toContain(merchant.id)
    const products = await audit('targetType=global_product&limit=200')
    expect(products.items.length).toBeGreaterThan(0)
    expect(products.items.every((i) => i.targetType === 'global_product')).toBe(true)
    const both = await audit(`targetType=merchant&action=merchant.create&targetId=${merchant.id}`)
    expect(both.items).toHaveLength(1)
    expect((await audit('action=nothing.like.this')).items).toEqual([])
  })

  it('pages 7 entries by 3, newest first, with no duplicates and no gaps', async () => {
    const merchant = (await send('POST', '/v1/admin/merchants', { name: tag('Paged') })).json()
    for (let i = 0; i < 6; i++) await send('PUT', `/v1/admin/merchants/${merchant.id}`, { phone: `${i}` })
    const entries = (await audit(`targetId=${merchant.id}`)).items as { id: string; createdAt: string }[]
    await expectPagesOf7(svc, `/v1/admin/audit?targetId=${merchant.id}`, admin.token, entries)
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['cursor=garbage', '/querystring/cursor'],
    ['targetId=not-a-uuid', '/querystring/targetId'],
    ['action=', '/querystring/action'],
    ['actor=me', '/querystring/actor'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    const res = await svc.request({ method: 'GET', url: `/v1/admin/audit?${query}`, token: admin.token })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    expect((await svc.request({ method: 'GET', url: '/v1/admin/audit' })).statusCode).toBe(401)
    const t = await createMerchantWithUsers(svc.deps)
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const provider = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    for (const token of [t.owner.token, customer.token, provider.token]) {
      const res = await svc.request({ method: 'GET', url: '/v1/admin/audit', token })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

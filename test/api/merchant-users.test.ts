import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminAndOthers, auditRowsOf, expectPagesOf7, ISO, tag, UUID } from '../support/catalog-factories.js'
import { createMerchant, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser
let others: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  ;({ admin, others } = await adminAndOthers(svc))
})
afterAll(() => svc?.close())

const usersUrl = (merchantId: string) => `/v1/admin/merchants/${merchantId}/users`
const post = (merchantId: string, payload: unknown, token = admin.token) =>
  svc.request({ method: 'POST', url: usersUrl(merchantId), payload: payload as object, token })
const login = (email: string, password: string) =>
  svc.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password } })
const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `${tag('mu')}@example.com`,
  password: 'secret1',
  name: 'Mia Merchant',
  ...overrides,
})

describe('POST /v1/admin/merchants/:id/users', () => {
  it('creates a USER by default, with the e-mail lower-cased, who can log in', async () => {
    const merchant = await createMerchant(svc.deps.db, { name: 'Login Shop' })
    const email = `${tag('Mixed.Case')}@Example.COM`
    const res = await post(merchant.id, { email, password: 'secret1', name: 'Mia Merchant' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      email: email.toLowerCase(),
      name: 'Mia Merchant',
      role: 'MERCHANT_USER',
      merchantId: merchant.id,
      merchantRole: 'USER',
      status: 'ACTIVE',
      lastLoginAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
    expect(res.body).not.toMatch(/password|argon2/i)

    const session = await login(email.toUpperCase(), 'secret1')
    expect(session.statusCode).toBe(200)
    expect(session.json().user).toEqual({
      id: body.id,
      name: 'Mia Merchant',
      email: email.toLowerCase(),
      role: 'MERCHANT_USER',
      merchantId: merchant.id,
      merchantName: 'Login Shop',
      merchantRole: 'USER',
    })
  })

  it.each(['OWNER', 'ADMIN', 'USER'] as const)(
    'creates a user with merchantRole %s',
    async (merchantRole) => {
      const merchant = await createMerchant(svc.deps.db)
      const res = await post(merchant.id, newUser({ merchantRole }))
      expect(res.statusCode).toBe(200)
      expect(res.json().merchantRole).toBe(merchantRole)
    },
  )

  it('records one audit row without any password or hash', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const created = (await post(merchant.id, newUser({ merchantRole: 'ADMIN' }))).json()
    const rows = await auditRowsOf(svc.deps.db, created.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'merchant_user.create',
      targetType: 'merchant_user',
      targetId: created.id,
      before: null,
      after: created,
    })
    expect(JSON.stringify(rows[0])).not.toMatch(/password|argon2|secret1/i)
  })

  it('allows adding a user to a suspended merchant, who then cannot log in', async () => {
    const merchant = await createMerchant(svc.deps.db, { status: 'SUSPENDED' })
    const user = newUser()
    expect((await post(merchant.id, user)).statusCode).toBe(200)
    const res = await login(user.email, user.password)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('merchant_suspended')
  })

  it('answers 409 conflict for an e-mail taken by any staff role, in any case, and creates nothing', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const merchantUser = newUser()
    expect((await post(merchant.id, merchantUser)).statusCode).toBe(200)
    for (const email of [merchantUser.email.toUpperCase(), admin.email.toUpperCase()]) {
      const res = await post(merchant.id, newUser({ email }))
      expect(res.statusCode, email).toBe(409)
      expect(res.json().error).toBe('conflict')
    }
    const list = (await svc.request({ method: 'GET', url: usersUrl(merchant.id), token: admin.token })).json()
    expect(list.items).toHaveLength(1)
  })

  it('accepts a customer’s address: customers and staff are separate identities', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const res = await post(merchant.id, newUser({ email: customer.email }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: customer.email, merchantRole: 'USER' })
    const login = await svc.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: customer.email, password: 'secret1' },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ role: 'MERCHANT_USER' })
  })

  it('lets exactly one of two simultaneous creations with one e-mail win', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const user = newUser()
    const results = await Promise.all([post(merchant.id, user), post(merchant.id, { ...user, name: 'Twin' })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })

  it('answers 404 not_found for an unknown merchant and 400 for a malformed id', async () => {
    const res = await post('00000000-0000-4000-8000-000000000000', newUser())
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
    const malformed = await post('nope', newUser())
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().details[0].path).toBe('/params/id')
  })

  it.each([
    ['an undeclared property', { role: 'ADMIN' }, '/body/role'],
    ['a password of 5 characters', { password: '12345' }, '/body/password'],
    ['an empty name', { name: '' }, '/body/name'],
    ['an e-mail that is not one', { email: 'x' }, '/body/email'],
    ['an unknown merchantRole', { merchantRole: 'BOSS' }, '/body/merchantRole'],
    ['no e-mail', { email: undefined }, '/body/email'],
    ['no password', { password: undefined }, '/body/password'],
    ['no name', { name: undefined }, '/body/name'],
  ])('answers 400 validation_error for %s', async (_label, overrides, path) => {
    const merchant = await createMerchant(svc.deps.db)
    const res = await post(merchant.id, newUser(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const anonymous = await svc.request({ method: 'POST', url: usersUrl(merchant.id), payload: newUser() })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error).toBe('unauthorized')
    for (const other of others) {
      const res = await post(merchant.id, newUser(), other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('GET /v1/admin/merchants/:id/users', () => {
  it("pages 7 users by 3, newest first, and shows only that merchant's users", async () => {
    const merchant = await createMerchant(svc.deps.db)
    const other = await createMerchant(svc.deps.db)
    await post(other.id, newUser())
    const created = []
    for (let i = 0; i < 7; i++) created.push((await post(merchant.id, newUser({ name: `User ${i}` }))).json())
    await expectPagesOf7(svc, usersUrl(merchant.id), admin.token, created)
    const all = await svc.request({ method: 'GET', url: usersUrl(merchant.id), token: admin.token })
    expect(all.json().items).toHaveLength(7)
    expect(all.json().items[0]).toEqual(created.at(-1))
    expect(all.body).not.toMatch(/password|argon2/i)
  })

  it('answers an empty page for a merchant without users', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const res = await svc.request({ method: 'GET', url: usersUrl(merchant.id), token: admin.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ items: [], nextCursor: null })
  })

  it('answers 404 not_found for an unknown merchant', async () => {
    const res = await svc.request({
      method: 'GET',
      url: usersUrl('00000000-0000-4000-8000-000000000000'),
      token: admin.token,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['cursor=garbage', '/querystring/cursor'],
    ['role=OWNER', '/querystring/role'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    const merchant = await createMerchant(svc.deps.db)
    const res = await svc.request({
      method: 'GET',
      url: `${usersUrl(merchant.id)}?${query}`,
      token: admin.token,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    const merchant = await createMerchant(svc.deps.db)
    expect((await svc.request({ method: 'GET', url: usersUrl(merchant.id) })).statusCode).toBe(401)
    for (const other of others) {
      const res = await svc.request({ method: 'GET', url: usersUrl(merchant.id), token: other.token })
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

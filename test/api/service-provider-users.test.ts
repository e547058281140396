import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRowsOf, expectPagesOf7, ISO, tag, UUID } from '../support/catalog-factories.js'
import {
  createAdminAndOthers,
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  PASSWORD,
  setServiceProviderStatus,
  type TestUser,
} from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'

let svc: TestService
let admin: TestUser
let others: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  ;({ admin, others } = await createAdminAndOthers(svc.deps))
})
afterAll(() => svc?.close())

const MISSING = '00000000-0000-4000-8000-000000000000'
const usersUrl = (id: string) => `/v1/admin/service-providers/${id}/users`
const request = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token: string | null = admin.token,
) =>
  svc.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(token ? { token } : {}),
  })
const login = (email: string, password: string) =>
  svc.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password } })
const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `${tag('tech')}@example.com`,
  password: 'secret1',
  name: 'Theo Technician',
  ...overrides,
})

describe('POST /v1/admin/service-providers/:id/users', () => {
  it('creates a SERVICE_PROVIDER user (e-mail lower-cased, audited) who logs in carrying the provider', async () => {
    const provider = await createServiceProvider(svc.deps.db, { name: tag('Login Repairs ') })
    const email = `${tag('Mixed.Case')}@Example.COM`
    const res = await request('POST', usersUrl(provider.id), { email, password: 'secret1', name: 'Theo' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      email: email.toLowerCase(),
      name: 'Theo',
      role: 'SERVICE_PROVIDER',
      serviceProviderId: provider.id,
      status: 'ACTIVE',
      lastLoginAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
    expect(res.body).not.toMatch(/password|argon2/i)
    const audit = await auditRowsOf(svc.deps.db, body.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'service_provider_user.create',
      targetType: 'service_provider_user',
      actorId: admin.id,
      after: body,
    })
    expect(JSON.stringify(audit[0])).not.toMatch(/secret1|argon2/)

    const session = await login(email.toUpperCase(), 'secret1')
    expect(session.statusCode).toBe(200)
    expect(session.json().user).toEqual({
      id: body.id,
      name: 'Theo',
      email: email.toLowerCase(),
      role: 'SERVICE_PROVIDER',
      merchantId: null,
      merchantName: null,
      merchantRole: null,
      serviceProviderId: provider.id,
      serviceProviderName: provider.name,
    })
    const me = await request('GET', '/v1/auth/me', undefined, session.json().token)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      id: body.id,
      role: 'SERVICE_PROVIDER',
      serviceProviderId: provider.id,
      serviceProviderName: provider.name,
      status: 'ACTIVE',
    })
  })

  it('answers 409 conflict for an e-mail any staff user has, in any case', async () => {
    const provider = await createServiceProvider(svc.deps.db)
    const { owner } = await createMerchantWithUsers(svc.deps)
    for (const email of [owner.email.toUpperCase(), admin.email]) {
      const res = await request('POST', usersUrl(provider.id), newUser({ email }))
      expect(res.statusCode, email).toBe(409)
      expect(res.json().error).toBe('conflict')
    }
  })

  it('answers 404 not_found for an unknown provider', async () => {
    const res = await request('POST', usersUrl(MISSING), newUser())
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it.each([
    ['a short password', newUser({ password: '12345' }), '/body/password'],
    ['no name', { email: 'a@example.com', password: 'secret1' }, '/body/name'],
    ['a merchant role', newUser({ merchantRole: 'OWNER' }), '/body/merchantRole'],
    ['a bad e-mail', newUser({ email: 'nope' }), '/body/email'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const provider = await createServiceProvider(svc.deps.db)
    const res = await request('POST', usersUrl(provider.id), payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 401 without a token and 403 forbidden to every other role', async () => {
    const provider = await createServiceProvider(svc.deps.db)
    expect((await request('POST', usersUrl(provider.id), newUser(), null)).statusCode).toBe(401)
    for (const other of others) {
      const res = await request('POST', usersUrl(provider.id), newUser(), other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('GET /v1/admin/service-providers/:id/users', () => {
  it("pages the provider's 7 users by 3, newest first, and no other provider's", async () => {
    const provider = await createServiceProvider(svc.deps.db)
    const created = []
    for (let i = 0; i < 7; i++) created.push((await request('POST', usersUrl(provider.id), newUser())).json())
    await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    await expectPagesOf7(svc, usersUrl(provider.id), admin.token, created)
  })

  it('answers 404 for an unknown provider and 403 to every other role', async () => {
    const missing = await request('GET', usersUrl(MISSING))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('not_found')
    const provider = await createServiceProvider(svc.deps.db)
    expect((await request('GET', usersUrl(provider.id), undefined, null)).statusCode).toBe(401)
    for (const other of others) {
      expect(
        (await request('GET', usersUrl(provider.id), undefined, other.token)).statusCode,
        other.label,
      ).toBe(403)
    }
  })
})

describe("suspending a service provider's user (POST /v1/admin/users/:id/suspend)", () => {
  it('locks the user out at once, is audited as a service_provider_user, and reactivation needs a new login', async () => {
    const user = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    const suspended = await request('POST', `/v1/admin/users/${user.id}/suspend`)
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json()).toMatchObject({
      id: user.id,
      role: 'SERVICE_PROVIDER',
      serviceProviderId: user.serviceProviderId,
      merchantId: null,
      status: 'SUSPENDED',
    })
    const me = await request('GET', '/v1/auth/me', undefined, user.token)
    expect(me.statusCode).toBe(403)
    expect(me.json().error).toBe('account_suspended')
    expect((await login(user.email, PASSWORD)).json().error).toBe('account_suspended')
    const audit = await auditRowsOf(svc.deps.db, user.id)
    expect(audit[0]).toMatchObject({ action: 'staff_user.suspend', targetType: 'service_provider_user' })

    expect((await request('POST', `/v1/admin/users/${user.id}/reactivate`)).json().status).toBe('ACTIVE')
    expect((await request('GET', '/v1/auth/me', undefined, user.token)).statusCode).toBe(401)
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200)
  })

  it("is refused to a merchant owner (the provider's user is not theirs: 404)", async () => {
    const user = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    const { owner } = await createMerchantWithUsers(svc.deps)
    const res = await request('POST', `/v1/merchant/users/${user.id}/suspend`, undefined, owner.token)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })
})

describe('suspending and reactivating a service provider', () => {
  it('locks its users out at once (login and existing tokens: 403 provider_suspended) and lets them back in', async () => {
    const provider = await createServiceProvider(svc.deps.db, { name: tag('Suspendable ') })
    const other = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    const created = await request('POST', usersUrl(provider.id), newUser({ password: 'secret-pass' }))
    const { email } = created.json()
    const first = await login(email, 'secret-pass')
    expect(first.statusCode).toBe(200)
    const token: string = first.json().token
    expect((await request('GET', '/v1/auth/me', undefined, token)).statusCode).toBe(200)

    const put = (status: string) => request('PUT', `/v1/admin/service-providers/${provider.id}`, { status })
    expect((await put('SUSPENDED')).json().status).toBe('SUSPENDED')
    const refused = await login(email, 'secret-pass')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('provider_suspended')
    for (const url of ['/v1/auth/me', '/v1/merchant/service-providers', '/v1/admin/service-providers']) {
      const res = await request('GET', url, undefined, token)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().error, url).toBe('provider_suspended')
    }
    // Another provider's user is not touched.
    expect((await request('GET', '/v1/auth/me', undefined, other.token)).statusCode).toBe(200)

    expect((await put('ACTIVE')).json().status).toBe('ACTIVE')
    const again = await login(email, 'secret-pass')
    expect(again.statusCode).toBe(200)
    expect(again.json().user).toMatchObject({
      serviceProviderId: provider.id,
      serviceProviderName: provider.name,
    })
    expect((await request('GET', '/v1/auth/me', undefined, token)).statusCode).toBe(200)
  })

  it('shows a renamed provider in the login payload at once', async () => {
    const user = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    const name = tag('Renamed ')
    expect((await request('GET', '/v1/auth/me', undefined, user.token)).statusCode).toBe(200)
    await request('PUT', `/v1/admin/service-providers/${user.serviceProviderId}`, { name })
    const me = await request('GET', '/v1/auth/me', undefined, user.token)
    expect(me.json().serviceProviderName).toBe(name)
  })
})

describe("a provider's change and the principal cache", () => {
  it("drops that provider's users at once, whatever wrote the change, and keeps other providers' users cached", async () => {
    await waitFor(async () => svc.app.principalCache.isLive)
    const [user, other] = await Promise.all([
      createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
      createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
    ])
    const me = (token: string) => request('GET', '/v1/auth/me', undefined, token)
    for (const u of [user, other]) expect((await me(u.token)).statusCode).toBe(200)
    // Written straight to the table: the database's NOTIFY (migration 0012), not the service, drops the entry.
    await setServiceProviderStatus(svc.deps.db, user.serviceProviderId ?? '', 'SUSPENDED')
    const refused = await me(user.token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('provider_suspended')
    const hits = svc.app.principalCache.hits
    expect((await me(other.token)).statusCode).toBe(200)
    expect(svc.app.principalCache.hits).toBe(hits + 1)
  })
})

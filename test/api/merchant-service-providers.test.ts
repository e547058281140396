import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRowsOf, ISO, tag, walkPages } from '../support/catalog-factories.js'
import {
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  setServiceProviderStatus,
  type TestUser,
} from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>

let svc: TestService
let a: Tenant
let b: Tenant
let admin: TestUser
let customer: TestUser
let provider: TestUser

beforeAll(async () => {
  svc = await createTestService()
  ;[a, b, admin, customer, provider] = await Promise.all([
    createMerchantWithUsers(svc.deps, 'Tenant A'),
    createMerchantWithUsers(svc.deps, 'Tenant B'),
    createUser(svc.deps, { role: 'ADMIN' }),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
  ])
})
afterAll(() => svc?.close())

const BASE = '/v1/merchant/service-providers'
const MISSING = '00000000-0000-4000-8000-000000000000'
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | null) =>
  svc.request({ method, url, ...(token ? { token } : {}) })
const allow = (id: string, token = a.owner.token) => call('PUT', `${BASE}/${id}`, token)
const withdraw = (id: string, token = a.owner.token) => call('DELETE', `${BASE}/${id}`, token)
const listed = async (token: string) =>
  (await walkPages<{ id: string; createdAt: string }>(svc, BASE, token, 200)).flat().map((p) => p.id)

/** Callers outside the merchant roles: never admitted to /v1/merchant/*. */
const strangers = () => [
  { label: 'admin', token: admin.token },
  { label: 'customer', token: customer.token },
  { label: 'service provider', token: provider.token },
]

async function expectForbidden(
  send: (token: string | null) => Promise<{ statusCode: number; json(): { error: string } }>,
  tokens: { label: string; token: string }[],
) {
  expect((await send(null)).statusCode).toBe(401)
  for (const { label, token } of tokens) {
    const res = await send(token)
    expect(res.statusCode, label).toBe(403)
    expect(res.json().error, label).toBe('forbidden')
  }
}

describe('PUT /v1/merchant/service-providers/:id (allow)', () => {
  it('allows an active provider for the OWNER and the ADMIN, idempotently, audited once', async () => {
    const p = await createServiceProvider(svc.deps.db, { phone: '+1 555', address: '1 Bench St' })
    const res = await allow(p.id)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: p.id,
      name: p.name,
      contactEmail: p.contactEmail,
      phone: '+1 555',
      address: '1 Bench St',
      status: 'ACTIVE',
      allowedAt: expect.stringMatching(ISO),
    })
    const again = await allow(p.id, a.admin.token)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(body)
    const audit = await auditRowsOf(svc.deps.db, p.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'merchant_service_provider.allow',
      actorId: a.owner.id,
      targetType: 'merchant_service_provider',
      after: { merchantId: a.merchant.id, ...body },
    })
    expect(await listed(a.user.token)).toContain(p.id)
  })

  it('answers 404 not_found for an unknown provider and 409 invalid_state for a suspended one', async () => {
    const missing = await allow(MISSING)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('not_found')
    const p = await createServiceProvider(svc.deps.db, { status: 'SUSPENDED' })
    const suspended = await allow(p.id)
    expect(suspended.statusCode).toBe(409)
    expect(suspended.json().error).toBe('invalid_state')
    expect(await listed(a.owner.token)).not.toContain(p.id)
    expect((await call('PUT', `${BASE}/not-a-uuid`, a.owner.token)).statusCode).toBe(400)
  })

  it('answers 403 forbidden to a merchant USER and to every other role, 401 without a token', async () => {
    const p = await createServiceProvider(svc.deps.db)
    await expectForbidden(
      (t) => call('PUT', `${BASE}/${p.id}`, t),
      [{ label: 'merchant user', token: a.user.token }, ...strangers()],
    )
    expect(await listed(a.owner.token)).not.toContain(p.id)
  })
})

describe('GET /v1/merchant/service-providers (the allow-list)', () => {
  it("lists only the merchant's own providers, the latest allowed first, to each of its users", async () => {
    const [first, second, theirs] = await Promise.all([1, 2, 3].map(() => createServiceProvider(svc.deps.db)))
    await allow(first!.id)
    await allow(second!.id)
    await allow(theirs!.id, b.owner.token)
    for (const user of [a.owner, a.admin, a.user]) {
      const ids = await listed(user.token)
      expect(ids.indexOf(second!.id)).toBeLessThan(ids.indexOf(first!.id))
      expect(ids).toContain(first!.id)
      expect(ids).not.toContain(theirs!.id)
    }
    expect(await listed(b.owner.token)).not.toContain(first!.id)
  })

  it('pages by 1 without duplicates or gaps, and shows a provider suspended later as SUSPENDED', async () => {
    const tenant = await createMerchantWithUsers(svc.deps)
    const providers = await Promise.all([1, 2, 3].map(() => createServiceProvider(svc.deps.db)))
    for (const p of providers) await allow(p.id, tenant.owner.token)
    await setServiceProviderStatus(svc.deps.db, providers[0]!.id, 'SUSPENDED')
    const pages = await walkPages<{ id: string; createdAt: string; status: string }>(
      svc,
      BASE,
      tenant.user.token,
      1,
    )
    expect(pages.map((p) => p.length)).toEqual([1, 1, 1])
    expect(pages.flat().map((p) => p.id)).toEqual(providers.map((p) => p.id).reverse())
    expect(pages.flat().find((p) => p.id === providers[0]!.id)?.status).toBe('SUSPENDED')
  })

  it('answers 400 for a garbage cursor, 401 without a token, 403 forbidden to every other role', async () => {
    expect((await call('GET', `${BASE}?cursor=garbage`, a.user.token)).statusCode).toBe(400)
    await expectForbidden((t) => call('GET', BASE, t), strangers())
  })
})

describe('DELETE /v1/merchant/service-providers/:id (withdraw)', () => {
  it("takes the provider off the merchant's list only, audited", async () => {
    const p = await createServiceProvider(svc.deps.db)
    await allow(p.id)
    await allow(p.id, b.owner.token)
    const res = await withdraw(p.id, a.admin.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ withdrawn: true, id: p.id })
    expect(await listed(a.owner.token)).not.toContain(p.id)
    expect(await listed(b.owner.token)).toContain(p.id)
    const audit = await auditRowsOf(svc.deps.db, p.id)
    expect(audit.map((r) => r.action)).toContain('merchant_service_provider.withdraw')
  })

  it('answers 404 not_found for a provider not on the list (another tenant withdrawing included)', async () => {
    const p = await createServiceProvider(svc.deps.db)
    await allow(p.id)
    for (const [label, token] of [
      ['another merchant', b.owner.token],
      ['an unknown id', a.owner.token],
    ] as const) {
      const res = await withdraw(label === 'an unknown id' ? MISSING : p.id, token)
      expect(res.statusCode, label).toBe(404)
      expect(res.json().error, label).toBe('not_found')
    }
    expect(await listed(a.owner.token)).toContain(p.id)
    expect((await withdraw(p.id)).statusCode).toBe(200)
    expect((await withdraw(p.id)).statusCode).toBe(404)
  })

  it('answers 403 forbidden to a merchant USER and to every other role, withdrawing nothing', async () => {
    const p = await createServiceProvider(svc.deps.db)
    await allow(p.id)
    await expectForbidden(
      (t) => call('DELETE', `${BASE}/${p.id}`, t),
      [{ label: 'merchant user', token: a.user.token }, ...strangers()],
    )
    expect(await listed(a.owner.token)).toContain(p.id)
  })
})

describe('GET /v1/merchant/service-providers/directory', () => {
  it('lists active providers with id and name only, filtered by name', async () => {
    const label = tag('Dir')
    const active = await createServiceProvider(svc.deps.db, { name: `${label} Active` })
    // Matches the filter, but suspended: not listed.
    await createServiceProvider(svc.deps.db, { name: `${label} Suspended`, status: 'SUSPENDED' })
    for (const user of [a.owner, a.admin]) {
      const res = await call('GET', `${BASE}/directory?q=${label.toLowerCase()}`, user.token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ items: [{ id: active.id, name: active.name }], nextCursor: null })
    }
  })

  it('answers 400 for an undeclared parameter, 403 to a merchant USER and every other role', async () => {
    expect((await call('GET', `${BASE}/directory?status=ACTIVE`, a.owner.token)).statusCode).toBe(400)
    await expectForbidden(
      (t) => call('GET', `${BASE}/directory`, t),
      [{ label: 'merchant user', token: a.user.token }, ...strangers()],
    )
  })
})

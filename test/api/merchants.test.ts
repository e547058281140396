import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminAndOthers, auditRowsOf, expectPagesOf7, ISO, tag, UUID } from '../support/catalog-factories.js'
import { createMerchant, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser
let others: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  ;({ admin, others } = await adminAndOthers(svc))
})
afterAll(() => svc?.close())

const post = (payload: unknown, token = admin.token) =>
  svc.request({ method: 'POST', url: '/v1/admin/merchants', payload: payload as object, token })
const put = (id: string, payload: unknown, token = admin.token) =>
  svc.request({ method: 'PUT', url: `/v1/admin/merchants/${id}`, payload: payload as object, token })
const get = (url: string, token = admin.token) => svc.request({ method: 'GET', url, token })

function expectValidation(
  res: { statusCode: number; json(): { error: string; details?: { path: string }[] } },
  path: string,
) {
  expect(res.statusCode).toBe(400)
  const body = res.json()
  expect(body.error).toBe('validation_error')
  expect(body.details?.map((d) => d.path)).toContain(path)
}

describe('POST /v1/admin/merchants', () => {
  it('creates an ACTIVE merchant with every field', async () => {
    const res = await post({
      name: 'Acme Audio',
      taxId: 'DE123456789',
      address: '1 Main Street, Berlin',
      phone: '+49 30 1234567',
      contactEmail: 'ops@acme.example',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Acme Audio',
      taxId: 'DE123456789',
      address: '1 Main Street, Berlin',
      phone: '+49 30 1234567',
      contactEmail: 'ops@acme.example',
      status: 'ACTIVE',
      currency: 'EUR',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
    expect((await get(`/v1/admin/merchants/${body.id}`)).json()).toEqual(body)
  })

  it('creates a merchant from a name alone, the other fields null', async () => {
    const res = await post({ name: 'N' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'N',
      taxId: null,
      address: null,
      phone: null,
      contactEmail: null,
      status: 'ACTIVE',
    })
  })

  it('records one audit row with the created merchant', async () => {
    const created = (await post({ name: 'Audited Ltd', phone: '123' })).json()
    const rows = await auditRowsOf(svc.deps.db, created.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'merchant.create',
      targetType: 'merchant',
      targetId: created.id,
      before: null,
      after: created,
    })
  })

  it.each([
    ['an undeclared property', { name: 'X', vip: true }, '/body/vip'],
    ['no name', { taxId: '1' }, '/body/name'],
    ['an empty name', { name: '' }, '/body/name'],
    ['a contactEmail that is not an e-mail', { name: 'X', contactEmail: 'x' }, '/body/contactEmail'],
    ['a status (settable on update only)', { name: 'X', status: 'ACTIVE' }, '/body/status'],
    ['a null taxId (nullable on update only)', { name: 'X', taxId: null }, '/body/taxId'],
    ['a name of the wrong type', { name: 42 }, '/body/name'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    expectValidation(await post(payload), path)
  })

  it('answers 401 unauthorized without a token', async () => {
    const res = await svc.request({ method: 'POST', url: '/v1/admin/merchants', payload: { name: 'X' } })
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toBe('unauthorized')
  })

  it('answers 403 forbidden to every other role', async () => {
    for (const other of others) {
      const res = await post({ name: 'X' }, other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('GET /v1/admin/merchants', () => {
  it('pages 7 merchants by 3, newest first, with no duplicates and no gaps', async () => {
    const label = tag('page')
    const created = []
    for (let i = 0; i < 7; i++) created.push((await post({ name: `${label} ${i}` })).json())
    await expectPagesOf7(svc, `/v1/admin/merchants?q=${label}`, admin.token, created)
  })

  it('filters by name, case-insensitively, with % and _ matched literally', async () => {
    const label = tag('Q')
    const percent = (await post({ name: `${label} 100% Pure_Audio` })).json()
    const plain = (await post({ name: `${label} 1000 PureXAudio` })).json()
    const all = (await get(`/v1/admin/merchants?q=${label.toLowerCase()}`)).json()
    expect(all.items.map((m: { id: string }) => m.id).sort()).toEqual([percent.id, plain.id].sort())
    const literal = (await get(`/v1/admin/merchants?q=${encodeURIComponent(`${label} 100%`)}`)).json()
    expect(literal.items.map((m: { id: string }) => m.id)).toEqual([percent.id])
    const underscore = (await get(`/v1/admin/merchants?q=${encodeURIComponent('pure_audio')}`)).json()
    expect(underscore.items.map((m: { id: string }) => m.id)).toContain(percent.id)
    expect(underscore.items.map((m: { id: string }) => m.id)).not.toContain(plain.id)
  })

  it('filters by status', async () => {
    const label = tag('S')
    const active = (await post({ name: `${label} a` })).json()
    const suspended = (await post({ name: `${label} s` })).json()
    await put(suspended.id, { status: 'SUSPENDED' })
    const onlySuspended = (await get(`/v1/admin/merchants?q=${label}&status=SUSPENDED`)).json()
    expect(onlySuspended).toEqual({
      items: [expect.objectContaining({ id: suspended.id })],
      nextCursor: null,
    })
    const onlyActive = (await get(`/v1/admin/merchants?q=${label}&status=ACTIVE`)).json()
    expect(onlyActive.items.map((m: { id: string }) => m.id)).toEqual([active.id])
  })

  it('answers the first page of at most 50 by default', async () => {
    const res = await get('/v1/admin/merchants')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.items.length).toBeGreaterThan(0)
    expect(body.items.length).toBeLessThanOrEqual(50)
    expect(body.items[0]).toEqual(
      expect.objectContaining({ id: expect.stringMatching(UUID), createdAt: expect.stringMatching(ISO) }),
    )
  })

  it.each([
    ['limit 0', 'limit=0', '/querystring/limit'],
    ['limit 201', 'limit=201', '/querystring/limit'],
    ['a limit that is not a number', 'limit=ten', '/querystring/limit'],
    ['a garbage cursor', 'cursor=garbage', '/querystring/cursor'],
    ['an unknown status', 'status=DELETED', '/querystring/status'],
    ['an empty q', 'q=', '/querystring/q'],
    ['an undeclared parameter', 'sort=name', '/querystring/sort'],
  ])('answers 400 validation_error for %s', async (_label, query, path) => {
    expectValidation(await get(`/v1/admin/merchants?${query}`), path)
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    expect((await svc.request({ method: 'GET', url: '/v1/admin/merchants' })).statusCode).toBe(401)
    for (const other of others) {
      const res = await get('/v1/admin/merchants', other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('GET /v1/admin/merchants/:id', () => {
  it('answers the merchant', async () => {
    const row = await createMerchant(svc.deps.db, { name: 'Direct', taxId: 'T-1' })
    const res = await get(`/v1/admin/merchants/${row.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: row.id,
      name: 'Direct',
      taxId: 'T-1',
      address: null,
      phone: null,
      contactEmail: null,
      status: 'ACTIVE',
      currency: 'EUR',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })
  })

  it('answers 404 not_found for an unknown id and 400 for a malformed one', async () => {
    const missing = await get('/v1/admin/merchants/00000000-0000-4000-8000-000000000000')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('not_found')
    expectValidation(await get('/v1/admin/merchants/not-a-uuid'), '/params/id')
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    const row = await createMerchant(svc.deps.db)
    expect((await svc.request({ method: 'GET', url: `/v1/admin/merchants/${row.id}` })).statusCode).toBe(401)
    for (const other of others) {
      expect((await get(`/v1/admin/merchants/${row.id}`, other.token)).statusCode, other.label).toBe(403)
    }
  })
})

describe('PUT /v1/admin/merchants/:id', () => {
  it('changes only the fields sent and clears the ones sent as null', async () => {
    const created = (
      await post({ name: 'Before', taxId: 'T', address: 'A', phone: 'P', contactEmail: 'c@example.com' })
    ).json()
    const res = await put(created.id, { name: 'After', taxId: null, phone: '+1 555' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      ...created,
      name: 'After',
      taxId: null,
      phone: '+1 555',
      updatedAt: expect.stringMatching(ISO),
    })
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt))
    expect((await get(`/v1/admin/merchants/${created.id}`)).json()).toEqual(body)
  })

  it('records one audit row with the merchant before and after', async () => {
    const created = (await post({ name: 'Old name' })).json()
    const updated = (await put(created.id, { name: 'New name', status: 'SUSPENDED' })).json()
    const rows = await auditRowsOf(svc.deps.db, created.id)
    expect(rows.map((r) => r.action).sort()).toEqual(['merchant.create', 'merchant.update'])
    const update = rows.find((r) => r.action === 'merchant.update')
    expect(update).toMatchObject({
      actorId: admin.id,
      before: created,
      after: updated,
      targetType: 'merchant',
    })
    expect(updated.status).toBe('SUSPENDED')
  })

  it.each([
    ['an undeclared property', { nickname: 'x' }, '/body/nickname'],
    ['an empty name', { name: '' }, '/body/name'],
    ['a null name', { name: null }, '/body/name'],
    ['an unknown status', { status: 'DELETED' }, '/body/status'],
    ['a contactEmail that is not an e-mail', { contactEmail: 'x' }, '/body/contactEmail'],
    ['a currency in lower case', { currency: 'usd' }, '/body/currency'],
    ['a currency that is no ISO 4217 code', { currency: 'XYZ' }, '/body/currency'],
    ['a withdrawn currency (HRK, Croatia before the euro)', { currency: 'HRK' }, '/body/currency'],
    ['a null currency', { currency: null }, '/body/currency'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const row = await createMerchant(svc.deps.db)
    expectValidation(await put(row.id, payload), path)
  })

  it('sets the currency (ISO 4217), EUR until then; a code given at creation is kept', async () => {
    const created = (await post({ name: 'Priced' })).json()
    expect(created.currency).toBe('EUR')
    const updated = await put(created.id, { currency: 'GBP' })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ name: 'Priced', currency: 'GBP' })
    expect((await get(`/v1/admin/merchants/${created.id}`)).json().currency).toBe('GBP')
    expect((await post({ name: 'Dollars', currency: 'USD' })).json().currency).toBe('USD')
    expectValidation(await post({ name: 'Nope', currency: 'EURO' }), '/body/currency')
  })

  it('answers 404 not_found for an unknown merchant', async () => {
    const res = await put('00000000-0000-4000-8000-000000000000', { name: 'X' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it('answers 401 without a token and 403 to every other role, changing nothing', async () => {
    const row = await createMerchant(svc.deps.db, { name: 'Untouched' })
    const anonymous = await svc.request({
      method: 'PUT',
      url: `/v1/admin/merchants/${row.id}`,
      payload: { name: 'X' },
    })
    expect(anonymous.statusCode).toBe(401)
    for (const other of others) {
      const res = await put(row.id, { status: 'SUSPENDED' }, other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
    expect((await get(`/v1/admin/merchants/${row.id}`)).json()).toMatchObject({
      name: 'Untouched',
      status: 'ACTIVE',
    })
  })
})

describe('suspending and reactivating a merchant', () => {
  it('locks its users out at once (login and existing tokens) and lets them back in', async () => {
    const merchant = (await post({ name: 'Suspendable' })).json()
    const email = `${tag('owner')}@example.com`
    const created = await svc.request({
      method: 'POST',
      url: `/v1/admin/merchants/${merchant.id}/users`,
      payload: { email, password: 'secret-pass', name: 'Olga Owner', merchantRole: 'OWNER' },
      token: admin.token,
    })
    expect(created.statusCode).toBe(200)
    const login = () =>
      svc.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password: 'secret-pass' } })

    const first = await login()
    expect(first.statusCode).toBe(200)
    const token: string = first.json().token
    expect((await get('/v1/merchant/products', token)).statusCode).toBe(200)

    expect((await put(merchant.id, { status: 'SUSPENDED' })).json().status).toBe('SUSPENDED')
    const refused = await login()
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('merchant_suspended')
    for (const url of ['/v1/merchant/products', '/v1/auth/me']) {
      const res = await get(url, token)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().error).toBe('merchant_suspended')
    }

    expect((await put(merchant.id, { status: 'ACTIVE' })).json().status).toBe('ACTIVE')
    const again = await login()
    expect(again.statusCode).toBe(200)
    expect(again.json().user).toMatchObject({ merchantId: merchant.id, merchantName: 'Suspendable' })
    expect((await get('/v1/merchant/products', token)).statusCode).toBe(200)
  })
})

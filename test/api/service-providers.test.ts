import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRowsOf, expectPagesOf7, ISO, tag, UUID } from '../support/catalog-factories.js'
import { createAdminAndOthers, createServiceProvider, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser
/** Every caller but an admin: each merchant role, a customer, a service provider's user. */
let others: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  ;({ admin, others } = await createAdminAndOthers(svc.deps))
})
afterAll(() => svc?.close())

const BASE = '/v1/admin/service-providers'
const MISSING = '00000000-0000-4000-8000-000000000000'
const post = (url: string, payload: unknown, token: string | null = admin.token) =>
  svc.request({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) })
const put = (id: string, payload: unknown, token: string | null = admin.token) =>
  svc.request({
    method: 'PUT',
    url: `${BASE}/${id}`,
    payload: payload as object,
    ...(token ? { token } : {}),
  })
const get = (url: string, token: string | null = admin.token) =>
  svc.request({ method: 'GET', url, ...(token ? { token } : {}) })
const newProvider = (overrides: Record<string, unknown> = {}) => ({
  name: tag('Fix-it '),
  contactEmail: `${tag('desk')}@example.com`,
  ...overrides,
})

function expectValidation(
  res: { statusCode: number; json(): { error: string; details?: { path: string }[] } },
  path: string,
) {
  expect(res.statusCode).toBe(400)
  expect(res.json().error).toBe('validation_error')
  expect(res.json().details?.map((d) => d.path)).toContain(path)
}

async function expectRefusedToOthers(
  send: (token: string | null) => Promise<{ statusCode: number; json(): { error: string } }>,
) {
  const anonymous = await send(null)
  expect(anonymous.statusCode).toBe(401)
  expect(anonymous.json().error).toBe('unauthorized')
  for (const other of others) {
    const res = await send(other.token)
    expect(res.statusCode, other.label).toBe(403)
    expect(res.json().error, other.label).toBe('forbidden')
  }
}

describe('POST /v1/admin/service-providers', () => {
  it('creates an ACTIVE provider with every field, and one audit row', async () => {
    const name = tag('Repair Hub ')
    const res = await post(BASE, {
      name,
      contactEmail: 'desk@hub.example',
      phone: '+44 20 1234',
      address: '1 Fix Lane',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      name,
      contactEmail: 'desk@hub.example',
      phone: '+44 20 1234',
      address: '1 Fix Lane',
      status: 'ACTIVE',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
    expect((await get(`${BASE}/${body.id}`)).json()).toEqual(body)
    const rows = await auditRowsOf(svc.deps.db, body.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'service_provider.create',
      targetType: 'service_provider',
      before: null,
      after: body,
    })
  })

  it('creates one from a name and a contact e-mail, phone and address null', async () => {
    const res = await post(BASE, newProvider())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ phone: null, address: null, status: 'ACTIVE' })
  })

  it('answers 409 conflict for a name taken in any case, creating nothing', async () => {
    const name = tag('Unique Repairs ')
    expect((await post(BASE, newProvider({ name }))).statusCode).toBe(200)
    const res = await post(BASE, newProvider({ name: name.toUpperCase() }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
    const listed = (await get(`${BASE}?q=${encodeURIComponent(name)}`)).json()
    expect(listed.items).toHaveLength(1)
  })

  it.each([
    ['an undeclared property', newProvider({ vip: true }), '/body/vip'],
    ['no name', { contactEmail: 'a@example.com' }, '/body/name'],
    ['an empty name', newProvider({ name: '' }), '/body/name'],
    ['no contact e-mail', { name: 'X' }, '/body/contactEmail'],
    ['a contact e-mail that is not one', newProvider({ contactEmail: 'x' }), '/body/contactEmail'],
    ['a status (settable on update only)', newProvider({ status: 'ACTIVE' }), '/body/status'],
    ['a null phone (nullable on update only)', newProvider({ phone: null }), '/body/phone'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    expectValidation(await post(BASE, payload), path)
  })

  it('answers 401 without a token and 403 forbidden to every other role', async () => {
    await expectRefusedToOthers((token) => post(BASE, newProvider(), token))
  })
})

describe('GET /v1/admin/service-providers', () => {
  it('pages 7 providers by 3, newest first, with no duplicates and no gaps', async () => {
    const label = tag('page')
    const created = []
    for (let i = 0; i < 7; i++)
      created.push((await post(BASE, newProvider({ name: `${label} ${i}` }))).json())
    await expectPagesOf7(svc, `${BASE}?q=${label}`, admin.token, created)
  })

  it('filters by status and by name (case-insensitive)', async () => {
    const label = tag('Filter')
    const active = (await post(BASE, newProvider({ name: `${label} active` }))).json()
    const suspended = (await post(BASE, newProvider({ name: `${label} suspended` }))).json()
    await put(suspended.id, { status: 'SUSPENDED' })
    const ids = async (query: string) =>
      (await get(`${BASE}?${query}`)).json().items.map((p: { id: string }) => p.id)
    expect(await ids(`q=${label.toLowerCase()}&status=SUSPENDED`)).toEqual([suspended.id])
    expect(await ids(`q=${label.toUpperCase()}&status=ACTIVE`)).toEqual([active.id])
    expect(await ids(`q=${label}`)).toEqual([suspended.id, active.id])
  })

  it.each([
    ['limit 0', 'limit=0', '/querystring/limit'],
    ['a garbage cursor', 'cursor=garbage', '/querystring/cursor'],
    ['an unknown status', 'status=DELETED', '/querystring/status'],
    ['an empty q', 'q=', '/querystring/q'],
    ['an undeclared parameter', 'sort=name', '/querystring/sort'],
  ])('answers 400 validation_error for %s', async (_label, query, path) => {
    expectValidation(await get(`${BASE}?${query}`), path)
  })

  it('answers 401 without a token and 403 forbidden to every other role', async () => {
    await expectRefusedToOthers((token) => get(BASE, token))
  })
})

describe('GET /v1/admin/service-providers/:id', () => {
  it('answers the provider; 404 not_found for an unknown id, 400 for a malformed one', async () => {
    const row = await createServiceProvider(svc.deps.db, { name: tag('Direct '), phone: '123' })
    expect((await get(`${BASE}/${row.id}`)).json()).toEqual({
      id: row.id,
      name: row.name,
      contactEmail: row.contactEmail,
      phone: '123',
      address: null,
      status: 'ACTIVE',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })
    const missing = await get(`${BASE}/${MISSING}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('not_found')
    expectValidation(await get(`${BASE}/not-a-uuid`), '/params/id')
  })

  it('answers 401 without a token and 403 forbidden to every other role', async () => {
    const row = await createServiceProvider(svc.deps.db)
    await expectRefusedToOthers((token) => get(`${BASE}/${row.id}`, token))
  })
})

describe('PUT /v1/admin/service-providers/:id', () => {
  it('changes only the fields sent, clears the ones sent as null, and audits before and after', async () => {
    const created = (await post(BASE, newProvider({ phone: 'P', address: 'A' }))).json()
    const name = tag('After ')
    const res = await put(created.id, { name, phone: null, contactEmail: 'new@example.com' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      ...created,
      name,
      phone: null,
      contactEmail: 'new@example.com',
      updatedAt: expect.stringMatching(ISO),
    })
    const update = (await auditRowsOf(svc.deps.db, created.id)).find(
      (r) => r.action === 'service_provider.update',
    )
    expect(update).toMatchObject({ actorId: admin.id, before: created, after: body })
  })

  it('answers 409 conflict when renamed to a taken name, changing nothing', async () => {
    const taken = (await post(BASE, newProvider())).json()
    const other = (await post(BASE, newProvider())).json()
    const res = await put(other.id, { name: taken.name.toLowerCase() })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
    expect((await get(`${BASE}/${other.id}`)).json().name).toBe(other.name)
  })

  it.each([
    ['an undeclared property', { nickname: 'x' }, '/body/nickname'],
    ['a null name', { name: null }, '/body/name'],
    ['a null contact e-mail', { contactEmail: null }, '/body/contactEmail'],
    ['an unknown status', { status: 'DELETED' }, '/body/status'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const row = await createServiceProvider(svc.deps.db)
    expectValidation(await put(row.id, payload), path)
  })

  it('answers 404 not_found for an unknown provider', async () => {
    const res = await put(MISSING, { name: 'X' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it('answers 401 without a token and 403 forbidden to every other role, changing nothing', async () => {
    const row = await createServiceProvider(svc.deps.db)
    await expectRefusedToOthers((token) => put(row.id, { status: 'SUSPENDED' }, token))
    expect((await get(`${BASE}/${row.id}`)).json()).toMatchObject({ name: row.name, status: 'ACTIVE' })
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantProducts, warranties } from '../../src/db/schema/index.js'
import {
  createGlobalProduct,
  createMerchantProduct,
  expectPagesOf7,
  ISO,
  insertWarranty,
  tag,
  UUID,
  validGtin,
  withWrongCheckDigit,
} from '../support/catalog-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let outsiders: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  const [admin, customer, provider] = await Promise.all([
    createUser(svc.deps, { role: 'ADMIN' }),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
  ])
  outsiders = [
    { label: 'admin', token: admin.token },
    { label: 'customer', token: customer.token },
    { label: 'service provider', token: provider.token },
  ]
})
afterAll(() => svc?.close())

const URL = '/v1/merchant/products'
const tenant = () => createMerchantWithUsers(svc.deps)
const post = (user: TestUser, payload: unknown) =>
  svc.request({ method: 'POST', url: URL, payload: payload as object, token: user.token })
const put = (user: TestUser, id: string, payload: unknown) =>
  svc.request({ method: 'PUT', url: `${URL}/${id}`, payload: payload as object, token: user.token })
const del = (user: TestUser, id: string) =>
  svc.request({ method: 'DELETE', url: `${URL}/${id}`, token: user.token })
const list = (user: TestUser, query = '') =>
  svc.request({ method: 'GET', url: `${URL}${query ? `?${query}` : ''}`, token: user.token })
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  merchantSku: tag('SKU-'),
  title: 'Espresso machine',
  ...overrides,
})
const rowOf = async (id: string) =>
  (await svc.deps.db.select().from(merchantProducts).where(eq(merchantProducts.id, id)))[0]

function expectValidation(
  res: { statusCode: number; json(): { error: string; details?: { path: string }[] } },
  path: string,
) {
  expect(res.statusCode).toBe(400)
  expect(res.json().error).toBe('validation_error')
  expect(res.json().details?.map((d) => d.path)).toContain(path)
}

function expectNotFound(res: { statusCode: number; json(): { error: string } }) {
  expect(res.statusCode).toBe(404)
  expect(res.json().error).toBe('not_found')
}

describe('POST /v1/merchant/products', () => {
  it('creates a product with every field, money as a JSON number', async () => {
    const t = await tenant()
    const global = await createGlobalProduct(svc.deps.db)
    const gtin = validGtin(12)
    const res = await post(t.owner, {
      merchantSku: 'ESP-100',
      title: 'Espresso machine',
      gtin,
      price: 349.99,
      warrantyDurationMonths: 24,
      globalProductId: global.id,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.stringMatching(UUID),
      merchantId: t.merchant.id,
      merchantSku: 'ESP-100',
      title: 'Espresso machine',
      gtin,
      price: 349.99,
      warrantyDurationMonths: 24,
      globalProductId: global.id,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
    expect(res.body).toContain('"price":349.99')
  })

  it('creates a product from merchantSku and title alone, as a merchant ADMIN', async () => {
    const t = await tenant()
    const res = await post(t.admin, { merchantSku: 'A', title: 'T' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      merchantSku: 'A',
      title: 'T',
      gtin: null,
      price: null,
      warrantyDurationMonths: null,
      globalProductId: null,
    })
  })

  it('answers 409 conflict for a SKU taken within the merchant; SKUs are case-sensitive and per merchant', async () => {
    const [a, b] = await Promise.all([tenant(), tenant()])
    expect((await post(a.owner, newProduct({ merchantSku: 'DUP-1' }))).statusCode).toBe(200)
    const dup = await post(a.admin, newProduct({ merchantSku: 'DUP-1' }))
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error).toBe('conflict')
    expect((await post(a.owner, newProduct({ merchantSku: 'dup-1' }))).statusCode).toBe(200)
    expect((await post(b.owner, newProduct({ merchantSku: 'DUP-1' }))).statusCode).toBe(200)
  })

  it('lets exactly one of two simultaneous creations of a SKU win', async () => {
    const t = await tenant()
    const results = await Promise.all([1, 2].map(() => post(t.owner, newProduct({ merchantSku: 'RACE' }))))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect((await list(t.owner)).json().items).toHaveLength(1)
  })

  it('answers 400 validation_error naming globalProductId when the global product does not exist', async () => {
    const t = await tenant()
    const res = await post(t.owner, newProduct({ globalProductId: '00000000-0000-4000-8000-000000000000' }))
    expectValidation(res, '/body/globalProductId')
    expect((await list(t.owner)).json().items).toEqual([])
  })

  it.each([
    ['an undeclared property', { stock: 3 }, '/body/stock'],
    ['an empty merchantSku', { merchantSku: '' }, '/body/merchantSku'],
    ['no merchantSku', { merchantSku: undefined }, '/body/merchantSku'],
    ['an empty title', { title: '' }, '/body/title'],
    ['no title', { title: undefined }, '/body/title'],
    ['price 0', { price: 0 }, '/body/price'],
    ['a negative price', { price: -5 }, '/body/price'],
    ['a price with 3 decimals', { price: 1.234 }, '/body/price'],
    ['a price as a string', { price: '10.00' }, '/body/price'],
    ['warrantyDurationMonths 1.5', { warrantyDurationMonths: 1.5 }, '/body/warrantyDurationMonths'],
    ['warrantyDurationMonths 0', { warrantyDurationMonths: 0 }, '/body/warrantyDurationMonths'],
    ['a GTIN with a wrong check digit', { gtin: withWrongCheckDigit(validGtin()) }, '/body/gtin'],
    ['a GTIN of 9 digits', { gtin: '123456789' }, '/body/gtin'],
    ['a globalProductId that is not a uuid', { globalProductId: 'g-1' }, '/body/globalProductId'],
    ['a null price (nullable on update only)', { price: null }, '/body/price'],
  ])('answers 400 validation_error for %s', async (_label, overrides, path) => {
    const t = await tenant()
    expectValidation(await post(t.owner, newProduct(overrides)), path)
  })

  it('answers 403 forbidden to a merchant USER, 401 without a token, 403 to other roles', async () => {
    const t = await tenant()
    const res = await post(t.user, newProduct())
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
    expect((await svc.request({ method: 'POST', url: URL, payload: newProduct() })).statusCode).toBe(401)
    for (const o of outsiders) {
      const r = await svc.request({ method: 'POST', url: URL, payload: newProduct(), token: o.token })
      expect(r.statusCode, o.label).toBe(403)
      expect(r.json().error).toBe('forbidden')
    }
    expect((await list(t.owner)).json().items).toEqual([])
  })
})

describe('GET /v1/merchant/products', () => {
  it('pages 7 products by 3, newest first, with no duplicates and no gaps', async () => {
    const t = await tenant()
    const created = []
    for (let i = 0; i < 7; i++) created.push((await post(t.owner, newProduct({ title: `P${i}` }))).json())
    await expectPagesOf7(svc, URL, t.user.token, created)
  })

  it('lets a merchant USER read', async () => {
    const t = await tenant()
    const created = (await post(t.owner, newProduct())).json()
    const res = await list(t.user)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ items: [created], nextCursor: null })
  })

  it('filters by title or SKU, case-insensitively, % matched literally', async () => {
    const t = await tenant()
    const a = (await post(t.owner, { merchantSku: 'KETTLE-01', title: 'Steel kettle' })).json()
    const b = (await post(t.owner, { merchantSku: 'TOAST-01', title: 'Toaster 100% steel' })).json()
    const c = (await post(t.owner, { merchantSku: 'LAMP-01', title: 'Desk lamp' })).json()
    const ids = async (q: string) =>
      (await list(t.owner, `q=${encodeURIComponent(q)}`)).json().items.map((i: { id: string }) => i.id)
    expect(await ids('STEEL')).toEqual([b.id, a.id])
    expect(await ids('lamp-0')).toEqual([c.id])
    expect(await ids('0%')).toEqual([b.id])
    expect(await ids('-01')).toEqual([c.id, b.id, a.id])
  })

  it("never shows another merchant's products", async () => {
    const [a, b] = await Promise.all([tenant(), tenant()])
    await post(a.owner, newProduct({ title: 'Secret of A' }))
    const own = (await post(b.owner, newProduct())).json()
    const res = await list(b.owner)
    expect(res.json()).toEqual({ items: [own], nextCursor: null })
    expect((await list(b.owner, 'q=Secret')).json().items).toEqual([])
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['cursor=garbage', '/querystring/cursor'],
    ['q=', '/querystring/q'],
    ['merchantId=00000000-0000-4000-8000-000000000000', '/querystring/merchantId'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    const t = await tenant()
    expectValidation(await list(t.owner, query), path)
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await svc.request({ method: 'GET', url: URL })).statusCode).toBe(401)
    for (const o of outsiders) {
      const r = await svc.request({ method: 'GET', url: URL, token: o.token })
      expect(r.statusCode, o.label).toBe(403)
      expect(r.json().error).toBe('forbidden')
    }
  })
})

describe('PUT /v1/merchant/products/:id', () => {
  it('changes only the fields sent and clears the nullable ones sent as null', async () => {
    const t = await tenant()
    const global = await createGlobalProduct(svc.deps.db)
    const created = (
      await post(
        t.owner,
        newProduct({ gtin: validGtin(), price: 10, warrantyDurationMonths: 12, globalProductId: global.id }),
      )
    ).json()
    const res = await put(t.admin, created.id, {
      title: 'Renamed',
      price: 12.5,
      gtin: null,
      globalProductId: null,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      ...created,
      title: 'Renamed',
      price: 12.5,
      gtin: null,
      globalProductId: null,
      updatedAt: expect.stringMatching(ISO),
    })
    const cleared = (await put(t.owner, created.id, { price: null, warrantyDurationMonths: null })).json()
    expect(cleared).toMatchObject({ price: null, warrantyDurationMonths: null, title: 'Renamed' })
    expect((await list(t.owner)).json().items).toEqual([cleared])
  })

  it('answers 409 conflict for a SKU taken by another product of the merchant', async () => {
    const t = await tenant()
    await post(t.owner, newProduct({ merchantSku: 'TAKEN' }))
    const other = (await post(t.owner, newProduct())).json()
    const res = await put(t.owner, other.id, { merchantSku: 'TAKEN' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
  })

  it('answers 400 naming globalProductId for an unknown global product', async () => {
    const t = await tenant()
    const created = (await post(t.owner, newProduct())).json()
    expectValidation(
      await put(t.owner, created.id, { globalProductId: '00000000-0000-4000-8000-000000000000' }),
      '/body/globalProductId',
    )
  })

  it.each([
    ['an undeclared property', { merchantId: '00000000-0000-4000-8000-000000000000' }, '/body/merchantId'],
    ['a null title', { title: null }, '/body/title'],
    ['a null merchantSku', { merchantSku: null }, '/body/merchantSku'],
    ['price 0', { price: 0 }, '/body/price'],
    ['warrantyDurationMonths 1.5', { warrantyDurationMonths: 1.5 }, '/body/warrantyDurationMonths'],
    ['a GTIN with a wrong check digit', { gtin: withWrongCheckDigit(validGtin(8)) }, '/body/gtin'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const t = await tenant()
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id)
    expectValidation(await put(t.owner, row.id, payload), path)
  })

  it('answers 404 not_found for a non-uuid id, an unknown id and a deleted product', async () => {
    const t = await tenant()
    expectNotFound(await put(t.owner, 'not-a-uuid', { title: 'X' }))
    expectNotFound(await put(t.owner, '00000000-0000-4000-8000-000000000000', { title: 'X' }))
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id)
    expect((await del(t.owner, row.id)).statusCode).toBe(200)
    expectNotFound(await put(t.owner, row.id, { title: 'X' }))
  })

  it('answers 403 forbidden to a merchant USER and changes nothing', async () => {
    const t = await tenant()
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id, { title: 'Same' })
    const res = await put(t.user, row.id, { title: 'Changed' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
    expect((await rowOf(row.id))?.title).toBe('Same')
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    const t = await tenant()
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id)
    const url = `${URL}/${row.id}`
    expect((await svc.request({ method: 'PUT', url, payload: { title: 'X' } })).statusCode).toBe(401)
    for (const o of outsiders) {
      const r = await svc.request({ method: 'PUT', url, payload: { title: 'X' }, token: o.token })
      expect(r.statusCode, o.label).toBe(403)
    }
  })
})

describe('DELETE /v1/merchant/products/:id', () => {
  it('removes a product from the list, frees its SKU and answers 404 afterwards', async () => {
    const t = await tenant()
    const created = (await post(t.owner, newProduct({ merchantSku: 'REUSE' }))).json()
    const res = await del(t.admin, created.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ deleted: true, id: created.id })
    expect((await list(t.owner)).json().items).toEqual([])
    expectNotFound(await del(t.owner, created.id))
    const reused = await post(t.owner, newProduct({ merchantSku: 'REUSE' }))
    expect(reused.statusCode).toBe(200)
    expect(reused.json().id).not.toBe(created.id)
  })

  it('keeps a product that has warranties (soft delete): the warranty still points at it', async () => {
    const t = await tenant()
    const created = (await post(t.owner, newProduct({ merchantSku: 'WARRANTED', price: 99 }))).json()
    const warranty = await insertWarranty(svc.deps.db, {
      merchantId: t.merchant.id,
      merchantProductId: created.id,
    })
    expect((await del(t.owner, created.id)).statusCode).toBe(200)

    const row = await rowOf(created.id)
    expect(row).toMatchObject({ id: created.id, merchantSku: 'WARRANTED', title: created.title, price: 99 })
    expect(row?.deletedAt).toBeInstanceOf(Date)
    const [w] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, warranty.id))
    expect(w?.merchantProductId).toBe(created.id)
    expect((await list(t.owner)).json().items).toEqual([])
    expect((await post(t.owner, newProduct({ merchantSku: 'WARRANTED' }))).statusCode).toBe(200)
  })

  it('answers 404 not_found for a non-uuid id and an unknown id', async () => {
    const t = await tenant()
    expectNotFound(await del(t.owner, 'not-a-uuid'))
    expectNotFound(await del(t.owner, '00000000-0000-4000-8000-000000000000'))
  })

  it('answers 403 forbidden to a merchant USER and keeps the product', async () => {
    const t = await tenant()
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id)
    const res = await del(t.user, row.id)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
    expect((await rowOf(row.id))?.deletedAt).toBeNull()
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    const t = await tenant()
    const row = await createMerchantProduct(svc.deps.db, t.merchant.id)
    expect((await svc.request({ method: 'DELETE', url: `${URL}/${row.id}` })).statusCode).toBe(401)
    for (const o of outsiders) {
      const r = await svc.request({ method: 'DELETE', url: `${URL}/${row.id}`, token: o.token })
      expect(r.statusCode, o.label).toBe(403)
    }
    expect((await rowOf(row.id))?.deletedAt).toBeNull()
  })
})

describe('tenant isolation', () => {
  it("answers 404 to merchant B on every route for each of A's products, changing nothing", async () => {
    const [a, b] = await Promise.all([tenant(), tenant()])
    const products = await Promise.all([
      createMerchantProduct(svc.deps.db, a.merchant.id, { title: 'A1' }),
      createMerchantProduct(svc.deps.db, a.merchant.id, { title: 'A2' }),
    ])
    for (const p of products) {
      for (const user of [b.owner, b.admin]) {
        expectNotFound(await put(user, p.id, { title: 'Hijacked' }))
        expectNotFound(await del(user, p.id))
      }
      expect(await rowOf(p.id)).toMatchObject({ title: p.title, deletedAt: null })
    }
    expect((await list(b.owner)).json().items).toEqual([])
    expect((await list(b.user)).json().items).toEqual([])
    expect(
      (await list(a.user))
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual(products.map((p) => p.id).sort())
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { globalProducts, merchantProducts, warranties } from '../../src/db/schema/index.js'
import {
  adminAndOthers,
  auditRowsOf,
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
import { createMerchantWithUsers, type TestUser } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'

let svc: TestService
let admin: TestUser
let others: { label: string; token: string }[]

beforeAll(async () => {
  svc = await createTestService()
  ;({ admin, others } = await adminAndOthers(svc))
})
afterAll(() => svc?.close())

/** Resolves once another transaction waits for a lock. */
async function untilLockWaiter(): Promise<void> {
  await waitFor(async () => {
    const result = (await svc.deps.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] }
    return result.rows.length > 0
  })
}

const ADMIN_URL = '/v1/admin/global-products'
const PUBLIC_URL = '/v1/global/products'
const post = (payload: unknown, token = admin.token) =>
  svc.request({ method: 'POST', url: ADMIN_URL, payload: payload as object, token })
const put = (id: string, payload: unknown, token = admin.token) =>
  svc.request({ method: 'PUT', url: `${ADMIN_URL}/${id}`, payload: payload as object, token })
const del = (id: string, token = admin.token) =>
  svc.request({ method: 'DELETE', url: `${ADMIN_URL}/${id}`, token })
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  brand: `Brand ${tag()}`,
  model: 'X100',
  category: 'Audio',
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

describe('POST /v1/admin/global-products', () => {
  it('creates a product with every field', async () => {
    const gtin = validGtin(13)
    const res = await post({
      brand: 'Sony',
      model: 'WH-1000XM5',
      category: 'Headphones',
      gtin,
      imageUrl: 'https://img.example.com/wh.png',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.stringMatching(UUID),
      brand: 'Sony',
      model: 'WH-1000XM5',
      category: 'Headphones',
      gtin,
      imageUrl: 'https://img.example.com/wh.png',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })
  })

  it.each([8, 12, 13, 14] as const)(
    'accepts a GTIN of %i digits with a correct check digit',
    async (length) => {
      const gtin = validGtin(length)
      const res = await post(newProduct({ gtin }))
      expect(res.statusCode).toBe(200)
      expect(res.json().gtin).toBe(gtin)
    },
  )

  it('accepts well-known GTINs', async () => {
    for (const gtin of ['4006381333931', '96385074', '036000291452', '10614141000415']) {
      await svc.deps.db.delete(globalProducts).where(eq(globalProducts.gtin, gtin))
      const res = await post(newProduct({ gtin }))
      expect(res.statusCode, gtin).toBe(200)
    }
  })

  it('creates a product without gtin and imageUrl', async () => {
    const res = await post(newProduct())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ gtin: null, imageUrl: null, model: 'X100', category: 'Audio' })
  })

  it('records one audit row with the created product', async () => {
    const created = (await post(newProduct())).json()
    const rows = await auditRowsOf(svc.deps.db, created.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'global_product.create',
      targetType: 'global_product',
      actorId: admin.id,
      before: null,
      after: created,
    })
  })

  it('answers 409 conflict for a GTIN already in the catalogue', async () => {
    const gtin = validGtin()
    expect((await post(newProduct({ gtin }))).statusCode).toBe(200)
    const res = await post(newProduct({ gtin }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
  })

  it('lets exactly one of two simultaneous creations with one GTIN win', async () => {
    const gtin = validGtin(14)
    const results = await Promise.all([post(newProduct({ gtin })), post(newProduct({ gtin }))])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const won = results.find((r) => r.statusCode === 200)!.json()
    const lost = results.find((r) => r.statusCode === 409)!.json()
    expect(lost).toEqual({ error: 'conflict', message: 'A global product with this GTIN already exists' })
    const rows = await svc.deps.db.select().from(globalProducts).where(eq(globalProducts.gtin, gtin))
    expect(rows.map((r) => r.id)).toEqual([won.id])
  })

  it.each([
    ['an undeclared property', { color: 'red' }, '/body/color'],
    ['an empty brand', { brand: '' }, '/body/brand'],
    ['an empty model', { model: '' }, '/body/model'],
    ['no category', { category: undefined }, '/body/category'],
    ['a GTIN with a wrong check digit', { gtin: withWrongCheckDigit(validGtin()) }, '/body/gtin'],
    ['a GTIN of 10 digits', { gtin: '1234567890' }, '/body/gtin'],
    ['a GTIN with letters', { gtin: '40063813339AB' }, '/body/gtin'],
    ['a null GTIN (nullable on update only)', { gtin: null }, '/body/gtin'],
    ['an imageUrl that is not a URI', { imageUrl: 'not a uri' }, '/body/imageUrl'],
    ['a javascript: imageUrl', { imageUrl: 'javascript:alert(1)' }, '/body/imageUrl'],
  ])('answers 400 validation_error for %s', async (_label, overrides, path) => {
    expectValidation(await post(newProduct(overrides)), path)
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    expect((await svc.request({ method: 'POST', url: ADMIN_URL, payload: newProduct() })).statusCode).toBe(
      401,
    )
    for (const other of others) {
      const res = await post(newProduct(), other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('PUT /v1/admin/global-products/:id', () => {
  it('changes only the fields sent and clears gtin and imageUrl sent as null', async () => {
    const created = (
      await post(newProduct({ gtin: validGtin(), imageUrl: 'https://img.example.com/a.png' }))
    ).json()
    const res = await put(created.id, { model: 'X200', gtin: null, imageUrl: null })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ...created,
      model: 'X200',
      gtin: null,
      imageUrl: null,
      updatedAt: expect.stringMatching(ISO),
    })
    const gtin = validGtin(8)
    expect((await put(created.id, { gtin })).json()).toMatchObject({ gtin, model: 'X200' })
  })

  it('records one audit row with the product before and after', async () => {
    const created = (await post(newProduct())).json()
    const updated = (await put(created.id, { category: 'Speakers' })).json()
    const rows = (await auditRowsOf(svc.deps.db, created.id)).filter(
      (r) => r.action === 'global_product.update',
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ before: created, after: updated })
  })

  it("answers 409 conflict for another product's GTIN, and keeps its own", async () => {
    const taken = validGtin()
    await post(newProduct({ gtin: taken }))
    const own = validGtin()
    const created = (await post(newProduct({ gtin: own }))).json()
    const res = await put(created.id, { gtin: taken })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
    expect((await put(created.id, { gtin: own })).statusCode).toBe(200)
  })

  it.each([
    ['an undeclared property', { color: 'red' }, '/body/color'],
    ['a null brand', { brand: null }, '/body/brand'],
    ['an empty category', { category: '' }, '/body/category'],
    ['a GTIN with a wrong check digit', { gtin: withWrongCheckDigit(validGtin(14)) }, '/body/gtin'],
    ['an imageUrl that is not a URI', { imageUrl: 'x' }, '/body/imageUrl'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const row = await createGlobalProduct(svc.deps.db)
    expectValidation(await put(row.id, payload), path)
  })

  it('answers 404 not_found for an unknown id and 400 for a malformed one', async () => {
    const res = await put('00000000-0000-4000-8000-000000000000', { model: 'Y' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
    expectValidation(await put('abc', { model: 'Y' }), '/params/id')
  })

  it('answers 401 without a token and 403 to every other role', async () => {
    const row = await createGlobalProduct(svc.deps.db)
    const anonymous = await svc.request({
      method: 'PUT',
      url: `${ADMIN_URL}/${row.id}`,
      payload: { model: 'Y' },
    })
    expect(anonymous.statusCode).toBe(401)
    for (const other of others) {
      const res = await put(row.id, { model: 'Y' }, other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })
})

describe('DELETE /v1/admin/global-products/:id', () => {
  it('deletes an unreferenced product', async () => {
    const created = (await post(newProduct())).json()
    const res = await del(created.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      deleted: true,
      id: created.id,
      unlinkedMerchantProducts: 0,
    })
    const list = (
      await svc.request({ method: 'GET', url: `${PUBLIC_URL}?brand=${encodeURIComponent(created.brand)}` })
    ).json()
    expect(list.items).toEqual([])
    const again = await del(created.id)
    expect(again.statusCode).toBe(404)
    expect(again.json().error).toBe('not_found')
  })

  it('unlinks merchant products that refer to it, keeping the rows', async () => {
    const { merchant } = await createMerchantWithUsers(svc.deps)
    const product = await createGlobalProduct(svc.deps.db)
    const mp = await createMerchantProduct(svc.deps.db, merchant.id, {
      globalProductId: product.id,
      title: 'Kept',
    })
    const res = await del(product.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      deleted: true,
      id: product.id,
      unlinkedMerchantProducts: 1,
    })
    const [mpAfter] = await svc.deps.db.select().from(merchantProducts).where(eq(merchantProducts.id, mp.id))
    expect(mpAfter).toMatchObject({ title: 'Kept', globalProductId: null, deletedAt: null })
  })

  it('answers 409 conflict for a product that warranties reference, changing and auditing nothing', async () => {
    const { merchant } = await createMerchantWithUsers(svc.deps)
    const product = await createGlobalProduct(svc.deps.db)
    const mp = await createMerchantProduct(svc.deps.db, merchant.id, { globalProductId: product.id })
    // Referenced by the warranty only (its merchant product names no global product): still 409.
    const direct = await createGlobalProduct(svc.deps.db)
    const cases = [
      { product, warranty: { merchantProductId: mp.id, globalProductId: product.id } },
      { product: direct, warranty: { globalProductId: direct.id } },
    ]
    for (const { product: target, warranty } of cases) {
      const w = await insertWarranty(svc.deps.db, { merchantId: merchant.id, ...warranty })
      // An expired warranty still has its certificate: it counts too.
      await insertWarranty(svc.deps.db, {
        merchantId: merchant.id,
        globalProductId: target.id,
        expiresAt: new Date('2020-01-01T00:00:00Z'),
      })
      const res = await del(target.id)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        error: 'conflict',
        message: 'Warranties reference this global product: it cannot be deleted while they do',
      })
      expect(
        await svc.deps.db.select().from(globalProducts).where(eq(globalProducts.id, target.id)),
      ).toHaveLength(1)
      const [wAfter] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, w.id))
      expect(wAfter?.globalProductId).toBe(target.id)
      const deletes = (await auditRowsOf(svc.deps.db, target.id)).filter(
        (r) => r.action === 'global_product.delete',
      )
      expect(deletes).toEqual([])
    }
    const [mpAfter] = await svc.deps.db.select().from(merchantProducts).where(eq(merchantProducts.id, mp.id))
    expect(mpAfter?.globalProductId).toBe(product.id)
  })

  it('sees a warranty committed while the delete waited for the product: 409, the link kept', async () => {
    const { merchant } = await createMerchantWithUsers(svc.deps)
    const product = await createGlobalProduct(svc.deps.db)
    let pending: ReturnType<typeof del> | undefined
    const [w] = await svc.deps.db.transaction(async (tx) => {
      // The insert's foreign-key check holds a key-share lock on the product until commit.
      const rows = await tx
        .insert(warranties)
        .values({
          merchantId: merchant.id,
          globalProductId: product.id,
          warrantyCode: `WR-${tag().toUpperCase()}`,
          serialNumber: `SN-${tag()}`,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning()
      pending = del(product.id)
      await untilLockWaiter()
      return rows
    })
    const res = await pending!
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('conflict')
    const [after] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, w!.id))
    expect(after?.globalProductId).toBe(product.id)
    expect(
      await svc.deps.db.select().from(globalProducts).where(eq(globalProducts.id, product.id)),
    ).toHaveLength(1)
  })

  it('records one audit row keeping the deleted product', async () => {
    const created = (await post(newProduct({ gtin: validGtin() }))).json()
    await del(created.id)
    const rows = (await auditRowsOf(svc.deps.db, created.id)).filter(
      (r) => r.action === 'global_product.delete',
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      before: created,
      after: null,
      targetType: 'global_product',
    })
  })

  it('answers 404 not_found for an unknown id and 400 for a malformed one', async () => {
    const res = await del('00000000-0000-4000-8000-000000000000')
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
    expectValidation(await del('abc'), '/params/id')
  })

  it('answers 401 without a token and 403 to every other role, deleting nothing', async () => {
    const row = await createGlobalProduct(svc.deps.db)
    expect((await svc.request({ method: 'DELETE', url: `${ADMIN_URL}/${row.id}` })).statusCode).toBe(401)
    for (const other of others) {
      const res = await del(row.id, other.token)
      expect(res.statusCode, other.label).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
    expect(await svc.deps.db.select().from(globalProducts).where(eq(globalProducts.id, row.id))).toHaveLength(
      1,
    )
  })
})

describe.each([
  ['GET /v1/admin/global-products', ADMIN_URL, true],
  ['GET /v1/global/products', PUBLIC_URL, false],
])('%s', (_name, url, needsAdmin) => {
  const list = (query: string) =>
    svc.request({ method: 'GET', url: `${url}?${query}`, ...(needsAdmin ? { token: admin.token } : {}) })

  it('pages 7 products by 3, newest first, with no duplicates and no gaps', async () => {
    const brand = tag('Pager')
    const created = []
    for (let i = 0; i < 7; i++) created.push((await post(newProduct({ brand, model: `M${i}` }))).json())
    await expectPagesOf7(svc, `${url}?brand=${brand}`, needsAdmin ? admin.token : undefined, created)
  })

  it('filters by brand, model and category: contains, case-insensitive, combined', async () => {
    const label = tag('F')
    const a = (
      await post({ brand: `${label} Acme`, model: 'Turbo 3000', category: 'Kitchen Blenders' })
    ).json()
    const b = (await post({ brand: `${label} Acme`, model: 'Mini 10', category: 'Kitchen Blenders' })).json()
    const c = (await post({ brand: `${label} Other`, model: 'Turbo 9', category: 'Garden' })).json()
    const ids = async (query: string, brand = label) => {
      const res = await list(`brand=${brand}&${query}`)
      expect(res.statusCode).toBe(200)
      return res.json().items.map((i: { id: string }) => i.id)
    }
    expect(await ids('model=TURBO')).toEqual([c.id, a.id])
    expect(await ids('category=blend')).toEqual([b.id, a.id])
    expect(await ids('model=turbo&category=kitchen')).toEqual([a.id])
    expect(await ids('category=KITCHEN', `${label.toUpperCase()}%20acme`)).toEqual([b.id, a.id])
    expect(await ids('model=nothing-like-this')).toEqual([])
    expect((await list(`brand=${label}&model=turbo`)).json().items[0]).toEqual(c)
  })

  it('matches % and _ literally', async () => {
    const label = tag('L')
    const percent = (await post(newProduct({ brand: `${label}`, model: '50%_off' }))).json()
    await post(newProduct({ brand: `${label}`, model: '500 offX' }))
    const res = await list(`brand=${label}&model=${encodeURIComponent('0%_')}`)
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([percent.id])
    const underscore = await list(`brand=${label}&model=_`)
    expect(underscore.json().items.map((i: { id: string }) => i.id)).toEqual([percent.id])
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['cursor=garbage', '/querystring/cursor'],
    ['brand=', '/querystring/brand'],
    ['model=', '/querystring/model'],
    ['category=', '/querystring/category'],
    ['gtin=123', '/querystring/gtin'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    expectValidation(await list(query), path)
  })

  if (needsAdmin) {
    it('answers 401 without a token and 403 to every other role', async () => {
      expect((await svc.request({ method: 'GET', url })).statusCode).toBe(401)
      for (const other of others) {
        const res = await svc.request({ method: 'GET', url, token: other.token })
        expect(res.statusCode, other.label).toBe(403)
        expect(res.json().error).toBe('forbidden')
      }
    })
  } else {
    it('answers anyone, with or without a token', async () => {
      const brand = tag('Pub')
      const created = (await post(newProduct({ brand }))).json()
      for (const token of [undefined, ...others.map((o) => o.token)]) {
        const res = await svc.request({
          method: 'GET',
          url: `${url}?brand=${brand}`,
          ...(token ? { token } : {}),
        })
        expect(res.statusCode).toBe(200)
        expect(res.json()).toEqual({ items: [created], nextCursor: null })
      }
    })
  }
})

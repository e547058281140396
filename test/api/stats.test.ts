import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import {
  createGlobalProduct,
  createMerchantProduct,
  daysFromNow,
  ISO,
  insertWarranty,
} from '../support/catalog-factories.js'
import { createMerchant, createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser

beforeAll(async () => {
  svc = await createTestService()
  admin = await createUser(svc.deps, { role: 'ADMIN' })
})
afterAll(() => svc?.close())

const get = (url: string, token?: string) => svc.request({ method: 'GET', url, ...(token ? { token } : {}) })

/** A known set of warranties of one merchant: 5 rows, every counter exercised. */
async function seedWarranties(merchantId: string, merchantProductId: string | null = null) {
  const rows = [
    { expiresAt: daysFromNow(10), claimedAt: daysFromNow(-1), mintStatus: 'MINTED' as const },
    { expiresAt: daysFromNow(60), mintStatus: 'PENDING' as const },
    { expiresAt: daysFromNow(-5), mintStatus: 'FAILED' as const },
    { expiresAt: daysFromNow(29), mintStatus: 'MINTING' as const },
    { expiresAt: daysFromNow(-1), claimedAt: daysFromNow(-30), mintStatus: 'MINTED' as const },
  ]
  for (const row of rows) await insertWarranty(svc.deps.db, { merchantId, merchantProductId, ...row })
}

describe('GET /v1/merchant/stats', () => {
  it("counts exactly the caller's merchant's products, warranties and mints", async () => {
    const [t, other] = await Promise.all([
      createMerchantWithUsers(svc.deps),
      createMerchantWithUsers(svc.deps),
    ])
    const products = await Promise.all([1, 2, 3].map(() => createMerchantProduct(svc.deps.db, t.merchant.id)))
    await svc.request({
      method: 'DELETE',
      url: `/v1/merchant/products/${products[0]!.id}`,
      token: t.owner.token,
    })
    await seedWarranties(t.merchant.id, products[1]!.id)
    // Another merchant's data never counts.
    await createMerchantProduct(svc.deps.db, other.merchant.id)
    await seedWarranties(other.merchant.id)

    const res = await get('/v1/merchant/stats', t.user.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      products: 2,
      warranties: { total: 5, active: 3, expired: 2, claimed: 2, expiringIn30Days: 2 },
      mints: { PENDING: 1, MINTING: 1, MINTED: 2, FAILED: 1 },
      issuedPerDay: expect.any(Array),
      generatedAt: expect.stringMatching(ISO),
    })
  })

  it('counts warranties issued per UTC day over the last 30 days, zero-filled, oldest first', async () => {
    const t = await createMerchantWithUsers(svc.deps)
    const other = await createMerchantWithUsers(svc.deps)
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000)
    const created = [0, 0, 2, 29, 30, 45]
    for (const ago of created) {
      const w = await insertWarranty(svc.deps.db, { merchantId: t.merchant.id })
      await svc.deps.db
        .update(warranties)
        .set({ createdAt: day(ago) })
        .where(eq(warranties.id, w.id))
    }
    await insertWarranty(svc.deps.db, { merchantId: other.merchant.id })

    const body = (await get('/v1/merchant/stats', t.user.token)).json()
    const series = body.issuedPerDay as { date: string; count: number }[]
    expect(series).toHaveLength(30)
    const utcDay = (ago: number) => day(ago).toISOString().slice(0, 10)
    expect(series.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => utcDay(29 - i)))
    const byDate = Object.fromEntries(series.map((d) => [d.date, d.count]))
    expect(byDate[utcDay(0)]).toBe(2)
    expect(byDate[utcDay(2)]).toBe(1)
    expect(byDate[utcDay(29)]).toBe(1)
    expect(series.reduce((n, d) => n + d.count, 0)).toBe(4)
    expect(body.warranties.total).toBe(6)
  })

  it('answers zeros, every mint status present, for a merchant without data', async () => {
    const t = await createMerchantWithUsers(svc.deps)
    const res = await get('/v1/merchant/stats', t.owner.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      products: 0,
      warranties: { total: 0, active: 0, expired: 0, claimed: 0, expiringIn30Days: 0 },
      mints: { PENDING: 0, MINTING: 0, MINTED: 0, FAILED: 0 },
      issuedPerDay: Array.from({ length: 30 }, (_, i) => ({
        date: new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10),
        count: 0,
      })),
      generatedAt: expect.stringMatching(ISO),
    })
  })

  it('answers every merchant role', async () => {
    const t = await createMerchantWithUsers(svc.deps)
    for (const user of [t.owner, t.admin, t.user])
      expect((await get('/v1/merchant/stats', user.token)).statusCode).toBe(200)
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    const res = await get('/v1/merchant/stats')
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toBe('unauthorized')
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const provider = await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    for (const token of [admin.token, customer.token, provider.token]) {
      const r = await get('/v1/merchant/stats', token)
      expect(r.statusCode).toBe(403)
      expect(r.json().error).toBe('forbidden')
    }
  })
})

describe('GET /v1/admin/stats', () => {
  it('counts exactly what was added: merchants, users, catalogue, warranties and mints', async () => {
    const before = (await get('/v1/admin/stats', admin.token)).json()

    const active = await createMerchantWithUsers(svc.deps) // 1 merchant, 3 merchant users
    await createMerchant(svc.deps.db, { status: 'SUSPENDED' })
    await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    await createUser(svc.deps, { role: 'SERVICE_PROVIDER' })
    await createUser(svc.deps, { role: 'ADMIN' })
    await createGlobalProduct(svc.deps.db)
    const products = await Promise.all(
      [1, 2].map(() => createMerchantProduct(svc.deps.db, active.merchant.id)),
    )
    await createMerchantProduct(svc.deps.db, active.merchant.id, { deletedAt: new Date() })
    await seedWarranties(active.merchant.id, products[0]!.id)

    const res = await get('/v1/admin/stats', admin.token)
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after.generatedAt).toMatch(ISO)
    const delta = (path: string) => {
      const read = (o: unknown) =>
        path.split('.').reduce((v, k) => (v as Record<string, unknown>)[k], o) as number
      return read(after) - read(before)
    }
    const expected: Record<string, number> = {
      'merchants.total': 2,
      'merchants.byStatus.ACTIVE': 1,
      'merchants.byStatus.SUSPENDED': 1,
      'users.total': 7,
      'users.byRole.ADMIN': 1,
      'users.byRole.MERCHANT_USER': 3,
      'users.byRole.CUSTOMER': 2,
      'users.byRole.SERVICE_PROVIDER': 1,
      customers: 2,
      globalProducts: 1,
      merchantProducts: 2,
      'warranties.total': 5,
      'warranties.active': 3,
      'warranties.expired': 2,
      'warranties.claimed': 2,
      'mints.PENDING': 1,
      'mints.MINTING': 1,
      'mints.MINTED': 2,
      'mints.FAILED': 1,
    }
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, delta(k)]))).toEqual(expected)
    // Totals agree with their parts.
    expect(after.merchants.total).toBe(after.merchants.byStatus.ACTIVE + after.merchants.byStatus.SUSPENDED)
    expect(after.users.total).toBe(
      Object.values(after.users.byRole as Record<string, number>).reduce((a, b) => a + b),
    )
    expect(after.customers).toBe(after.users.byRole.CUSTOMER)
    expect(after.warranties.total).toBe(after.warranties.active + after.warranties.expired)
    expect(Object.keys(after).sort()).toEqual([
      'customers',
      'generatedAt',
      'globalProducts',
      'merchantProducts',
      'merchants',
      'mints',
      'users',
      'warranties',
    ])
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await get('/v1/admin/stats')).statusCode).toBe(401)
    const t = await createMerchantWithUsers(svc.deps)
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    for (const token of [t.owner.token, t.user.token, customer.token]) {
      const r = await get('/v1/admin/stats', token)
      expect(r.statusCode).toBe(403)
      expect(r.json().error).toBe('forbidden')
    }
  })
})

import { eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantWarrantyDays, warranties } from '../../src/db/schema/index.js'
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

/** The merchant's counters and day counts straight from its warranties (what the triggers maintain). */
async function recount(merchantId: string) {
  const db = svc.deps.db
  const n = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: n(sql`${warranties.expiresAt} > now()`),
      expired: n(sql`${warranties.expiresAt} <= now()`),
      claimed: n(sql`${warranties.claimedAt} is not null`),
      expiringIn30Days: n(
        sql`${warranties.expiresAt} > now() and ${warranties.expiresAt} <= now() + interval '30 days'`,
      ),
      PENDING: n(sql`${warranties.mintStatus} = 'PENDING'`),
      MINTING: n(sql`${warranties.mintStatus} = 'MINTING'`),
      MINTED: n(sql`${warranties.mintStatus} = 'MINTED'`),
      FAILED: n(sql`${warranties.mintStatus} = 'FAILED'`),
    })
    .from(warranties)
    .where(eq(warranties.merchantId, merchantId))
  const byDay = (column: AnyPgColumn) =>
    db
      .select({
        day: sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(warranties)
      .where(eq(warranties.merchantId, merchantId))
      .groupBy(sql`1`)
  return { row, issued: await byDay(warranties.createdAt), expiring: await byDay(warranties.expiresAt) }
}

/** The maintained day counts of the merchant, deltas and compacted rows summed. */
async function maintainedDays(merchantId: string, column: 'issued' | 'expiring') {
  const d = merchantWarrantyDays
  return svc.deps.db
    .select({ day: d.day, n: sql<number>`sum(${d[column]})`.mapWith(Number) })
    .from(d)
    .where(eq(d.merchantId, merchantId))
    .groupBy(d.day)
    .having(sql`sum(${d[column]}) <> 0`)
}

const sorted = (rows: { day: string; n: number }[]) => [...rows].sort((a, b) => a.day.localeCompare(b.day))

describe('maintained merchant counts', () => {
  it('equal a full recount after issues, expiry changes, claims, mint changes and deletions', async () => {
    const t = await createMerchantWithUsers(svc.deps)
    const other = await createMerchantWithUsers(svc.deps)
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000)
    const check = async () => {
      const { row, issued, expiring } = await recount(t.merchant.id)
      expect(sorted(await maintainedDays(t.merchant.id, 'issued'))).toEqual(sorted(issued))
      expect(sorted(await maintainedDays(t.merchant.id, 'expiring'))).toEqual(sorted(expiring))
      const body = (await get('/v1/merchant/stats', t.user.token)).json()
      const { PENDING, MINTING, MINTED, FAILED, ...counts } = row!
      expect(body.warranties).toEqual(counts)
      expect(body.mints).toEqual({ PENDING, MINTING, MINTED, FAILED })
      expect(body.issuedPerDay.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(
        issued.filter((d) => d.day >= body.issuedPerDay[0].date).reduce((a, d) => a + d.n, 0),
      )
      return counts
    }

    // Issued through the API (one statement for the batch), and straight to the table at the
    // edges of today and of day 30.
    const bulk = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/bulk',
      token: t.owner.token,
      payload: {
        items: [5, 40, 400, -3].map((days, i) => ({
          serialNumber: `STATS-${i}-${Date.now()}`,
          expiresAt: daysFromNow(days).toISOString(),
        })),
      },
    })
    expect(bulk.statusCode).toBe(200)
    expect(bulk.json()).toMatchObject({ created: 4, failed: 0 })
    const ids = (bulk.json().items as { warranty: { id: string } }[]).map((r) => r.warranty.id)
    const edges = [0.2, -0.2, 30 * 24 - 0.2, 30 * 24 + 0.2, 29 * 24, 31 * 24]
    const direct = []
    for (const h of edges)
      direct.push(await insertWarranty(svc.deps.db, { merchantId: t.merchant.id, expiresAt: hours(h) }))
    await insertWarranty(svc.deps.db, { merchantId: other.merchant.id, expiresAt: hours(0.2) })
    expect((await check()).total).toBe(10)

    // Expiry changes through service history: an extension and a replacement with a new expiry.
    const event = (id: string, payload: object) =>
      svc.request({
        method: 'POST',
        url: `/v1/merchant/warranties/${id}/events`,
        token: t.owner.token,
        payload,
      })
    expect(
      (
        await event(ids[0]!, {
          kind: 'EXTENDED',
          description: 'goodwill',
          expiresAt: daysFromNow(90).toISOString(),
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await event(direct[1]!.id, {
          kind: 'REPLACED',
          description: 'swap',
          serialNumber: `STATS-R-${Date.now()}`,
          expiresAt: hours(24 * 30 - 1).toISOString(),
        })
      ).statusCode,
    ).toBe(201)
    await check()

    // Claims, mint status changes, an update of nothing counted, a moved issue day, deletions.
    await svc.deps.db
      .update(warranties)
      .set({ claimedAt: new Date() })
      .where(inArray(warranties.id, [ids[1]!, direct[0]!.id]))
    await svc.deps.db
      .update(warranties)
      .set({ mintStatus: 'MINTING' })
      .where(eq(warranties.merchantId, t.merchant.id))
    await svc.deps.db
      .update(warranties)
      .set({ mintStatus: 'MINTED' })
      .where(inArray(warranties.id, [ids[2]!, direct[2]!.id]))
    await svc.deps.db.update(warranties).set({ mintStatus: 'FAILED' }).where(eq(warranties.id, ids[3]!))
    await svc.deps.db
      .update(warranties)
      .set({ customerName: 'Nobody' })
      .where(eq(warranties.merchantId, t.merchant.id))
    await svc.deps.db
      .update(warranties)
      .set({ createdAt: daysFromNow(-3) })
      .where(eq(warranties.id, direct[3]!.id))
    await check()
    await svc.deps.db.delete(warranties).where(inArray(warranties.id, [direct[4]!.id, ids[1]!]))
    const counts = await check()
    expect(counts.total).toBe(8)
    expect(counts.claimed).toBe(1)
    // Read twice more: compacted rows alone answer the same.
    expect(await check()).toEqual(counts)
    const d = merchantWarrantyDays
    const deltas = await svc.deps.db
      .select({ day: d.day })
      .from(d)
      .where(sql`${d.merchantId} = ${t.merchant.id} and not ${d.compacted}`)
    expect(deltas).toEqual([])
  })
})

describe('the periodic fold of day counts', () => {
  it('folds the deltas of merchants who never read their statistics, and the counts stay exact', async () => {
    const quiet = await createMerchant(svc.deps.db)
    await seedWarranties(quiet.id)
    const d = merchantWarrantyDays
    const deltasOf = () =>
      svc.deps.db
        .select({ day: d.day })
        .from(d)
        .where(sql`${d.merchantId} = ${quiet.id} and not ${d.compacted}`)
    const before = sorted(await maintainedDays(quiet.id, 'expiring'))
    expect((await deltasOf()).length).toBeGreaterThan(0)
    // The sweep the worker runs every five minutes (stats feature), called here directly.
    expect(await svc.services.stats.foldAll()).toBeGreaterThanOrEqual(1)
    expect(await deltasOf()).toEqual([])
    expect(sorted(await maintainedDays(quiet.id, 'expiring'))).toEqual(before)
    expect(sorted(await maintainedDays(quiet.id, 'issued'))).toEqual(sorted((await recount(quiet.id)).issued))
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
      'serviceProviders.total': 1,
      'serviceProviders.byStatus.ACTIVE': 1,
      'claims.total': 0,
    }
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, delta(k)]))).toEqual(expected)
    // Totals agree with their parts.
    expect(after.merchants.total).toBe(after.merchants.byStatus.ACTIVE + after.merchants.byStatus.SUSPENDED)
    expect(after.users.total).toBe(
      Object.values(after.users.byRole as Record<string, number>).reduce((a, b) => a + b),
    )
    expect(after.customers).toBe(after.users.byRole.CUSTOMER)
    expect(after.warranties.total).toBe(after.warranties.active + after.warranties.expired)
    expect(after.claims.total).toBe(
      Object.values(after.claims.byStatus as Record<string, number>).reduce((a, b) => a + b),
    )
    expect(Object.keys(after).sort()).toEqual([
      'claims',
      'customers',
      'generatedAt',
      'globalProducts',
      'merchantProducts',
      'merchants',
      'mints',
      'serviceProviders',
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

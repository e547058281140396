import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createMerchantProduct, mailsAbout, uniqueSerial } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const tenant = () => createMerchantWithUsers(svc.deps)

const bulk = (token: string, items: unknown[], key?: string) =>
  svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/bulk',
    payload: { items },
    token,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  })

const rowsOf = (merchantId: string) =>
  svc.deps.db.select().from(warranties).where(eq(warranties.merchantId, merchantId))

describe('POST /v1/merchant/warranties/bulk', () => {
  it('issues every item, answering each like one issue, in the order sent', async () => {
    const { merchant, owner } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 24 })
    const email = uniqueEmail('buyer')
    const items = [
      { serialNumber: uniqueSerial(), merchantProductId: product.id, customerEmail: email },
      {
        serialNumber: `  ${uniqueSerial()}  `,
        warrantyDurationMonths: 6,
        purchaseDate: '2026-01-31T10:00:00Z',
      },
      { serialNumber: uniqueSerial(), customerEmail: email, purchasePrice: 19.99 },
    ]
    const res = await bulk(owner.token, items)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ created: 3, failed: 0 })
    expect(body.items.map((i: { index: number; status: string }) => [i.index, i.status])).toEqual([
      [0, 'created'],
      [1, 'created'],
      [2, 'created'],
    ])
    const [first, second, third] = body.items.map((i: { warranty: Record<string, unknown> }) => i.warranty)
    expect(first).toMatchObject({
      serialNumber: items[0]!.serialNumber,
      merchantProductId: product.id,
      product: { title: product.title },
      customerEmail: email,
      warrantyDurationMonths: 24,
      notification: 'queued',
      mint: { status: 'PENDING' },
    })
    expect(second).toMatchObject({
      serialNumber: items[1]!.serialNumber.trim(),
      expiresAt: '2026-07-31T10:00:00.000Z',
      notification: 'none',
    })
    expect(third).toMatchObject({ purchasePrice: 19.99, notification: 'queued' })
    const rows = await rowsOf(merchant.id)
    expect(rows.map((r) => r.id).sort()).toEqual([first.id, second.id, third.id].sort())
    // One customer for the e-mail used twice; a claim e-mail per warranty that names one.
    expect(new Set(rows.filter((r) => r.customerId).map((r) => r.customerId)).size).toBe(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', first.id)).toHaveLength(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', third.id)).toHaveLength(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', second.id)).toHaveLength(0)
  })

  it('answers a bad item with its own error and stable code, and issues the others', async () => {
    const { merchant, owner } = await tenant()
    const taken = uniqueSerial()
    expect((await bulk(owner.token, [{ serialNumber: taken }])).json().created).toBe(1)
    const repeated = uniqueSerial()
    const res = await bulk(owner.token, [
      { serialNumber: uniqueSerial() },
      { serialNumber: '' },
      { serialNumber: uniqueSerial(), merchantProductId: randomUUID() },
      { serialNumber: taken.toLowerCase() },
      { serialNumber: uniqueSerial(), purchasePrice: 10.001 },
      {
        serialNumber: uniqueSerial(),
        purchaseDate: '2026-02-01T00:00:00Z',
        expiresAt: '2026-01-01T00:00:00Z',
      },
      { serialNumber: repeated },
      { serialNumber: repeated },
      { serialNumber: uniqueSerial(), colour: 'red' },
      'not an object',
    ])
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ created: 2, failed: 8 })
    const outcome = (i: number) => body.items[i]
    expect(outcome(0).status).toBe('created')
    expect(outcome(1)).toMatchObject({
      index: 1,
      status: 'failed',
      error: {
        error: 'validation_error',
        details: expect.arrayContaining([expect.objectContaining({ path: '/body/items/1/serialNumber' })]),
      },
    })
    expect(outcome(2)).toMatchObject({ status: 'failed', error: { error: 'not_found' } })
    expect(outcome(3).error).toMatchObject({
      error: 'conflict',
      details: [{ path: '/body/items/3/serialNumber', message: expect.stringContaining('WR-') }],
    })
    expect(outcome(4).error).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/body/items/4/purchasePrice' }],
    })
    expect(outcome(5).error).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/body/items/5/expiresAt', message: 'must be after purchaseDate' }],
    })
    // The first of two items with one serial is issued; the second is a duplicate of it.
    expect(outcome(6).status).toBe('created')
    expect(outcome(7).error).toMatchObject({
      error: 'conflict',
      details: [{ message: `already covered by ${outcome(6).warranty.warrantyCode}` }],
    })
    expect(outcome(8).error).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/body/items/8/colour', message: 'is not a declared property' }],
    })
    expect(outcome(9).error.error).toBe('validation_error')
    expect((await rowsOf(merchant.id)).map((r) => r.serialNumber).sort()).toEqual(
      [taken, outcome(0).warranty.serialNumber, repeated].sort(),
    )
  })

  it('treats an earlier item that has already expired like one issue does: it covers nothing', async () => {
    const { owner } = await tenant()
    const serial = uniqueSerial()
    const later = new Date(Date.now() + 365 * 86_400_000).toISOString()
    const res = await bulk(owner.token, [
      { serialNumber: serial, purchaseDate: '2019-01-01T00:00:00Z', expiresAt: '2021-01-01T00:00:00Z' },
      { serialNumber: serial, purchaseDate: '2025-06-01T00:00:00Z', expiresAt: later },
      { serialNumber: serial },
    ])
    const body = res.json()
    expect(body.items.map((i: { status: string }) => i.status)).toEqual(['created', 'created', 'failed'])
    expect(body.items[2].error).toMatchObject({
      error: 'conflict',
      details: [{ message: `already covered by ${body.items[1].warranty.warrantyCode}` }],
    })
  })

  it('two requests naming the same new customers in opposite orders both go through (no deadlock)', async () => {
    const { owner } = await tenant()
    for (let round = 0; round < 3; round++) {
      const emails = Array.from({ length: 40 }, (_, i) => uniqueEmail(`both-${round}-${i}`))
      const items = (list: string[]) =>
        list.map((customerEmail) => ({ serialNumber: uniqueSerial(), customerEmail }))
      const [a, b] = await Promise.all([
        bulk(owner.token, items(emails)),
        bulk(owner.token, items([...emails].reverse())),
      ])
      expect([a.statusCode, b.statusCode]).toEqual([200, 200])
      expect([a.json().created, b.json().created]).toEqual([40, 40])
    }
  })

  it('replays the whole answer to the same Idempotency-Key and body, creating nothing', async () => {
    const { merchant, owner, user } = await tenant()
    const key = `import-${randomUUID()}`
    const items = [{ serialNumber: uniqueSerial(), customerEmail: uniqueEmail('c') }, { serialNumber: '' }]
    const first = await bulk(owner.token, items, key)
    expect(first.statusCode).toBe(200)
    const again = await bulk(user.token, items, key)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await rowsOf(merchant.id)).toHaveLength(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', first.json().items[0].warranty.id)).toHaveLength(1)

    const other = await bulk(owner.token, [{ serialNumber: uniqueSerial() }], key)
    expect(other.statusCode).toBe(422)
    expect(other.json().error).toBe('idempotency_key_reused')
    expect(await rowsOf(merchant.id)).toHaveLength(1)
  })

  it('takes 1 to 1,000 items: none or 1,001 is a 400 for the whole request', async () => {
    const { merchant, owner } = await tenant()
    const none = await bulk(owner.token, [])
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'validation_error', details: [{ path: '/body/items' }] })
    const tooMany = await bulk(
      owner.token,
      Array.from({ length: 1001 }, () => ({ serialNumber: uniqueSerial() })),
    )
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error).toBe('validation_error')
    const undeclared = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/bulk',
      payload: { items: [{ serialNumber: uniqueSerial() }], dryRun: true },
      token: owner.token,
    })
    expect(undeclared.statusCode).toBe(400)
    expect(await rowsOf(merchant.id)).toHaveLength(0)
  })

  it('issues 1,000 items in one request', async () => {
    const { merchant, owner } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id)
    const items = Array.from({ length: 1000 }, (_, i) => ({
      serialNumber: uniqueSerial(`B${i}`),
      merchantProductId: product.id,
      invoiceNumber: `INV-${i}`,
    }))
    const res = await bulk(owner.token, items)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ created: 1000, failed: 0 })
    const codes = new Set(
      res.json().items.map((i: { warranty: { warrantyCode: string } }) => i.warranty.warrantyCode),
    )
    expect(codes.size).toBe(1000)
    expect(await rowsOf(merchant.id)).toHaveLength(1000)
  })

  it("keeps tenants apart: another merchant's product is not found, its serials are not duplicates", async () => {
    const a = await tenant()
    const b = await tenant()
    const productOfA = await createMerchantProduct(svc.deps.db, a.merchant.id)
    const serial = uniqueSerial()
    expect((await bulk(a.owner.token, [{ serialNumber: serial }])).json().created).toBe(1)
    const res = await bulk(b.owner.token, [
      { serialNumber: uniqueSerial(), merchantProductId: productOfA.id },
      { serialNumber: serial },
    ])
    expect(res.json()).toMatchObject({ created: 1, failed: 1 })
    expect(res.json().items[0].error).toMatchObject({
      error: 'not_found',
      message: 'No such merchant product',
    })
    expect(res.json().items[1].warranty.merchantId).toBe(b.merchant.id)
    expect(await rowsOf(b.merchant.id)).toHaveLength(1)
  })

  it('is for merchant users only', async () => {
    const anonymous = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/bulk',
      payload: { items: [{ serialNumber: uniqueSerial() }] },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys, warranties } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createMerchantProduct, mailsAbout, uniqueSerial } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const tenant = () => createMerchantWithUsers(svc.deps)

const issue = (token: string, payload: object, key?: string) =>
  svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/issue',
    payload,
    token,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  })

const countOf = (merchantId: string) => svc.deps.db.$count(warranties, eq(warranties.merchantId, merchantId))

describe('POST /v1/merchant/warranties/issue with Idempotency-Key', () => {
  it('answers the first response again to the same key and body, creating and e-mailing nothing', async () => {
    const { merchant, owner, user } = await tenant()
    const key = `order-${randomUUID()}`
    const body = { serialNumber: uniqueSerial(), customerEmail: uniqueEmail('buyer'), purchasePrice: 10.5 }
    const first = await issue(owner.token, body, key)
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    // Same fields in another order, by another user of the merchant.
    const again = await issue(
      user.token,
      { purchasePrice: 10.5, customerEmail: body.customerEmail, serialNumber: body.serialNumber },
      key,
    )
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
    expect(await countOf(merchant.id)).toBe(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', first.json().id)).toHaveLength(1)
  })

  it('answers 422 idempotency_key_reused to the same key with another body', async () => {
    const { merchant, owner } = await tenant()
    const key = randomUUID()
    const serialNumber = uniqueSerial()
    expect((await issue(owner.token, { serialNumber }, key)).statusCode).toBe(200)
    const other = await issue(owner.token, { serialNumber, invoiceNumber: 'INV-1' }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toEqual({
      error: 'idempotency_key_reused',
      message: 'The Idempotency-Key was used with a different body',
    })
    expect(await countOf(merchant.id)).toBe(1)
  })

  it('keeps keys per merchant: another merchant’s same key is a new request', async () => {
    const a = await tenant()
    const b = await tenant()
    const key = 'shared-key-1'
    const body = { serialNumber: uniqueSerial() }
    const atA = (await issue(a.owner.token, body, key)).json()
    const atB = (await issue(b.owner.token, body, key)).json()
    expect(atB.id).not.toBe(atA.id)
    expect(atB.merchantId).toBe(b.merchant.id)
  })

  it('issues two concurrent requests with one key exactly once, both answered alike', async () => {
    const { merchant, owner, admin } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id)
    const key = randomUUID()
    const body = {
      serialNumber: uniqueSerial(),
      merchantProductId: product.id,
      customerEmail: uniqueEmail('c'),
    }
    const answers = await Promise.all([issue(owner.token, body, key), issue(admin.token, body, key)])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
    expect(answers[1]!.json()).toEqual(answers[0]!.json())
    expect(answers[1]!.body).toBe(answers[0]!.body)
    expect(answers.map((r) => r.headers['idempotent-replayed']).filter(Boolean)).toEqual(['true'])
    const rows = await svc.deps.db.select().from(warranties).where(eq(warranties.merchantId, merchant.id))
    expect(rows.map((r) => r.id)).toEqual([answers[0]!.json().id])
    const keys = await svc.deps.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.merchantId, merchant.id), eq(idempotencyKeys.key, key)))
    expect(keys).toHaveLength(1)
    expect(await mailsAbout(svc.deps.db, 'warranty', answers[0]!.json().id)).toHaveLength(1)
  })

  it('stores the key for 24 hours and ignores (replaces) an expired one', async () => {
    const { merchant, owner } = await tenant()
    const key = randomUUID()
    const body = { serialNumber: uniqueSerial() }
    const first = (await issue(owner.token, body, key)).json()
    const [stored] = await svc.deps.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.merchantId, merchant.id), eq(idempotencyKeys.key, key)))
    expect(stored).toMatchObject({ responseStatus: 200, responseBody: first })
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime()
    expect(Math.abs(ttl - 24 * 3600_000)).toBeLessThan(60_000)

    await svc.deps.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key))
    // The earlier warranty is active, so the same body is now a duplicate serial.
    const duplicate = await issue(owner.token, body, key)
    expect(duplicate.statusCode).toBe(409)
    const fresh = await issue(owner.token, { serialNumber: uniqueSerial() }, key)
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json().id).not.toBe(first.id)
    expect(fresh.headers['idempotent-replayed']).toBeUndefined()
    const rows = await svc.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now())
  })

  it('replays an answer stored with the retired notification "skipped" as "none"', async () => {
    const { merchant, owner } = await tenant()
    const key = randomUUID()
    const body = { serialNumber: uniqueSerial() }
    const first = await issue(owner.token, body, key)
    const answer: Record<string, unknown> = first.json()
    await svc.deps.db
      .update(idempotencyKeys)
      .set({ responseBody: { ...answer, notification: 'skipped' } })
      .where(and(eq(idempotencyKeys.merchantId, merchant.id), eq(idempotencyKeys.key, key)))
    const again = await issue(owner.token, body, key)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual({ ...answer, notification: 'none' })
  })

  it('stores no failed answer: the key works once the request is fixed', async () => {
    const { merchant, owner } = await tenant()
    const key = randomUUID()
    const missing = { serialNumber: uniqueSerial(), merchantProductId: randomUUID() }
    expect((await issue(owner.token, missing, key)).statusCode).toBe(404)
    expect((await issue(owner.token, missing, key)).statusCode).toBe(404)
    const product = await createMerchantProduct(svc.deps.db, merchant.id)
    const fixed = await issue(owner.token, { ...missing, merchantProductId: product.id }, key)
    expect(fixed.statusCode).toBe(200)
  })

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a space', 'order 42'],
    ['with a non-ASCII character', 'commande-é'],
  ])('answers 400 validation_error for a key %s', async (_label, key) => {
    const { merchant, owner } = await tenant()
    const res = await issue(owner.token, { serialNumber: uniqueSerial() }, key)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain('/headers/idempotency-key')
    expect(await countOf(merchant.id)).toBe(0)
  })

  it('accepts a key of 255 visible ASCII characters', async () => {
    const { owner } = await tenant()
    const key = `!~${'x'.repeat(253)}`
    expect((await issue(owner.token, { serialNumber: uniqueSerial() }, key)).statusCode).toBe(200)
    expect((await issue(owner.token, { serialNumber: uniqueSerial() }, key)).statusCode).toBe(422)
  })
})

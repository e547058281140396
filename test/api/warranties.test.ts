import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { globalProducts, merchantProducts, users, warranties } from '../../src/db/schema/index.js'
import { WarrantiesService } from '../../src/modules/warranties/warranties.service.js'
import { generateWarrantyCode } from '../../src/modules/warranties/warranty-code.js'
import { addMonths } from '../../src/modules/warranties/warranty-expiry.js'
import { createMerchantWithUsers, createUser, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import {
  claimIdsOf,
  claimLinksOf,
  createGlobalProduct,
  createMerchantProduct,
  issueWarranty,
  mailsAbout,
  setMint,
  uniqueSerial,
} from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const CODE = /^WR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const issue = (token: string, payload: unknown, headers?: Record<string, string>) =>
  svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/issue',
    payload: payload as object,
    token,
    ...(headers ? { headers } : {}),
  })

const tenant = () => createMerchantWithUsers(svc.deps)

/** Resolves once another transaction waits for a lock. */
async function untilLockWaiter(): Promise<void> {
  await waitFor(async () => {
    const result = (await svc.deps.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] }
    return result.rows.length > 0
  })
}

describe('POST /v1/merchant/warranties/issue', () => {
  it('answers 200 with every field of the issued warranty and e-mails a claim link', async () => {
    const { merchant, user } = await tenant()
    const global = await createGlobalProduct(svc.deps.db, { brand: 'Sonix', model: 'WH-900' })
    const product = await createMerchantProduct(svc.deps.db, merchant.id, {
      title: 'Sonix WH-900 black',
      globalProductId: global.id,
      warrantyDurationMonths: 36,
    })
    const locationId = '6f1f7a4e-2b7c-4d59-9a59-4ab1d1d1f0aa'
    const res = await issue(user.token, {
      serialNumber: '  sn-0001-ab  ',
      merchantProductId: product.id,
      customerEmail: 'Jane.Doe@Example.COM',
      customerName: 'Jane Doe',
      customerPhone: '+44 20 7946 0000',
      locationId,
      invoiceNumber: 'INV-2024-001',
      purchasePrice: 199.99,
      purchaseDate: '2024-05-10T12:30:00.000Z',
      warrantyDurationMonths: 120,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      warrantyCode: expect.stringMatching(CODE),
      serialNumber: 'sn-0001-ab',
      status: 'ACTIVE',
      merchantId: merchant.id,
      merchantProductId: product.id,
      globalProductId: global.id,
      product: { title: 'Sonix WH-900 black', brand: 'Sonix', model: 'WH-900' },
      customerEmail: 'jane.doe@example.com',
      customerName: 'Jane Doe',
      customerPhone: '+44 20 7946 0000',
      locationId,
      invoiceNumber: 'INV-2024-001',
      purchasePrice: 199.99,
      purchaseDate: '2024-05-10T12:30:00.000Z',
      warrantyDurationMonths: 120,
      expiresAt: '2034-05-10T12:30:00.000Z',
      claimed: false,
      claimedAt: null,
      mint: {
        status: 'PENDING',
        attempts: 0,
        tokenId: null,
        txHash: null,
        chainId: null,
        contractAddress: null,
        metadataCid: null,
        error: null,
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      notification: 'queued',
    })
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000)

    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, body.id))
    expect(row?.issuedBy).toBe(user.id)
    const [customer] = await svc.deps.db.select().from(users).where(eq(users.email, 'jane.doe@example.com'))
    // The merchant's customerName stays on the warranty; it never names the customer's account.
    expect(customer).toMatchObject({ role: 'CUSTOMER', name: null, passwordHash: null })
    expect(row?.customerName).toBe('Jane Doe')
    expect(row?.customerId).toBe(customer?.id)

    const [mail] = await mailsAbout(svc.deps.db, 'warranty', body.id)
    expect(mail).toMatchObject({ template: 'warranty.notification', toAddress: 'jane.doe@example.com' })
    const [claimId] = await claimIdsOf(svc.deps.db, body.id)
    expect(mail?.data).toEqual({
      merchantName: merchant.name,
      productName: 'Sonix WH-900 black',
      serialNumber: 'sn-0001-ab',
      warrantyCode: body.warrantyCode,
      expiresAt: '2034-05-10T12:30:00.000Z',
      claimUrl: `http://app.test/claim?claimId=${claimId}`,
      customerName: 'Jane Doe',
    })
    expect(claimId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [link] = await claimLinksOf(svc.deps.db, body.id)
    expect(link).toMatchObject({
      tokenHash: sha256(claimId!),
      customerId: customer?.id,
      merchantId: merchant.id,
      consumedAt: null,
    })
    const ttl = link!.expiresAt.getTime() - Date.now()
    expect(ttl).toBeGreaterThan(14 * 86_400_000 - 60_000)
    expect(ttl).toBeLessThanOrEqual(14 * 86_400_000)

    const got = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${body.id}`,
      token: user.token,
    })
    const { notification: _, ...warranty } = body
    // The single read adds where the claim e-mail stands (this service delivers none: queued).
    expect(got.json()).toEqual({
      ...warranty,
      notificationDelivery: { status: 'QUEUED', attempts: 0, sentAt: null, updatedAt: expect.any(String) },
    })
  })

  it('issues with only a serial number: no product, no customer, bought now, 12 months from now', async () => {
    const { owner } = await tenant()
    const before = new Date()
    const res = await issue(owner.token, { serialNumber: 'ONLY-SERIAL' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      serialNumber: 'ONLY-SERIAL',
      merchantProductId: null,
      globalProductId: null,
      product: null,
      customerEmail: null,
      customerName: null,
      customerPhone: null,
      locationId: null,
      invoiceNumber: null,
      purchasePrice: null,
      purchaseDate: expect.any(String),
      warrantyDurationMonths: 12,
      notification: 'none',
    })
    // The purchase date is the moment of issue, stored; the 12 months count from it.
    expect(Date.parse(body.purchaseDate)).toBeGreaterThanOrEqual(before.getTime())
    expect(Date.parse(body.purchaseDate)).toBeLessThanOrEqual(Date.now())
    expect(body.expiresAt).toBe(addMonths(new Date(body.purchaseDate), 12).toISOString())
    expect(await mailsAbout(svc.deps.db, 'warranty', body.id)).toEqual([])
  })

  it.each([
    ['a missing serialNumber', {}, '/body/serialNumber'],
    ['an empty serialNumber', { serialNumber: '' }, '/body/serialNumber'],
    ['a blank serialNumber', { serialNumber: '   ' }, '/body/serialNumber'],
    ['a numeric serialNumber', { serialNumber: 1234 }, '/body/serialNumber'],
    ['a merchantProductId that is not a uuid', { merchantProductId: 'p-1' }, '/body/merchantProductId'],
    ['a globalProductId that is not a uuid', { globalProductId: '42' }, '/body/globalProductId'],
    ['a customerEmail that is not an e-mail', { customerEmail: 'jane.example.com' }, '/body/customerEmail'],
    ['a customerPhone that is not a string', { customerPhone: 447946 }, '/body/customerPhone'],
    ['an empty customerName', { customerName: '' }, '/body/customerName'],
    ['a locationId that is not a uuid', { locationId: 'shop-1' }, '/body/locationId'],
    ['an empty invoiceNumber', { invoiceNumber: '' }, '/body/invoiceNumber'],
    ['a purchasePrice of 0', { purchasePrice: 0 }, '/body/purchasePrice'],
    ['a negative purchasePrice', { purchasePrice: -5 }, '/body/purchasePrice'],
    ['a purchasePrice given as a string', { purchasePrice: '19.99' }, '/body/purchasePrice'],
    ['a purchasePrice of 0.001 (0.00 once rounded)', { purchasePrice: 0.001 }, '/body/purchasePrice'],
    ['a purchasePrice with 3 decimals', { purchasePrice: 10.555 }, '/body/purchasePrice'],
    ['a purchasePrice over 999999999999.99', { purchasePrice: 999_999_999_999.999 }, '/body/purchasePrice'],
    ['a purchasePrice of 10^12', { purchasePrice: 1e12 }, '/body/purchasePrice'],
    ['a huge purchasePrice', { purchasePrice: 1e300 }, '/body/purchasePrice'],
    ['a purchaseDate without a time', { purchaseDate: '2024-05-10' }, '/body/purchaseDate'],
    ['a purchaseDate that is not a date', { purchaseDate: 'yesterday' }, '/body/purchaseDate'],
    ['warrantyDurationMonths of 0', { warrantyDurationMonths: 0 }, '/body/warrantyDurationMonths'],
    ['fractional warrantyDurationMonths', { warrantyDurationMonths: 1.5 }, '/body/warrantyDurationMonths'],
    ['warrantyDurationMonths as a string', { warrantyDurationMonths: '12' }, '/body/warrantyDurationMonths'],
    ['an expiresAt that is not a date-time', { expiresAt: 'next year' }, '/body/expiresAt'],
    ['an undeclared property', { color: 'red' }, '/body/color'],
    [
      'an expiresAt not after purchaseDate',
      { purchaseDate: '2024-05-10T00:00:00Z', expiresAt: '2024-05-10T00:00:00Z' },
      '/body/expiresAt',
    ],
  ])('answers 400 validation_error for %s', async (_label, fields, path) => {
    const { owner } = await tenant()
    const payload = { serialNumber: uniqueSerial(), ...fields }
    if (path === '/body/serialNumber' && !('serialNumber' in fields))
      delete (payload as { serialNumber?: string }).serialNumber
    const res = await issue(owner.token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('stores a purchasePrice of at most 2 decimals exactly, up to 999999999999.99', async () => {
    const { owner } = await tenant()
    for (const price of [0.01, 0.29, 19.99, 80_136_213_201.18, 999_999_999_999.99]) {
      const res = await issue(owner.token, { serialNumber: uniqueSerial(), purchasePrice: price })
      expect(res.statusCode, String(price)).toBe(200)
      expect(res.json().purchasePrice).toBe(price)
      const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, res.json().id))
      expect(row?.purchasePrice).toBe(price)
    }
  })

  it('refuses a purchasePrice the column would round or overflow, storing nothing', async () => {
    const { merchant, owner } = await tenant()
    for (const price of [0.001, 10.555, 999_999_999_999.999]) {
      const res = await issue(owner.token, { serialNumber: uniqueSerial(), purchasePrice: price })
      expect(res.statusCode, String(price)).toBe(400)
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        details: [{ path: '/body/purchasePrice', message: expect.any(String) }],
      })
    }
    expect(await svc.deps.db.$count(warranties, eq(warranties.merchantId, merchant.id))).toBe(0)
  })

  it('answers 401 without a token and 403 to other roles', async () => {
    const anonymous = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      payload: { serialNumber: 'X' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error).toBe('unauthorized')
    for (const role of ['ADMIN', 'CUSTOMER', 'SERVICE_PROVIDER'] as const) {
      const other = await createUser(svc.deps, { role })
      const res = await issue(other.token, { serialNumber: 'X' })
      expect(res.statusCode, role).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
  })

  it('lets every merchant role issue', async () => {
    const { owner, admin, user } = await tenant()
    for (const caller of [owner, admin, user]) {
      expect((await issue(caller.token, { serialNumber: uniqueSerial() })).statusCode).toBe(200)
    }
  })

  describe('products', () => {
    it('answers 404 not_found for an unknown, deleted or another merchant’s product, alike', async () => {
      const a = await tenant()
      const b = await tenant()
      const ofB = await createMerchantProduct(svc.deps.db, b.merchant.id)
      const deleted = await createMerchantProduct(svc.deps.db, a.merchant.id, { deletedAt: new Date() })
      const answers = []
      for (const merchantProductId of [ofB.id, deleted.id, '0b9c6f5e-8a39-4a57-b3b4-1c2d3e4f5a6b']) {
        const res = await issue(a.owner.token, { serialNumber: uniqueSerial(), merchantProductId })
        expect(res.statusCode).toBe(404)
        answers.push(res.json())
      }
      expect(answers[0]).toEqual({ error: 'not_found', message: 'No such merchant product' })
      expect(answers[1]).toEqual(answers[0])
      expect(answers[2]).toEqual(answers[0])
      const count = await svc.deps.db.$count(warranties, eq(warranties.merchantId, a.merchant.id))
      expect(count).toBe(0)
    })

    it('answers 404 not_found for an unknown global product', async () => {
      const { owner } = await tenant()
      const res = await issue(owner.token, {
        serialNumber: uniqueSerial(),
        globalProductId: '0b9c6f5e-8a39-4a57-b3b4-1c2d3e4f5a6b',
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such global product' })
    })

    it('takes the global product linked to the merchant product, unless one is given', async () => {
      const { merchant, owner } = await tenant()
      const linked = await createGlobalProduct(svc.deps.db, { brand: 'Linked', model: 'L1' })
      const given = await createGlobalProduct(svc.deps.db, { brand: 'Given', model: 'G1' })
      const product = await createMerchantProduct(svc.deps.db, merchant.id, { globalProductId: linked.id })
      const taken = (
        await issue(owner.token, { serialNumber: uniqueSerial(), merchantProductId: product.id })
      ).json()
      expect(taken.globalProductId).toBe(linked.id)
      const explicit = (
        await issue(owner.token, {
          serialNumber: uniqueSerial(),
          merchantProductId: product.id,
          globalProductId: given.id,
        })
      ).json()
      expect(explicit.globalProductId).toBe(given.id)
      expect(explicit.product).toEqual({ title: 'Headphones X', brand: 'Given', model: 'G1' })
    })

    it('names the product in the e-mail: merchant title, else global brand and model, else none', async () => {
      const { merchant, owner } = await tenant()
      const global = await createGlobalProduct(svc.deps.db, { brand: 'Kettle Co', model: 'K2' })
      const titled = await createMerchantProduct(svc.deps.db, merchant.id, { title: 'Our kettle' })
      const cases: Array<[object, string | null]> = [
        [{ merchantProductId: titled.id }, 'Our kettle'],
        [{ globalProductId: global.id }, 'Kettle Co K2'],
        [{}, null],
      ]
      for (const [fields, name] of cases) {
        const body = (
          await issue(owner.token, {
            serialNumber: uniqueSerial(),
            customerEmail: uniqueEmail('buyer'),
            ...fields,
          })
        ).json()
        const [mail] = await mailsAbout(svc.deps.db, 'warranty', body.id)
        expect((mail!.data as { productName: string | null }).productName).toBe(name)
      }
    })
  })

  describe('expiresAt', () => {
    it('is taken as given (duration kept only when given)', async () => {
      const { owner } = await tenant()
      const given = (
        await issue(owner.token, { serialNumber: uniqueSerial(), expiresAt: '2030-01-15T08:00:00+02:00' })
      ).json()
      expect(given).toMatchObject({ expiresAt: '2030-01-15T06:00:00.000Z', warrantyDurationMonths: null })
      const both = (
        await issue(owner.token, {
          serialNumber: uniqueSerial(),
          expiresAt: '2030-01-15T06:00:00Z',
          warrantyDurationMonths: 6,
          purchaseDate: '2024-01-01T00:00:00Z',
        })
      ).json()
      expect(both).toMatchObject({ expiresAt: '2030-01-15T06:00:00.000Z', warrantyDurationMonths: 6 })
    })

    it('is the purchase date plus the months of the request, else of the product, else 12', async () => {
      const { merchant, owner } = await tenant()
      const withMonths = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 18 })
      const withoutMonths = await createMerchantProduct(svc.deps.db, merchant.id)
      const purchaseDate = '2024-03-15T09:00:00.000Z'
      const cases: Array<[object, string, number]> = [
        [{ merchantProductId: withMonths.id, warrantyDurationMonths: 3 }, '2024-06-15T09:00:00.000Z', 3],
        [{ merchantProductId: withMonths.id }, '2025-09-15T09:00:00.000Z', 18],
        [{ merchantProductId: withoutMonths.id }, '2025-03-15T09:00:00.000Z', 12],
        [{}, '2025-03-15T09:00:00.000Z', 12],
      ]
      for (const [fields, expiresAt, months] of cases) {
        const res = await issue(owner.token, { serialNumber: uniqueSerial(), purchaseDate, ...fields })
        expect(res.json(), JSON.stringify(fields)).toMatchObject({
          expiresAt,
          warrantyDurationMonths: months,
        })
      }
    })

    it('counts from the issue time without a purchase date', async () => {
      const { merchant, owner } = await tenant()
      const product = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 2 })
      const before = new Date()
      const body = (
        await issue(owner.token, { serialNumber: uniqueSerial(), merchantProductId: product.id })
      ).json()
      const expected = new Date(before)
      expected.setUTCMonth(expected.getUTCMonth() + 2)
      // Around the end of a month the clamp may move it back a few days; otherwise within seconds.
      expect(Math.abs(Date.parse(body.expiresAt) - expected.getTime())).toBeLessThan(4 * 86_400_000)
      expect(body.warrantyDurationMonths).toBe(2)
    })

    it.each([
      ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'],
      ['2023-01-31T10:00:00.000Z', 1, '2023-02-28T10:00:00.000Z'],
      ['2024-03-31T23:59:59.999Z', 1, '2024-04-30T23:59:59.999Z'],
      ['2024-02-29T00:00:00.000Z', 12, '2025-02-28T00:00:00.000Z'],
      ['2024-08-31T06:00:00.000Z', 6, '2025-02-28T06:00:00.000Z'],
      ['2024-12-31T06:00:00.000Z', 2, '2025-02-28T06:00:00.000Z'],
      ['2024-01-15T06:00:00.000Z', 25, '2026-02-15T06:00:00.000Z'],
    ])('clamps month ends: %s + %i months = %s', async (purchaseDate, months, expiresAt) => {
      const { owner } = await tenant()
      const res = await issue(owner.token, {
        serialNumber: uniqueSerial(),
        purchaseDate,
        warrantyDurationMonths: months,
      })
      expect(res.json().expiresAt).toBe(expiresAt)
    })

    it('shows EXPIRED once expiresAt has passed', async () => {
      const { owner } = await tenant()
      const res = await issue(owner.token, {
        serialNumber: uniqueSerial(),
        expiresAt: '2020-01-01T00:00:00Z',
      })
      expect(res.json().status).toBe('EXPIRED')
    })
  })

  describe('customers', () => {
    it('reuses the customer of an e-mail, in any case, and links each warranty to it', async () => {
      const { owner } = await tenant()
      const email = uniqueEmail('returning')
      const first = (await issue(owner.token, { serialNumber: uniqueSerial(), customerEmail: email })).json()
      const second = (
        await issue(owner.token, { serialNumber: uniqueSerial(), customerEmail: email.toUpperCase() })
      ).json()
      expect(second.customerEmail).toBe(email)
      const customers = await svc.deps.db.select().from(users).where(eq(users.email, email))
      expect(customers).toHaveLength(1)
      const rows = await svc.deps.db.select().from(warranties).where(eq(warranties.customerEmail, email))
      expect(rows.map((r) => r.customerId)).toEqual([customers[0]!.id, customers[0]!.id])
      expect(first.notification).toBe('queued')
      expect(second.notification).toBe('queued')
    })

    it('treats a staff e-mail like any customer e-mail: a separate customer account, a claim link, an e-mail', async () => {
      const { owner, admin } = await tenant()
      const other = await tenant()
      const platformAdmin = await createUser(svc.deps, { role: 'ADMIN' })
      for (const staff of [admin, other.user, platformAdmin]) {
        const res = await issue(owner.token, {
          serialNumber: uniqueSerial(),
          customerEmail: staff.email.toUpperCase(),
        })
        expect(res.statusCode).toBe(200)
        const body = res.json()
        // The same answer as for any other address: nothing tells staff apart.
        expect(body).toMatchObject({ customerEmail: staff.email, notification: 'queued' })
        const [mail] = await mailsAbout(svc.deps.db, 'warranty', body.id)
        expect(mail).toMatchObject({ toAddress: staff.email, template: 'warranty.notification' })
        expect(await claimLinksOf(svc.deps.db, body.id)).toHaveLength(1)
        // Two accounts for one address: the staff one untouched, and a password-less customer.
        const accounts = await svc.deps.db.select().from(users).where(eq(users.email, staff.email))
        const byRole = new Map(accounts.map((a) => [a.role, a]))
        expect(accounts).toHaveLength(2)
        expect(byRole.get(staff.role)?.id).toBe(staff.id)
        const customer = byRole.get('CUSTOMER')
        expect(customer?.passwordHash).toBeNull()
        const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, body.id))
        expect(row?.customerId).toBe(customer?.id)
      }
    })
  })

  describe('duplicates', () => {
    it('answers 409 conflict for an active warranty of the same product and serial (any case, trimmed)', async () => {
      const { merchant, owner, user } = await tenant()
      const product = await createMerchantProduct(svc.deps.db, merchant.id)
      const first = await issue(owner.token, { serialNumber: 'ABC-123', merchantProductId: product.id })
      expect(first.statusCode).toBe(200)
      const again = await issue(user.token, { serialNumber: '  abc-123 ', merchantProductId: product.id })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({
        error: 'conflict',
        details: [{ path: '/body/serialNumber', message: `already covered by ${first.json().warrantyCode}` }],
      })
    })

    it('allows the serial for another product, another merchant, or when the earlier one expired', async () => {
      const a = await tenant()
      const b = await tenant()
      const one = await createMerchantProduct(svc.deps.db, a.merchant.id)
      const two = await createMerchantProduct(svc.deps.db, a.merchant.id)
      const global = await createGlobalProduct(svc.deps.db)
      const serial = uniqueSerial()
      const ok = async (token: string, fields: object) =>
        expect((await issue(token, { serialNumber: serial, ...fields })).statusCode).toBe(200)
      await ok(a.owner.token, { merchantProductId: one.id })
      await ok(a.owner.token, { merchantProductId: two.id })
      await ok(a.owner.token, { globalProductId: global.id })
      await ok(a.owner.token, {})
      await ok(b.owner.token, {})
      // Same keys again: each is now a duplicate.
      for (const fields of [{ merchantProductId: one.id }, { globalProductId: global.id }, {}]) {
        expect((await issue(a.owner.token, { serialNumber: serial, ...fields })).statusCode).toBe(409)
      }

      // An expired warranty is no obstacle.
      const renewed = { serialNumber: uniqueSerial(), merchantProductId: one.id }
      const expired = await issue(a.owner.token, { ...renewed, expiresAt: '2021-01-01T00:00:00Z' })
      expect(expired.json().status).toBe('EXPIRED')
      expect((await issue(a.owner.token, renewed)).statusCode).toBe(200)
      expect((await issue(a.owner.token, renewed)).statusCode).toBe(409)
    })

    it('issues exactly one of two concurrent requests for the same serial', async () => {
      const { merchant, owner, admin } = await tenant()
      const product = await createMerchantProduct(svc.deps.db, merchant.id)
      const serial = uniqueSerial()
      const answers = await Promise.all([
        issue(owner.token, { serialNumber: serial, merchantProductId: product.id }),
        issue(admin.token, { serialNumber: serial.toLowerCase(), merchantProductId: product.id }),
      ])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
      const won = answers.find((r) => r.statusCode === 200)!.json()
      const lost = answers.find((r) => r.statusCode === 409)!.json()
      expect(lost).toEqual({
        error: 'conflict',
        message: 'An active warranty exists for this serial number and product',
        details: [{ path: '/body/serialNumber', message: `already covered by ${won.warrantyCode}` }],
      })
      const rows = await svc.deps.db
        .select()
        .from(warranties)
        .where(eq(warranties.merchantProductId, product.id))
      expect(rows.map((r) => r.id)).toEqual([won.id])
    })
  })

  it('answers 404 when the global product is deleted while the warranty is being issued', async () => {
    const { merchant, owner } = await tenant()
    const product = await createGlobalProduct(svc.deps.db)
    let pending: ReturnType<typeof issue> | undefined
    await svc.deps.db.transaction(async (tx) => {
      await tx.delete(globalProducts).where(eq(globalProducts.id, product.id))
      pending = issue(owner.token, { serialNumber: uniqueSerial(), globalProductId: product.id })
      // PostgreSQL: the issue read the product (not yet deleted for it) and its insert now waits
      // on the deleted row; it fails its foreign key once this commits.
      await untilLockWaiter()
    })
    const res = await pending!
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such global product' })
    expect(await svc.deps.db.$count(warranties, eq(warranties.merchantId, merchant.id))).toBe(0)
  })

  it('draws another warranty code when the drawn one is taken', async () => {
    const { owner, merchant } = await tenant()
    const taken = (await issue(owner.token, { serialNumber: uniqueSerial() })).json().warrantyCode
    const fresh = generateWarrantyCode()
    const drawn = [taken, taken, fresh]
    const service = new WarrantiesService(
      {
        ...svc.deps,
        appUrl: svc.deps.config.appUrl,
        emailsPerDay: svc.deps.config.quotas.merchantEmailsPerDay,
      },
      {
        mailOutbox: svc.services.mailOutbox,
        wakeMinter: () => svc.services.minting.wake(),
        generateCode: () => drawn.shift() ?? generateWarrantyCode(),
      },
    )
    const result = await service.issue(
      { merchantId: merchant.id, userId: owner.id },
      { serialNumber: uniqueSerial() },
    )
    expect(result.body.warrantyCode).toBe(fresh)
    expect(drawn).toEqual([])
  })
})

describe('GET /v1/merchant/warranties/:id', () => {
  it('answers the warranty to any role of its merchant', async () => {
    const { owner, user } = await tenant()
    const issued = await issueWarranty(svc, owner, { customerEmail: uniqueEmail('buyer') })
    const res = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${issued.id}`,
      token: user.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: issued.id,
      warrantyCode: issued.warrantyCode,
      customerEmail: issued.customerEmail,
    })
  })

  it('shows the mint as recorded, the token id as a decimal string', async () => {
    const { owner } = await tenant()
    const issued = await issueWarranty(svc, owner)
    await setMint(svc.deps.db, issued.id, {
      status: 'MINTED',
      attempts: 2,
      tokenId: 9_007_199_254_740_991,
      txHash: `0x${'ab'.repeat(32)}`,
      chainId: 31337,
      contractAddress: `0x${'12'.repeat(20)}`,
      metadataCid: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    })
    const res = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${issued.id}`,
      token: owner.token,
    })
    expect(res.json().mint).toEqual({
      status: 'MINTED',
      attempts: 2,
      tokenId: '9007199254740991',
      txHash: `0x${'ab'.repeat(32)}`,
      chainId: 31337,
      contractAddress: `0x${'12'.repeat(20)}`,
      metadataCid: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      error: null,
    })
  })

  it('answers 404 for an unknown id and for another merchant’s warranty, 400 for a malformed id', async () => {
    const a = await tenant()
    const b = await tenant()
    const issued = await issueWarranty(svc, a.owner)
    const ofB = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${issued.id}`,
      token: b.owner.token,
    })
    expect(ofB.statusCode).toBe(404)
    expect(ofB.json()).toEqual({ error: 'not_found', message: 'No such warranty' })
    const unknown = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties/0b9c6f5e-8a39-4a57-b3b4-1c2d3e4f5a6b',
      token: a.owner.token,
    })
    expect(unknown.json()).toEqual(ofB.json())
    const bad = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties/not-a-uuid',
      token: a.owner.token,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toEqual([{ path: '/params/id', message: expect.any(String) }])
  })
})

describe('POST /v1/merchant/warranties/:id/retry-mint', () => {
  const retry = (id: string, token: string) =>
    svc.request({ method: 'POST', url: `/v1/merchant/warranties/${id}/retry-mint`, token })

  it('puts a FAILED mint back to PENDING, clears the error and keeps the attempts', async () => {
    const { owner, user } = await tenant()
    const issued = await issueWarranty(svc, owner)
    await setMint(svc.deps.db, issued.id, { status: 'FAILED', attempts: 4, error: 'execution reverted' })
    const res = await retry(issued.id, user.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: issued.id, mint: { status: 'PENDING', attempts: 4, error: null } })
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(issued.updatedAt))
  })

  it.each(['PENDING', 'MINTING', 'MINTED'] as const)(
    'answers 409 invalid_state for a %s mint',
    async (status) => {
      const { owner } = await tenant()
      const issued = await issueWarranty(svc, owner)
      await setMint(svc.deps.db, issued.id, { status, attempts: 1 })
      const res = await retry(issued.id, owner.token)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        error: 'invalid_state',
        message: `The mint is ${status}: only a FAILED mint can be retried`,
      })
      const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, issued.id))
      expect(row?.mintStatus).toBe(status)
    },
  )

  it('answers 404 for another merchant’s warranty and leaves it FAILED', async () => {
    const a = await tenant()
    const b = await tenant()
    const issued = await issueWarranty(svc, a.owner)
    await setMint(svc.deps.db, issued.id, { status: 'FAILED', attempts: 1, error: 'boom' })
    const res = await retry(issued.id, b.owner.token)
    expect(res.statusCode).toBe(404)
    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, issued.id))
    expect(row).toMatchObject({ mintStatus: 'FAILED', mintError: 'boom' })
    expect((await retry('0b9c6f5e-8a39-4a57-b3b4-1c2d3e4f5a6b', a.owner.token)).statusCode).toBe(404)
  })
})

describe('POST /v1/merchant/warranties/:id/resend-notification', () => {
  const resend = (id: string, token: string) =>
    svc.request({ method: 'POST', url: `/v1/merchant/warranties/${id}/resend-notification`, token })

  it('e-mails a fresh claim link and ends the earlier ones', async () => {
    const { owner, user } = await tenant()
    const issued = await issueWarranty(svc, owner, {
      customerEmail: uniqueEmail('buyer'),
      customerName: 'Ann',
    })
    const res = await resend(issued.id, user.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: issued.id, notification: 'queued' })
    const mails = await mailsAbout(svc.deps.db, 'warranty', issued.id)
    expect(mails).toHaveLength(2)
    expect(mails[1]).toMatchObject({ toAddress: issued.customerEmail, template: 'warranty.notification' })
    const [firstId, secondId] = await claimIdsOf(svc.deps.db, issued.id)
    expect(secondId).not.toBe(firstId)
    const links = await claimLinksOf(svc.deps.db, issued.id)
    const byHash = new Map(links.map((l) => [l.tokenHash, l]))
    expect(byHash.get(sha256(firstId!))!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now())
    expect(byHash.get(sha256(secondId!))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000)
  })

  it('answers 409 invalid_state without a customer e-mail', async () => {
    const { owner } = await tenant()
    const bare = await issueWarranty(svc, owner)
    const res = await resend(bare.id, owner.token)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: 'invalid_state',
      message: 'No notification can be sent for this warranty',
    })
  })

  it('resends to a staff e-mail like to any customer e-mail', async () => {
    const { owner, admin } = await tenant()
    const platformAdmin = await createUser(svc.deps, { role: 'ADMIN' })
    for (const staff of [admin, platformAdmin]) {
      const warranty = await issueWarranty(svc, owner, { customerEmail: staff.email })
      const res = await resend(warranty.id, owner.token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: warranty.id, notification: 'queued' })
      const mails = await mailsAbout(svc.deps.db, 'warranty', warranty.id)
      expect(mails.map((m) => m.toAddress)).toEqual([staff.email, staff.email])
    }
  })

  it('answers 429 with Retry-After after 3 resends in 15 minutes; another tenant cannot use them up', async () => {
    const a = await tenant()
    const b = await tenant()
    const issued = await issueWarranty(svc, a.owner, { customerEmail: uniqueEmail('buyer') })
    for (let i = 0; i < 5; i++) expect((await resend(issued.id, b.owner.token)).statusCode).toBe(404)
    for (let i = 0; i < 3; i++) expect((await resend(issued.id, a.user.token)).statusCode).toBe(200)
    const limited = await resend(issued.id, a.owner.token)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('too_many_requests')
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(await mailsAbout(svc.deps.db, 'warranty', issued.id)).toHaveLength(4)
  })

  it('answers 404 for an unknown warranty', async () => {
    const { owner } = await tenant()
    expect((await resend('0b9c6f5e-8a39-4a57-b3b4-1c2d3e4f5a6b', owner.token)).statusCode).toBe(404)
  })
})

describe('merchant products stay intact', () => {
  it('does not touch the merchant product it issues for', async () => {
    const { merchant, owner } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 6 })
    await issueWarranty(svc, owner, { merchantProductId: product.id })
    const [after] = await svc.deps.db
      .select()
      .from(merchantProducts)
      .where(eq(merchantProducts.id, product.id))
    expect(after).toEqual(product)
  })
})

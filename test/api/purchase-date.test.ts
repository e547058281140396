import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import { certificateFacts, certificateMetadata } from '../../src/modules/minting/certificate-metadata.js'
import { addMonths } from '../../src/modules/warranties/warranty-expiry.js'
import { claimThrough } from '../support/customer-factories.js'
import { createMerchantWithUsers, type TestUser, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { claimIdsOf, createMerchantProduct, uniqueSerial } from '../support/warranty-factories.js'

// The purchase date (docs/api.md, "Issuing"): the date given, else the moment of issue; stored on
// the warranty by every issuing path, the period counted from it, and the one value the merchant,
// the customer, the public check and the certificate show.

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { IMPORT_CHUNK_LINES: '2' } })
})
afterAll(() => svc?.close())

const rowOf = async (id: string) => {
  const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, id))
  if (!row) throw new Error('no such warranty')
  return row
}

/** Every place that shows the purchase date shows the stored one. */
async function shownEverywhere(owner: TestUser, id: string, expected: string): Promise<void> {
  const row = await rowOf(id)
  expect(row.purchaseDate?.toISOString()).toBe(expected)
  const merchant = await svc.request({
    method: 'GET',
    url: `/v1/merchant/warranties/${id}`,
    token: owner.token,
  })
  expect(merchant.json().purchaseDate).toBe(expected)
  const [claimId] = await claimIdsOf(svc.deps.db, id)
  const session = await claimThrough(svc, claimId as string)
  const customer = await svc.request({
    method: 'GET',
    url: `/v1/customer/warranties/${id}`,
    token: session.token,
  })
  expect(customer.statusCode).toBe(200)
  expect(customer.json().purchaseDate).toBe(expected)
  const check = await svc.request({ method: 'GET', url: `/v1/global/warranties/${row.warrantyCode}/verify` })
  expect(check.statusCode).toBe(200)
  expect(check.json().purchaseDate).toBe(expected)
  const facts = certificateFacts(
    { ...row, merchantName: 'Shop', productTitle: null, productBrand: null, productModel: null, gtin: null },
    'http://api.test',
  )
  const attributes = certificateMetadata(facts, 'salt-salt-salt-salt').attributes as {
    trait_type: string
    value: unknown
  }[]
  const trait = attributes.find((a) => a.trait_type === 'Purchase date')
  expect(trait?.value).toBe(expected.slice(0, 10))
}

/** Without a purchase date: the moment of issue, stored; the expiry counts from it. */
async function expectIssueTime(owner: TestUser, id: string, before: Date, after: Date, months: number) {
  const row = await rowOf(id)
  const stored = row.purchaseDate
  expect(stored).not.toBeNull()
  expect(stored!.getTime()).toBeGreaterThanOrEqual(before.getTime())
  expect(stored!.getTime()).toBeLessThanOrEqual(after.getTime())
  expect(row.expiresAt.toISOString()).toBe(addMonths(stored!, months).toISOString())
  await shownEverywhere(owner, id, stored!.toISOString())
}

describe('the purchase date rule, through each issuing path', () => {
  it('one issue: the issue time when omitted, the given date otherwise', async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps)
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 24 })
    const before = new Date()
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: {
        serialNumber: uniqueSerial(),
        merchantProductId: product.id,
        customerEmail: uniqueEmail('pd'),
      },
    })
    const after = new Date()
    expect(res.statusCode).toBe(200)
    expect(res.json().purchaseDate).not.toBeNull()
    await expectIssueTime(owner, res.json().id, before, after, 24)

    const given = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: {
        serialNumber: uniqueSerial(),
        purchaseDate: '2026-01-31T00:00:00Z',
        customerEmail: uniqueEmail('pd'),
      },
    })
    expect(given.json()).toMatchObject({
      purchaseDate: '2026-01-31T00:00:00.000Z',
      expiresAt: '2027-01-31T00:00:00.000Z',
    })
    await shownEverywhere(owner, given.json().id, '2026-01-31T00:00:00.000Z')
  })

  it('bulk: each item without a date gets the issue time', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const before = new Date()
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/bulk',
      token: owner.token,
      payload: {
        items: [
          { serialNumber: uniqueSerial(), customerEmail: uniqueEmail('pd'), warrantyDurationMonths: 6 },
          {
            serialNumber: uniqueSerial(),
            customerEmail: uniqueEmail('pd'),
            purchaseDate: '2025-12-24T00:00:00Z',
          },
        ],
      },
    })
    const after = new Date()
    expect(res.statusCode).toBe(200)
    const [first, second] = res.json().items
    await expectIssueTime(owner, first.warranty.id, before, after, 6)
    await shownEverywhere(owner, second.warranty.id, '2025-12-24T00:00:00.000Z')
  })

  it('CSV import: an empty purchaseDate cell is the issue time, a day is UTC midnight of that day', async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps)
    const csv = [
      'serialNumber;customerEmail;purchaseDate',
      `${uniqueSerial()};${uniqueEmail('pd')};`,
      `${uniqueSerial()};${uniqueEmail('pd')};24.12.2025`,
    ].join('\n')
    const before = new Date()
    const res = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/imports',
      token: owner.token,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    })
    expect(res.statusCode).toBe(202)
    const done = await waitFor(
      async () => {
        const r = await svc.request({
          method: 'GET',
          url: `/v1/merchant/warranties/imports/${res.json().id}`,
          token: owner.token,
        })
        return r.json().state === 'DONE' ? r.json() : null
      },
      20_000,
      50,
    )
    const after = new Date()
    expect(done).toMatchObject({ created: 2, failed: 0 })
    const rows = await svc.deps.db.select().from(warranties).where(eq(warranties.merchantId, merchant.id))
    const byLine = new Map(rows.map((r) => [r.importLine, r]))
    await expectIssueTime(owner, byLine.get(2)!.id, before, after, 12)
    await shownEverywhere(owner, byLine.get(3)!.id, '2025-12-24T00:00:00.000Z')
  })
})

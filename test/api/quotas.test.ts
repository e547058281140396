import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, type TestUser, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { createCustomer, photo, RECEIPTS, save } from '../support/receipt-factories.js'
import { mailsAbout } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({
    env: {
      QUOTA_MERCHANT_EMAILS_PER_DAY: '3',
      QUOTA_RECEIPTS_PER_CUSTOMER: '2',
      RATE_LIMIT_RECEIPT_SAVES: '4/1h',
    },
  })
})
afterAll(() => svc?.close())

const issue = (user: TestUser, payload: object) =>
  svc.request({ method: 'POST', url: '/v1/merchant/warranties/issue', payload, token: user.token })
const serial = () => `SN-${Math.random().toString(36).slice(2, 10)}`

describe('the daily quota of merchant-triggered e-mails (issue 26, defect 12)', () => {
  it('issue, bulk, resend and CSV import share it; past it nothing is half-done and the code is stable', async () => {
    const shop = await createMerchantWithUsers(svc.deps, 'Quota Shop')
    const first = await issue(shop.user, { serialNumber: serial(), customerEmail: uniqueEmail('q') })
    expect(first.statusCode).toBe(200)
    // Bulk: 1 e-mail left of 3; the second e-mailing item fails, the item without e-mail is issued.
    const bulk = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/bulk',
      token: shop.user.token,
      payload: {
        items: [
          { serialNumber: serial(), customerEmail: uniqueEmail('q') },
          { serialNumber: serial(), customerEmail: uniqueEmail('q') },
          { serialNumber: serial(), customerEmail: uniqueEmail('q') },
          { serialNumber: serial() },
        ],
      },
    })
    expect(bulk.statusCode).toBe(200)
    const body = bulk.json()
    expect(body).toMatchObject({ created: 3, failed: 1 })
    expect(body.items.map((i: { status: string }) => i.status)).toEqual([
      'created',
      'created',
      'failed',
      'created',
    ])
    expect(body.items[2].error).toMatchObject({ error: 'email_quota_exceeded' })

    const over = await issue(shop.user, { serialNumber: serial(), customerEmail: uniqueEmail('q') })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ error: 'email_quota_exceeded' })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400)
    // Without an e-mail a warranty is still issued; another merchant has its own quota.
    expect((await issue(shop.user, { serialNumber: serial() })).statusCode).toBe(200)
    const other = await createMerchantWithUsers(svc.deps, 'Other Quota Shop')
    expect(
      (await issue(other.user, { serialNumber: serial(), customerEmail: uniqueEmail('q') })).statusCode,
    ).toBe(200)

    const resend = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${first.json().id}/resend-notification`,
      token: shop.user.token,
    })
    expect(resend.statusCode).toBe(429)
    expect(resend.json()).toMatchObject({ error: 'email_quota_exceeded' })
    expect(await mailsAbout(svc.deps.db, 'warranty', first.json().id)).toHaveLength(1)

    const csv = `serialNumber,customerEmail\n${serial()},${uniqueEmail('csv')}\n${serial()},\n`
    const started = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/imports',
      payload: csv,
      token: shop.user.token,
      headers: { 'content-type': 'text/csv' },
    })
    expect(started.statusCode).toBeLessThan(300)
    const done = await waitFor(
      async () => {
        const res = await svc.request({
          method: 'GET',
          url: `/v1/merchant/warranties/imports/${started.json().id}`,
          token: shop.user.token,
        })
        const b = res.json()
        return b.state === 'DONE' || b.state === 'FAILED' ? b : null
      },
      20_000,
      50,
    )
    expect(done).toMatchObject({ state: 'DONE', created: 1, failed: 1 })
    expect(done.errors.items).toEqual([expect.objectContaining({ line: 2, error: 'email_quota_exceeded' })])
  })
})

describe('the receipt storage quota and the limit on saves (issue 26, defect 12)', () => {
  const saveOne = async (user: TestUser) =>
    save(svc, user.token, {
      imageBase64: (await photo({ width: 64, height: 64 })).toString('base64'),
      ocrData: { merchant: 'Shop' },
    })

  it('refuses a receipt past the per-customer count with 409 receipt_quota_exceeded, and takes one after a delete', async () => {
    const customer = await createCustomer(svc)
    expect((await saveOne(customer)).statusCode).toBe(200)
    const second = await saveOne(customer)
    expect(second.statusCode).toBe(200)
    const third = await saveOne(customer)
    expect(third.statusCode).toBe(409)
    expect(third.json()).toMatchObject({ error: 'receipt_quota_exceeded' })
    const list = await svc.request({ method: 'GET', url: RECEIPTS, token: customer.token })
    expect(list.json().items).toHaveLength(2)
    const del = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/${second.json().id}`,
      token: customer.token,
    })
    expect(del.statusCode).toBe(200)
    expect((await saveOne(customer)).statusCode).toBe(200)
  })

  it('limits saves per customer (429 too_many_requests), whatever is deleted in between', async () => {
    const customer = await createCustomer(svc)
    const statuses = []
    for (let i = 0; i < 5; i++) {
      const res = await saveOne(customer)
      statuses.push(res.statusCode)
      if (res.statusCode === 200) {
        await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${res.json().id}`, token: customer.token })
      } else {
        expect(res.json()).toMatchObject({ error: 'too_many_requests' })
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
  })
})

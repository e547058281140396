import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRowsOf } from '../support/catalog-factories.js'
import { claimThrough } from '../support/customer-factories.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'

// The merchant's currency (docs/console.md, "Currency"): every user of the merchant reads it,
// its OWNER and ADMIN set it, an ISO 4217 code; the customer's wallet names it beside the price.

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const get = (token: string) => svc.request({ method: 'GET', url: '/v1/merchant/settings', token })
const put = (token: string, payload: unknown) =>
  svc.request({ method: 'PUT', url: '/v1/merchant/settings', token, payload: payload as object })

describe('GET and PUT /v1/merchant/settings', () => {
  it('answers the merchant with its currency, EUR by default, to every user of it', async () => {
    const { merchant, owner, admin, user } = await createMerchantWithUsers(svc.deps, 'Settings Shop')
    for (const who of [owner, admin, user]) {
      const res = await get(who.token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ merchantId: merchant.id, name: 'Settings Shop', currency: 'EUR' })
    }
  })

  it('lets OWNER and ADMIN set the currency, not USER; audited; another merchant keeps its own', async () => {
    const a = await createMerchantWithUsers(svc.deps)
    const b = await createMerchantWithUsers(svc.deps)
    const refused = await put(a.user.token, { currency: 'USD' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('forbidden')
    const byAdmin = await put(a.admin.token, { currency: 'CHF' })
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json()).toMatchObject({ merchantId: a.merchant.id, currency: 'CHF' })
    expect((await get(a.user.token)).json().currency).toBe('CHF')
    // Tenant B's owner sets B's currency, never A's.
    expect((await put(b.owner.token, { currency: 'JPY' })).json()).toMatchObject({
      merchantId: b.merchant.id,
      currency: 'JPY',
    })
    expect((await get(a.owner.token)).json().currency).toBe('CHF')
    const audit = (await auditRowsOf(svc.deps.db, a.merchant.id)).filter(
      (r) => r.action === 'merchant.update',
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorId: a.admin.id,
      after: { currency: 'CHF' },
      before: { currency: 'EUR' },
    })
  })

  it.each([
    ['a lower-case code', { currency: 'chf' }],
    ['a code that is not ISO 4217', { currency: 'ABC' }],
    ['a withdrawn code', { currency: 'CUC' }],
    ['no code', {}],
    ['an undeclared property', { currency: 'EUR', name: 'x' }],
  ])('answers 400 validation_error for %s', async (_label, payload) => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const res = await put(owner.token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect((await get(owner.token)).json().currency).toBe('EUR')
  })

  it("names the merchant's currency beside the price in the customer's wallet", async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    await put(owner.token, { currency: 'GBP' })
    const w = await issueWarranty(svc, owner, { customerEmail: uniqueEmail('gbp'), purchasePrice: 49.9 })
    const [claimId] = await claimIdsOf(svc.deps.db, w.id)
    const session = await claimThrough(svc, claimId as string)
    const res = await svc.request({
      method: 'GET',
      url: `/v1/customer/warranties/${w.id}`,
      token: session.token,
    })
    expect(res.json()).toMatchObject({ purchasePrice: 49.9, currency: 'GBP' })
  })
})

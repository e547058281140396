import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { claimThrough } from '../support/customer-factories.js'
import { createMerchantWithUsers, createUser, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, createMerchantProduct, issueWarranty, setMint } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { INBOX_DOMAIN: 'inbox.example.test' } })
})
afterAll(() => svc?.close())

const get = (url: string, token: string) => svc.request({ method: 'GET', url, token })
const patch = (payload: object, token: string) =>
  svc.request({ method: 'PATCH', url: '/v1/customer/me', payload, token })
const DAY = 86_400_000

/** A customer signed in through the claim link of a first warranty at a new merchant. */
async function signedInCustomer(merchantName?: string) {
  const tenant = await createMerchantWithUsers(svc.deps, merchantName)
  const email = uniqueEmail('wallet')
  const first = await issueWarranty(svc, tenant.owner, { customerEmail: email })
  const [claimId] = await claimIdsOf(svc.deps.db, first.id)
  const session = await claimThrough(svc, claimId!)
  return { ...tenant, email, first, token: session.token as string, id: session.user.id as string }
}

describe('GET /v1/customer/warranties', () => {
  it('lists the warranties of every merchant, newest first, with product, merchant, days left and the mint', async () => {
    const c = await signedInCustomer('First Shop')
    const other = await createMerchantWithUsers(svc.deps, 'Second Shop')
    const product = await createMerchantProduct(svc.deps.db, other.merchant.id, { title: 'Kettle K1' })
    const expiresAt = new Date(Date.now() + 10 * DAY + 3_600_000).toISOString()
    const second = await issueWarranty(svc, other.owner, {
      customerEmail: c.email.toUpperCase(),
      merchantProductId: product.id,
      expiresAt,
      invoiceNumber: 'INV-9',
    })
    await setMint(svc.deps.db, second.id, { status: 'MINTED', tokenId: 42, txHash: '0xabc', chainId: 31337 })
    const res = await get('/v1/customer/warranties', c.token)
    expect(res.statusCode).toBe(200)
    const { items, nextCursor } = res.json()
    expect(nextCursor).toBeNull()
    expect(items.map((w: { id: string }) => w.id)).toEqual([second.id, c.first.id])
    expect(items[0]).toMatchObject({
      warrantyCode: second.warrantyCode,
      status: 'ACTIVE',
      productName: 'Kettle K1',
      product: { title: 'Kettle K1', brand: null, model: null },
      merchantId: other.merchant.id,
      merchantName: 'Second Shop',
      invoiceNumber: 'INV-9',
      expiresAt,
      daysLeft: 11,
      claimedAt: expect.any(String),
      mint: {
        status: 'MINTED',
        tokenId: '42',
        txHash: '0xabc',
        chainId: 31337,
        verificationUrl: `http://api.test/v1/global/warranties/${second.warrantyCode}/verify`,
      },
    })
    expect(items[1]).toMatchObject({ merchantName: 'First Shop', mint: { status: 'PENDING' } })
    expect(JSON.stringify(items)).not.toContain('customerEmail')
  })

  // Issue 26, defect 10: issuing to a verified customer answered `claimed: true` at once, so a
  // merchant learned which addresses belong to customers who proved them.
  it('shows a warranty issued after the customer proved the address at once; the customer, not the issue, claims it', async () => {
    const c = await signedInCustomer()
    const stranger = `stranger-${Date.now()}@example.com`
    const later = await issueWarranty(svc, c.owner, { customerEmail: c.email, customerName: 'Named By Shop' })
    const unknown = await issueWarranty(svc, c.owner, { customerEmail: stranger })
    // The merchant's answer is the same for a verified customer and a never-seen address.
    expect(later).toMatchObject({ claimed: false, claimedAt: null, notification: 'queued' })
    expect(unknown).toMatchObject({ claimed: false, claimedAt: null, notification: 'queued' })
    const res = await get(`/v1/customer/warranties/${later.id}`, c.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().claimedAt).not.toBeNull()
    // Once the customer has looked, the merchant sees it claimed.
    const seen = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${later.id}`,
      token: c.owner.token,
    })
    expect(seen.json()).toMatchObject({ claimed: true })
    // The merchant's customerName stays on its warranty and never names the customer's account.
    const me = await get('/v1/customer/me', c.token)
    expect(me.json().name).toBeNull()
  })

  it('pages with limit and cursor', async () => {
    const c = await signedInCustomer()
    for (let i = 0; i < 4; i++) await issueWarranty(svc, c.owner, { customerEmail: c.email })
    const first = (await get('/v1/customer/warranties?limit=2', c.token)).json()
    const second = (await get(`/v1/customer/warranties?limit=2&cursor=${first.nextCursor}`, c.token)).json()
    const third = (await get(`/v1/customer/warranties?limit=2&cursor=${second.nextCursor}`, c.token)).json()
    const ids = [...first.items, ...second.items, ...third.items].map((w: { id: string }) => w.id)
    expect(new Set(ids).size).toBe(5)
    expect(third.nextCursor).toBeNull()
    expect((await get('/v1/customer/warranties?cursor=bogus', c.token)).statusCode).toBe(400)
    expect((await get('/v1/customer/warranties?limit=0', c.token)).statusCode).toBe(400)
  })

  it('filters expiring (within the customer’s reminder days) and expired', async () => {
    const c = await signedInCustomer()
    const soon = await issueWarranty(svc, c.owner, {
      customerEmail: c.email,
      expiresAt: new Date(Date.now() + 5 * DAY).toISOString(),
    })
    const inTwentyDays = await issueWarranty(svc, c.owner, {
      customerEmail: c.email,
      expiresAt: new Date(Date.now() + 20 * DAY).toISOString(),
    })
    const past = await issueWarranty(svc, c.owner, {
      customerEmail: c.email,
      expiresAt: '2020-01-01T00:00:00Z',
    })
    const ids = async (status: string) =>
      (await get(`/v1/customer/warranties?status=${status}`, c.token))
        .json()
        .items.map((w: { id: string }) => w.id)
    expect(await ids('expiring')).toEqual([soon.id])
    expect(await ids('expired')).toEqual([past.id])
    expect(await ids('active')).toEqual([inTwentyDays.id, soon.id, c.first.id])
    await patch({ reminderDaysBeforeExpiry: 30 }, c.token)
    expect(await ids('expiring')).toEqual([inTwentyDays.id, soon.id])
    const expired = (await get(`/v1/customer/warranties/${past.id}`, c.token)).json()
    expect(expired).toMatchObject({ status: 'EXPIRED', daysLeft: 0 })
    expect((await get('/v1/customer/warranties?status=soon', c.token)).statusCode).toBe(400)
  })

  it('never shows another customer’s warranties, in the list or by id (404)', async () => {
    const a = await signedInCustomer()
    const b = await signedInCustomer()
    const listA = (await get('/v1/customer/warranties', a.token))
      .json()
      .items.map((w: { id: string }) => w.id)
    expect(listA).toEqual([a.first.id])
    const res = await get(`/v1/customer/warranties/${b.first.id}`, a.token)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
    expect((await get(`/v1/customer/warranties/${crypto.randomUUID()}`, a.token)).json().error).toBe(
      'not_found',
    )
  })
})

describe('GET and PATCH /v1/customer/me', () => {
  it('answers the defaults, then the settings changed', async () => {
    const c = await signedInCustomer()
    const before = (await get('/v1/customer/me', c.token)).json()
    expect(before).toMatchObject({
      id: c.id,
      email: c.email,
      subscriptionTier: 'FREE',
      reminderDaysBeforeExpiry: 7,
    })
    const res = await patch({ subscriptionTier: 'PAID', reminderDaysBeforeExpiry: 30 }, c.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ subscriptionTier: 'PAID', reminderDaysBeforeExpiry: 30 })
    expect((await patch({ reminderDaysBeforeExpiry: 1 }, c.token)).json()).toMatchObject({
      subscriptionTier: 'PAID',
      reminderDaysBeforeExpiry: 1,
    })
    expect((await get('/v1/customer/me', c.token)).json()).toMatchObject({
      subscriptionTier: 'PAID',
      reminderDaysBeforeExpiry: 1,
    })
    expect((await patch({}, c.token)).json().reminderDaysBeforeExpiry).toBe(1)
  })

  it('keeps the language the customer chose (en, de, fr), and null again to follow the browser', async () => {
    const c = await signedInCustomer()
    expect((await get('/v1/customer/me', c.token)).json().language).toBeNull()
    const res = await patch({ language: 'de' }, c.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ language: 'de', reminderDaysBeforeExpiry: 7 })
    expect((await patch({ reminderDaysBeforeExpiry: 3 }, c.token)).json().language).toBe('de')
    expect((await patch({ language: 'fr' }, c.token)).json().language).toBe('fr')
    expect((await patch({ language: null }, c.token)).json().language).toBeNull()
    expect((await get('/v1/customer/me', c.token)).json()).toMatchObject({
      language: null,
      reminderDaysBeforeExpiry: 3,
    })
  })

  it('works for a customer without a profile row yet', async () => {
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    expect((await get('/v1/customer/me', customer.token)).json()).toMatchObject({
      subscriptionTier: 'FREE',
      verifiedAt: null,
    })
    expect((await patch({ subscriptionTier: 'PAID' }, customer.token)).json().subscriptionTier).toBe('PAID')
  })

  it.each([
    [{ reminderDaysBeforeExpiry: 0 }],
    [{ reminderDaysBeforeExpiry: 31 }],
    [{ reminderDaysBeforeExpiry: 2.5 }],
    [{ subscriptionTier: 'GOLD' }],
    [{ language: 'es' }],
    [{ language: 'DE' }],
    [{ email: 'x@example.com' }],
  ])('answers 400 validation_error for %j', async (body) => {
    const c = await signedInCustomer()
    const res = await patch(body, c.token)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect((await get('/v1/customer/me', c.token)).json()).toMatchObject({
      subscriptionTier: 'FREE',
      reminderDaysBeforeExpiry: 7,
    })
  })
})

describe('GET /v1/customer/inbox-address', () => {
  it('creates one random address on first use and answers it again after', async () => {
    const c = await signedInCustomer()
    const first = await get('/v1/customer/inbox-address', c.token)
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.address).toMatch(/^[a-z2-7]{26}@inbox\.example\.test$/)
    expect(body.addresses).toEqual([
      { id: expect.any(String), address: body.address, createdAt: expect.any(String) },
    ])
    expect((await get('/v1/customer/inbox-address', c.token)).json()).toEqual(body)
  })

  it('creates exactly one address for concurrent first calls; customers get different addresses', async () => {
    const a = await signedInCustomer()
    const b = await signedInCustomer()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get('/v1/customer/inbox-address', a.token)),
    )
    expect(new Set(answers.map((r) => r.json().address)).size).toBe(1)
    expect(answers[0]!.json().addresses).toHaveLength(1)
    const ofB = (await get('/v1/customer/inbox-address', b.token)).json()
    expect(ofB.address).not.toBe(answers[0]!.json().address)
  })
})

describe('customer routes and staff', () => {
  it('answers 403 forbidden to staff tokens and 401 without a token', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const admin = await createUser(svc.deps, { role: 'ADMIN' })
    for (const url of ['/v1/customer/me', '/v1/customer/warranties', '/v1/customer/inbox-address']) {
      for (const token of [owner.token, admin.token]) {
        const res = await get(url, token)
        expect(res.statusCode).toBe(403)
        expect(res.json().error).toBe('forbidden')
      }
      expect((await svc.request({ method: 'GET', url })).statusCode).toBe(401)
    }
  })

  it('keeps a staff member’s customer account apart: its token is a customer token, the staff token stays staff', async () => {
    const { owner, user } = await createMerchantWithUsers(svc.deps)
    const warranty = await issueWarranty(svc, owner, { customerEmail: user.email })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
    const session = await claimThrough(svc, claimId!)
    expect(session.user.id).not.toBe(user.id)
    expect(session.user.role).toBe('CUSTOMER')
    const rows = await svc.deps.db.select().from(users).where(eq(users.email, user.email))
    expect(rows.map((r) => r.role).sort()).toEqual(['CUSTOMER', 'MERCHANT_USER'])
    expect((await get('/v1/merchant/warranties', session.token)).statusCode).toBe(403)
    expect((await get('/v1/customer/warranties', user.token)).statusCode).toBe(403)
    expect((await get('/v1/customer/warranties', session.token)).json().items[0].id).toBe(warranty.id)
  })
})

import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claims, serviceEvents, warranties } from '../../src/db/schema/index.js'
import { allowProvider, claimIn, openClaim, photoBase64, walletWarranty } from '../support/claim-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createMerchantProduct, mailsAbout } from '../support/warranty-factories.js'

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>

let svc: TestService
let a: Tenant
let b: Tenant
let customer: TestUser
let otherCustomer: TestUser
let provider: TestUser
let otherProvider: TestUser
let admin: TestUser

beforeAll(async () => {
  svc = await createTestService()
  ;[a, b, customer, otherCustomer, provider, otherProvider, admin] = await Promise.all([
    createMerchantWithUsers(svc.deps, 'Claims Shop A'),
    createMerchantWithUsers(svc.deps, 'Claims Shop B'),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
    createUser(svc.deps, { role: 'ADMIN' }),
  ])
  await allowProvider(svc, a.merchant.id, provider.serviceProviderId ?? '')
})
afterAll(() => svc?.close())

const DAY = 86_400_000
const post = (url: string, token: string, payload?: object) =>
  svc.request({ method: 'POST', url, token, ...(payload ? { payload } : {}) })
const get = (url: string, token: string) => svc.request({ method: 'GET', url, token })
const M = (id: string, action = '') => `/v1/merchant/claims/${id}${action ? `/${action}` : ''}`
const P = (id: string, action = '') => `/v1/service-provider/claims/${id}${action ? `/${action}` : ''}`
const C = (id: string, action = '') => `/v1/customer/claims/${id}${action ? `/${action}` : ''}`
const open = (warrantyId: string, payload: object, token = customer.token) =>
  post(`/v1/customer/warranties/${warrantyId}/claims`, token, payload)

describe('opening a claim', () => {
  it('opens on a warranty in coverage with cleaned photos, and tells the customer and the merchant once', async () => {
    const w = await walletWarranty(svc, a.owner, customer)
    const res = await open(w.id, {
      category: 'DISPLAY',
      description: '  The screen flickers  ',
      photos: [await photoBase64(), await photoBase64('#3c3')],
    })
    expect(res.statusCode).toBe(201)
    const claim = res.json()
    expect(claim).toMatchObject({
      status: 'SUBMITTED',
      category: 'DISPLAY',
      description: 'The screen flickers',
      autoApproved: false,
      warranty: { id: w.id, warrantyCode: w.warrantyCode },
      merchant: { id: a.merchant.id, name: 'Claims Shop A' },
      serviceProvider: null,
      customer: null,
      timeline: [{ fromStatus: null, toStatus: 'SUBMITTED', party: 'CUSTOMER' }],
    })
    expect(claim.photos).toHaveLength(2)
    const photo = await get(C(claim.id, `photos/${claim.photos[0].id}`), customer.token)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(photo.rawPayload).metadata()
    expect(meta.exif).toBeUndefined()
    const mails = await mailsAbout(svc.deps.db, 'claim', claim.id)
    const to = mails.map((m) => m.toAddress).sort()
    expect(to).toEqual([customer.email, a.owner.email, a.admin.email, a.user.email].sort())
    // The merchant sees the customer; the list filters by status.
    const seen = (await get(M(claim.id), a.user.token)).json()
    expect(seen.customer).toEqual({ email: customer.email, name: expect.any(String) })
    const queue = (await get('/v1/merchant/claims?status=SUBMITTED&limit=200', a.owner.token)).json()
    expect(queue.items.map((c: { id: string }) => c.id)).toContain(claim.id)
    const approvedOnly = (await get('/v1/merchant/claims?status=APPROVED&limit=200', a.owner.token)).json()
    expect(approvedOnly.items.map((c: { id: string }) => c.id)).not.toContain(claim.id)
  })

  it('refuses an expired, a voided, a second open claim, and another customer’s warranty or receipt', async () => {
    const expired = await walletWarranty(svc, a.owner, customer)
    await svc.deps.db
      .update(warranties)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(warranties.id, expired.id))
    const body = { category: 'OTHER', description: 'Broken' }
    const e = await open(expired.id, body)
    expect([e.statusCode, e.json().error]).toEqual([409, 'warranty_expired'])

    const voided = await walletWarranty(svc, a.owner, customer)
    await svc.services.serviceHistory.record(
      { merchantId: a.merchant.id, userId: a.owner.id, merchantRole: 'OWNER' },
      voided.id,
      { kind: 'VOIDED', description: 'Sold as refurbished' },
    )
    const v = await open(voided.id, body)
    expect([v.statusCode, v.json().error]).toEqual([409, 'warranty_voided'])

    const w = await walletWarranty(svc, a.owner, customer)
    expect((await open(w.id, body)).statusCode).toBe(201)
    const again = await open(w.id, body)
    expect([again.statusCode, again.json().error]).toEqual([409, 'claim_already_open'])

    expect((await open(w.id, body, otherCustomer.token)).statusCode).toBe(404)
    const w2 = await walletWarranty(svc, a.owner, customer)
    const r = await open(w2.id, { ...body, receiptId: '00000000-0000-4000-8000-000000000000' })
    expect(r.statusCode).toBe(404)
  })

  it('refuses a photo that is not an image, naming it', async () => {
    const w = await walletWarranty(svc, a.owner, customer)
    const res = await open(w.id, {
      category: 'OTHER',
      description: 'Broken',
      photos: [await photoBase64(), Buffer.from('not an image at all').toString('base64')],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details[0].path).toBe('/body/photos/1')
    expect((await get(`/v1/customer/claims?warrantyId=${w.id}`, customer.token)).json().items).toEqual([])
  })

  it('approves at once under the merchant’s rule (within N days of the purchase, or chosen products)', async () => {
    const put = await svc.request({
      method: 'PUT',
      url: '/v1/merchant/claim-settings',
      token: b.owner.token,
      payload: { autoApproveWithinDays: 30, autoApproveProductIds: [], repairExtensionDays: 0 },
    })
    expect(put.statusCode).toBe(200)
    const asUser = await svc.request({
      method: 'PUT',
      url: '/v1/merchant/claim-settings',
      token: b.user.token,
      payload: { autoApproveWithinDays: 30, autoApproveProductIds: [], repairExtensionDays: 0 },
    })
    expect(asUser.statusCode).toBe(403)
    const recent = await walletWarranty(svc, b.owner, customer, {
      purchaseDate: new Date(Date.now() - 5 * DAY).toISOString(),
    })
    const old = await walletWarranty(svc, b.owner, customer, {
      purchaseDate: new Date(Date.now() - 60 * DAY).toISOString(),
    })
    const r1 = (await open(recent.id, { category: 'DEFECT', description: 'Dead on arrival' })).json()
    expect(r1).toMatchObject({ status: 'APPROVED', autoApproved: true })
    expect(r1.timeline.map((t: { party: string }) => t.party)).toEqual(['CUSTOMER', 'SYSTEM'])
    const r2 = (await open(old.id, { category: 'DEFECT', description: 'Stopped' })).json()
    expect(r2).toMatchObject({ status: 'SUBMITTED', autoApproved: false })
    const bad = await svc.request({
      method: 'PUT',
      url: '/v1/merchant/claim-settings',
      token: b.owner.token,
      payload: {
        autoApproveWithinDays: null,
        autoApproveProductIds: [a.merchant.id],
        repairExtensionDays: 0,
      },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('the journey, and every refused transition', () => {
  it('asks, answers, approves, assigns, repairs by replacement, and the warranty follows', async () => {
    const w = await walletWarranty(svc, a.owner, customer)
    const claim = (await open(w.id, { category: 'NOT_WORKING', description: 'No power' })).json()
    // Refused before approval: assign, resolve by the provider, start.
    expect(
      (await post(M(claim.id, 'assign'), a.owner.token, { serviceProviderId: provider.serviceProviderId }))
        .statusCode,
    ).toBe(409)
    expect((await post(P(claim.id, 'start'), provider.token, { diagnosis: 'x' })).statusCode).toBe(404)

    const asked = await post(M(claim.id, 'request-info'), a.user.token, { question: 'Is it plugged in?' })
    expect(asked.json()).toMatchObject({ status: 'INFO_REQUESTED', decisionNote: 'Is it plugged in?' })
    expect((await post(M(claim.id, 'approve'), a.owner.token, {})).json().error).toBe('invalid_state')
    const answered = await post(C(claim.id, 'messages'), customer.token, {
      body: 'Yes, another lamp works there',
      photos: [await photoBase64('#00f')],
    })
    expect(answered.statusCode).toBe(201)
    expect(answered.json().status).toBe('SUBMITTED')
    expect(answered.json().messages[0]).toMatchObject({ party: 'CUSTOMER', photoIds: [expect.any(String)] })

    expect((await post(M(claim.id, 'approve'), a.user.token, { note: 'Covered' })).json().status).toBe(
      'APPROVED',
    )
    // A USER may not assign; a provider not on the list: 404; the allowed one: ASSIGNED.
    expect(
      (await post(M(claim.id, 'assign'), a.user.token, { serviceProviderId: provider.serviceProviderId }))
        .statusCode,
    ).toBe(403)
    const notAllowed = await post(M(claim.id, 'assign'), a.owner.token, {
      serviceProviderId: otherProvider.serviceProviderId,
    })
    expect(notAllowed.statusCode).toBe(404)
    const assigned = await post(M(claim.id, 'assign'), a.admin.token, {
      serviceProviderId: provider.serviceProviderId,
    })
    expect(assigned.json()).toMatchObject({
      status: 'ASSIGNED',
      serviceProvider: { id: provider.serviceProviderId },
    })
    // The merchant does not resolve a claim a provider holds.
    expect((await post(M(claim.id, 'resolve'), a.owner.token, { outcome: 'REPAIRED' })).statusCode).toBe(409)

    // The provider: sees it (with the customer), not another provider.
    expect((await get(P(claim.id), otherProvider.token)).statusCode).toBe(404)
    const held = (await get(P(claim.id), provider.token)).json()
    expect(held.customer.email).toBe(customer.email)
    const started = await post(P(claim.id, 'start'), provider.token, { diagnosis: 'Burnt power board' })
    expect(started.json()).toMatchObject({ status: 'IN_REPAIR', diagnosis: 'Burnt power board' })
    expect((await post(C(claim.id, 'cancel'), customer.token)).statusCode).toBe(409)
    expect((await post(P(claim.id, 'resolve'), provider.token, { outcome: 'REFUNDED' })).statusCode).toBe(400)
    expect((await post(P(claim.id, 'resolve'), provider.token, { outcome: 'REPLACED' })).statusCode).toBe(400)
    const personal = await post(P(claim.id, 'resolve'), provider.token, {
      outcome: 'REPAIRED',
      note: 'call jane@example.com',
    })
    expect(personal.statusCode).toBe(400)
    const resolved = await post(P(claim.id, 'resolve'), provider.token, {
      outcome: 'REPLACED',
      replacementSerial: 'NEW-SERIAL-77',
      note: 'New unit from stock',
    })
    expect(resolved.statusCode).toBe(200)
    expect(resolved.json()).toMatchObject({
      status: 'RESOLVED',
      outcome: 'REPLACED',
      replacementSerial: 'NEW-SERIAL-77',
    })
    expect((await post(P(claim.id, 'resolve'), provider.token, { outcome: 'REPAIRED' })).json().error).toBe(
      'invalid_state',
    )
    expect((await post(P(claim.id, 'messages'), provider.token, { body: 'late' })).statusCode).toBe(409)

    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, w.id))
    expect(row?.serialNumber).toBe('NEW-SERIAL-77')
    const events = await svc.deps.db.select().from(serviceEvents).where(eq(serviceEvents.warrantyId, w.id))
    expect(events.map((e) => [e.kind, e.description])).toEqual([
      ['REPLACED', 'Replaced under a warranty claim: New unit from stock'],
    ])
    const mine = (await get(C(claim.id), customer.token)).json()
    expect(mine.timeline.map((t: { toStatus: string }) => t.toStatus)).toEqual([
      'SUBMITTED',
      'INFO_REQUESTED',
      'SUBMITTED',
      'APPROVED',
      'ASSIGNED',
      'IN_REPAIR',
      'RESOLVED',
    ])
    // The customer heard of every state change after opening and of none of their own messages.
    const toCustomer = (await mailsAbout(svc.deps.db, 'claim', claim.id)).filter(
      (m) => m.toAddress === customer.email,
    )
    expect(toCustomer).toHaveLength(6)
    // The provider's users heard of the assignment.
    const toProvider = (await mailsAbout(svc.deps.db, 'claim', claim.id)).filter(
      (m) => m.toAddress === provider.email,
    )
    expect(toProvider).toHaveLength(1)
  })

  it('denies with a reason; a denied claim takes nothing more, and a new claim may be opened', async () => {
    const { warranty, claim } = await claimIn(svc, a.owner, customer, 'SUBMITTED')
    expect((await post(M(claim.id, 'deny'), a.user.token, {})).statusCode).toBe(400)
    const denied = await post(M(claim.id, 'deny'), a.user.token, { reason: 'Water damage is not covered' })
    expect(denied.json()).toMatchObject({ status: 'DENIED', decisionNote: 'Water damage is not covered' })
    for (const action of ['approve', 'request-info']) {
      const res = await post(M(claim.id, action), a.owner.token, { question: 'x' })
      expect(res.statusCode, action).toBeGreaterThanOrEqual(400)
    }
    expect((await post(C(claim.id, 'messages'), customer.token, { body: 'But…' })).statusCode).toBe(409)
    expect((await post(C(claim.id, 'cancel'), customer.token)).statusCode).toBe(409)
    expect((await open(warranty.id, { category: 'OTHER', description: 'Another fault' })).statusCode).toBe(
      201,
    )
  })

  it('lets the customer cancel an open claim, once', async () => {
    const { claim } = await claimIn(svc, a.owner, customer, 'APPROVED')
    expect((await post(C(claim.id, 'cancel'), customer.token)).json().status).toBe('CANCELLED')
    expect((await post(C(claim.id, 'cancel'), customer.token)).json().error).toBe('invalid_state')
  })

  it('lets the merchant resolve an approved claim itself: a repair extends coverage by its setting', async () => {
    const t = await createMerchantWithUsers(svc.deps, 'Extending Shop')
    await svc.services.claims.putSettings(t.merchant.id, {
      autoApproveWithinDays: null,
      autoApproveProductIds: [],
      repairExtensionDays: 90,
    })
    const { warranty, claim } = await claimIn(svc, t.owner, customer, 'APPROVED')
    const before = new Date(warranty.expiresAt).getTime()
    // A USER may record a repair, but not one that changes coverage (the extension).
    expect((await post(M(claim.id, 'resolve'), t.user.token, { outcome: 'REPAIRED' })).statusCode).toBe(403)
    const res = await post(M(claim.id, 'resolve'), t.owner.token, { outcome: 'REPAIRED' })
    expect(res.json()).toMatchObject({ status: 'RESOLVED', outcome: 'REPAIRED' })
    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, warranty.id))
    expect(row!.expiresAt.getTime()).toBe(before + 90 * DAY)
    const kinds = (
      await svc.deps.db.select().from(serviceEvents).where(eq(serviceEvents.warrantyId, warranty.id))
    ).map((e) => e.kind)
    expect(kinds.sort()).toEqual(['EXTENDED', 'REPAIRED'])
  })

  it('records a refund as the end of coverage and "not covered" as a closed claim', async () => {
    const refunded = await claimIn(svc, a.owner, customer, 'APPROVED')
    expect(
      (await post(M(refunded.claim.id, 'resolve'), a.user.token, { outcome: 'REFUNDED' })).statusCode,
    ).toBe(403)
    expect(
      (await post(M(refunded.claim.id, 'resolve'), a.owner.token, { outcome: 'REFUNDED' })).statusCode,
    ).toBe(200)
    const history = await svc.services.serviceHistory.history(refunded.warranty.id)
    expect(history.voided).toBe(true)
    const closed = await claimIn(svc, a.owner, customer, 'IN_REPAIR', provider)
    const res = await post(P(closed.claim.id, 'resolve'), provider.token, { outcome: 'NOT_COVERED' })
    expect(res.json().outcome).toBe('NOT_COVERED')
    const events = await svc.services.serviceHistory.history(closed.warranty.id)
    expect(events.events.map((e) => e.kind)).toEqual(['CLAIM_CLOSED'])
  })
})

describe('who sees a claim', () => {
  it('answers 404 to another merchant, another customer and another provider, on every claim route', async () => {
    const { claim } = await claimIn(svc, a.owner, customer, 'ASSIGNED', provider)
    const photo = '00000000-0000-4000-8000-000000000000'
    for (const url of [M(claim.id), M(claim.id, `photos/${photo}`)])
      expect((await get(url, b.owner.token)).statusCode, url).toBe(404)
    for (const action of ['approve', 'deny', 'request-info', 'assign', 'resolve', 'messages']) {
      const res = await post(M(claim.id, action), b.owner.token, {
        reason: 'x',
        question: 'x',
        body: 'x',
        outcome: 'NOT_COVERED',
        serviceProviderId: provider.serviceProviderId,
      })
      expect(res.statusCode, action).toBeGreaterThanOrEqual(400)
      expect([400, 404], action).toContain(res.statusCode)
    }
    expect((await get(C(claim.id), otherCustomer.token)).statusCode).toBe(404)
    expect((await post(C(claim.id, 'messages'), otherCustomer.token, { body: 'hi' })).statusCode).toBe(404)
    expect((await post(C(claim.id, 'cancel'), otherCustomer.token)).statusCode).toBe(404)
    expect((await get(P(claim.id), otherProvider.token)).statusCode).toBe(404)
    expect((await post(P(claim.id, 'start'), otherProvider.token, { diagnosis: 'x' })).statusCode).toBe(404)
    expect((await post(P(claim.id, 'messages'), otherProvider.token, { body: 'x' })).statusCode).toBe(404)
    const lists = await Promise.all([
      get('/v1/merchant/claims?limit=200', b.owner.token),
      get('/v1/customer/claims?limit=200', otherCustomer.token),
      get('/v1/service-provider/claims?limit=200', otherProvider.token),
    ])
    for (const list of lists)
      expect(list.json().items.map((c: { id: string }) => c.id)).not.toContain(claim.id)
    expect((await get('/v1/service-provider/claims', admin.token)).statusCode).toBe(403)
    expect((await get('/v1/merchant/claims', provider.token)).statusCode).toBe(403)
    expect((await get('/v1/customer/claims', a.owner.token)).statusCode).toBe(403)
  })
})

describe('the coverage desk', () => {
  it('answers coverage by code or by GTIN and serial, for merchants that allowed the provider, without the owner', async () => {
    const w = await walletWarranty(svc, a.owner, customer, { serialNumber: 'DESK-001' })
    const byCode = await get(
      `/v1/service-provider/coverage?warrantyCode=${w.warrantyCode.toLowerCase()}`,
      provider.token,
    )
    expect(byCode.statusCode).toBe(200)
    expect(byCode.json()).toMatchObject({
      covered: true,
      status: 'ACTIVE',
      warrantyCode: w.warrantyCode,
      serialNumber: 'DESK-001',
      merchantName: 'Claims Shop A',
      openClaimId: null,
    })
    expect(byCode.body).not.toContain(customer.email)
    const drill = await createMerchantProduct(svc.deps.db, a.merchant.id, {
      title: 'Drill D1',
      gtin: '09506000134352',
    })
    const onDrill = await walletWarranty(svc, a.owner, customer, {
      merchantProductId: drill.id,
      serialNumber: 'GT-55',
    })
    const byGtin = await get(
      '/v1/service-provider/coverage?gtin=09506000134352&serialNumber=gt-55',
      provider.token,
    )
    expect(byGtin.json()).toMatchObject({
      covered: true,
      warrantyCode: onDrill.warrantyCode,
      productName: 'Drill D1',
      gtin: '09506000134352',
    })
    expect(
      (await get(`/v1/service-provider/coverage?warrantyCode=${w.warrantyCode}`, otherProvider.token))
        .statusCode,
    ).toBe(404)
    expect((await get('/v1/service-provider/coverage?gtin=123', provider.token)).statusCode).toBe(400)
    expect((await get('/v1/service-provider/coverage', provider.token)).statusCode).toBe(400)
    const claim = await openClaim(svc, customer, w.id)
    await svc.services.claims.approve(
      { party: 'MERCHANT', userId: a.owner.id, merchantId: a.merchant.id, merchantRole: 'OWNER' },
      claim.id,
      null,
    )
    await svc.services.claims.assign(
      { party: 'MERCHANT', userId: a.owner.id, merchantId: a.merchant.id, merchantRole: 'OWNER' },
      claim.id,
      provider.serviceProviderId ?? '',
      null,
    )
    const again = await get(`/v1/service-provider/coverage?warrantyCode=${w.warrantyCode}`, provider.token)
    expect(again.json().openClaimId).toBe(claim.id)
  })
})

describe('statistics', () => {
  it('counts a merchant’s claims by state and age, outcomes, resolution time and claim rate by product', async () => {
    const t = await createMerchantWithUsers(svc.deps, 'Stats Shop')
    const product = await createMerchantProduct(svc.deps.db, t.merchant.id, { title: 'Blender B2' })
    const onProduct = await walletWarranty(svc, t.owner, customer, { merchantProductId: product.id })
    await walletWarranty(svc, t.owner, customer, { merchantProductId: product.id })
    const old = await openClaim(svc, customer, onProduct.id)
    await svc.deps.db
      .update(claims)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(claims.id, old.id))
    const repaired = await claimIn(svc, t.owner, customer, 'APPROVED')
    await post(M(repaired.claim.id, 'resolve'), t.owner.token, { outcome: 'REPAIRED' })
    const denied = await claimIn(svc, t.owner, customer, 'SUBMITTED')
    await post(M(denied.claim.id, 'deny'), t.owner.token, { reason: 'Misuse' })
    const res = await get('/v1/merchant/claim-stats', t.user.token)
    expect(res.statusCode).toBe(200)
    const stats = res.json()
    expect(stats.open).toEqual({
      total: 1,
      byStatus: { SUBMITTED: 1, INFO_REQUESTED: 0, APPROVED: 0, ASSIGNED: 0, IN_REPAIR: 0 },
      byAge: { under2Days: 0, from2To7Days: 0, from7To30Days: 1, over30Days: 0 },
    })
    expect(stats.closed).toEqual({ RESOLVED: 1, DENIED: 1, CANCELLED: 0 })
    expect(stats.outcomes).toEqual({ REPAIRED: 1, REPLACED: 0, REFUNDED: 0, NOT_COVERED: 0 })
    expect(stats.medianHoursToResolution).toBeGreaterThanOrEqual(0)
    expect(stats.byProduct).toEqual([
      { merchantProductId: product.id, productName: 'Blender B2', claims: 1, warranties: 2, claimRate: 0.5 },
    ])
    expect((await get('/v1/merchant/claim-stats', b.owner.token)).json().closed.RESOLVED).toBe(0)
    // The platform's counts and /metrics see claims by state too.
    const platform = (await get('/v1/admin/stats', admin.token)).json()
    expect(platform.claims.byStatus.DENIED).toBeGreaterThanOrEqual(1)
    expect(platform.serviceProviders.total).toBeGreaterThanOrEqual(2)
    const metrics = await svc.request({ method: 'GET', url: '/metrics' })
    expect(metrics.body).toMatch(/^claims\{state="RESOLVED"\} [1-9]/m)
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productRegistrations, receipts, warranties } from '../../src/db/schema/index.js'
import { createMerchantProduct, validGtin, withWrongCheckDigit } from '../support/catalog-factories.js'
import { createMerchantWithUsers, type TestUser } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { createCustomer, saveReceipt } from '../support/receipt-factories.js'
import { mailsAbout, uniqueSerial } from '../support/warranty-factories.js'

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>
let svc: TestService
let brand: Tenant
let other: Tenant
let buyer: TestUser
let second: TestUser

beforeAll(async () => {
  svc = await createTestService()
  ;[brand, other, buyer, second] = await Promise.all([
    createMerchantWithUsers(svc.deps, 'Kettle Brand'),
    createMerchantWithUsers(svc.deps, 'Other Brand'),
    createCustomer(svc, 'Buyer One'),
    createCustomer(svc, 'Buyer Two'),
  ])
})
afterAll(() => svc?.close())

const DAY = 86_400_000
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)

interface Settings {
  enabled?: boolean
  coverageMonths?: number
  coverageStart?: 'PURCHASE_DATE' | 'REGISTRATION_DATE'
  autoApproveMaxAgeDays?: number | null
  requireKnownSerial?: boolean
}

/** A product of the brand with a GTIN and these registration settings (on, 24 months, 30 days rule). */
async function registrable(settings: Settings = {}) {
  const gtin = validGtin(13)
  const product = await createMerchantProduct(svc.deps.db, brand.merchant.id, { gtin, title: 'Kettle K2' })
  const body = {
    enabled: true,
    coverageMonths: 24,
    coverageStart: 'PURCHASE_DATE',
    autoApproveMaxAgeDays: 30,
    requireKnownSerial: false,
    ...settings,
  }
  const res = await svc.request({
    method: 'PUT',
    url: `/v1/merchant/products/${product.id}/registration`,
    token: brand.owner.token,
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { product, gtin, gtin14: gtin.padStart(14, '0') }
}

/** A receipt of `who` that OCR read (its date and shop), as the OCR pipeline leaves it. */
async function readReceipt(who: TestUser, date: string | null, merchant = 'Corner Shop') {
  const saved = await saveReceipt(svc, who, { ocrData: null })
  await svc.deps.db
    .update(receipts)
    .set({ ocrStatus: 'DONE', ocrData: { merchant, ...(date ? { date } : {}) } })
    .where(eq(receipts.id, saved.id))
  return saved.id as string
}

const register = (who: TestUser, payload: object) =>
  svc.request({ method: 'POST', url: '/v1/customer/registrations', token: who.token, payload })

async function registerWith(who: TestUser, gtin: string, serial: string, date = day(3), extra: object = {}) {
  const receiptId = await readReceipt(who, date)
  return register(who, {
    gtin,
    serialNumber: serial,
    receiptId,
    purchaseDate: date,
    shop: 'Corner Shop',
    ...extra,
  })
}

const check = (gtin: string, serial: string) =>
  svc.request({
    method: 'GET',
    url: `/v1/global/registrations/check?gtin=${gtin}&serial=${encodeURIComponent(serial)}`,
  })

describe('GET /v1/global/registrations/check', () => {
  it('answers the product, the merchant and registrable, nothing personal', async () => {
    const { gtin, gtin14 } = await registrable()
    const res = await check(gtin, 'SN-CHECK-1')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      gtin: gtin14,
      serial: 'SN-CHECK-1',
      productTitle: 'Kettle K2',
      merchantName: 'Kettle Brand',
      registrable: true,
      reason: 'registrable',
      requiresReceipt: true,
      coverageMonths: 24,
    })
  })

  it('tells not_registrable, unknown_serial and already_registered apart', async () => {
    const off = await registrable({ enabled: false })
    expect((await check(off.gtin, 'SN-1')).json()).toMatchObject({
      registrable: false,
      reason: 'not_registrable',
    })
    const known = await registrable({ requireKnownSerial: true })
    expect((await check(known.gtin, 'SN-NOT-MADE')).json().reason).toBe('unknown_serial')
    const taken = await registrable()
    const serial = uniqueSerial()
    expect((await registerWith(buyer, taken.gtin, serial)).statusCode).toBe(201)
    const again = (await check(taken.gtin, serial)).json()
    expect(again).toMatchObject({ registrable: false, reason: 'already_registered' })
    expect(JSON.stringify(again)).not.toContain(buyer.email)
  })

  it('answers 400 invalid_gtin for a bad check digit, 404 for an unknown GTIN, 400 for a bad serial', async () => {
    const { gtin } = await registrable()
    expect((await check(withWrongCheckDigit(gtin), 'SN-1')).json().error).toBe('invalid_gtin')
    const unknown = await check(validGtin(13), 'SN-1')
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found'])
    expect((await check(gtin, 'SN 1')).json().error).toBe('validation_error')
  })
})

describe('PUT and GET /v1/merchant/products/{id}/registration', () => {
  it('is off with the product duration until set; OWNER sets it; USER may read not set; another tenant gets 404', async () => {
    const product = await createMerchantProduct(svc.deps.db, brand.merchant.id, { gtin: validGtin(13) })
    const url = `/v1/merchant/products/${product.id}/registration`
    const fresh = await svc.request({ method: 'GET', url, token: brand.user.token })
    expect(fresh.json()).toMatchObject({ productId: product.id, enabled: false, knownSerials: 0 })
    const body = {
      enabled: true,
      coverageMonths: 36,
      coverageStart: 'REGISTRATION_DATE',
      autoApproveMaxAgeDays: null,
      requireKnownSerial: true,
    }
    expect(
      (await svc.request({ method: 'PUT', url, token: brand.user.token, payload: body })).statusCode,
    ).toBe(403)
    const other404 = await svc.request({ method: 'PUT', url, token: other.owner.token, payload: body })
    expect([other404.statusCode, other404.json().error]).toEqual([404, 'not_found'])
    const set = await svc.request({ method: 'PUT', url, token: brand.admin.token, payload: body })
    expect(set.json()).toEqual({ productId: product.id, ...body, knownSerials: 0 })
    const bad = await svc.request({
      method: 'PUT',
      url,
      token: brand.owner.token,
      payload: { ...body, coverageMonths: 0 },
    })
    expect(bad.json().error).toBe('validation_error')
  })
})

describe('POST /v1/customer/registrations', () => {
  it('issues at once when the rule allows: the buyer’s warranty, coverage from the purchase date, the receipt linked, an e-mail', async () => {
    const { gtin, gtin14, product } = await registrable()
    const serial = uniqueSerial()
    const date = day(5)
    const res = await registerWith(buyer, gtin, serial, date)
    expect(res.statusCode, res.body).toBe(201)
    const reg = res.json()
    expect(reg).toMatchObject({
      status: 'APPROVED',
      autoApproved: true,
      reviewReason: null,
      gtin: gtin14,
      serialNumber: serial,
      productId: product.id,
      purchaseDate: date,
      shop: 'Corner Shop',
    })
    expect(reg.warrantyCode).toMatch(/^WR-/)
    const wallet = await svc.request({ method: 'GET', url: '/v1/customer/warranties', token: buyer.token })
    const warranty = wallet.json().items.find((w: { id: string }) => w.id === reg.warrantyId)
    expect(warranty).toBeDefined()
    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, reg.warrantyId))
    expect(row?.customerId).toBe(buyer.id)
    expect(row?.claimedAt).not.toBeNull()
    expect(row?.mintStatus).toBe('PENDING')
    expect(row?.purchaseDate?.toISOString().slice(0, 10)).toBe(date)
    const expected = new Date(`${date}T00:00:00Z`)
    expected.setUTCMonth(expected.getUTCMonth() + 24)
    expect(row?.expiresAt.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10))
    const [receipt] = await svc.deps.db.select().from(receipts).where(eq(receipts.id, reg.receiptId))
    expect(receipt?.warrantyId).toBe(reg.warrantyId)
    expect(receipt?.customerId).toBe(buyer.id)
    const mails = await mailsAbout(svc.deps.db, 'registration', reg.id)
    expect(mails.map((m) => m.toAddress)).toEqual([buyer.email])
  })

  it('waits for review with a stable reason: no rule, date corrected, receipt too old, date unreadable', async () => {
    const manual = await registrable({ autoApproveMaxAgeDays: null })
    expect((await registerWith(buyer, manual.gtin, uniqueSerial())).json()).toMatchObject({
      status: 'PENDING',
      reviewReason: 'manual_review',
      warrantyId: null,
    })
    const rule = await registrable({ autoApproveMaxAgeDays: 30 })
    const receiptId = await readReceipt(buyer, day(4))
    const corrected = await register(buyer, {
      gtin: rule.gtin,
      serialNumber: uniqueSerial(),
      receiptId,
      purchaseDate: day(2),
    })
    expect(corrected.json().reviewReason).toBe('purchase_date_corrected')
    expect((await registerWith(buyer, rule.gtin, uniqueSerial(), day(45))).json().reviewReason).toBe(
      'receipt_too_old',
    )
    const unread = await readReceipt(buyer, null)
    const blank = await register(buyer, {
      gtin: rule.gtin,
      serialNumber: uniqueSerial(),
      receiptId: unread,
      purchaseDate: day(1),
    })
    expect(blank.json()).toMatchObject({ status: 'PENDING', reviewReason: 'receipt_date_unreadable' })
  })

  it('refuses with 422 not_registrable and unknown_serial, storing nothing', async () => {
    const off = await registrable({ enabled: false })
    const serial = uniqueSerial()
    const refused = await registerWith(buyer, off.gtin, serial)
    expect([refused.statusCode, refused.json().error]).toEqual([422, 'not_registrable'])
    const known = await registrable({ requireKnownSerial: true })
    const unknown = await registerWith(buyer, known.gtin, serial)
    expect([unknown.statusCode, unknown.json().error]).toEqual([422, 'unknown_serial'])
    const rows = await svc.deps.db
      .select()
      .from(productRegistrations)
      .where(eq(productRegistrations.serialNumber, serial))
    expect(rows).toEqual([])
  })

  it('makes a dispute of a serial already registered by another buyer or covered, never a second warranty', async () => {
    const { gtin, product } = await registrable()
    const serial = uniqueSerial()
    expect((await registerWith(buyer, gtin, serial)).json().status).toBe('APPROVED')
    const mine = await registerWith(buyer, gtin, serial.toLowerCase())
    expect([mine.statusCode, mine.json().error]).toEqual([409, 'conflict'])
    const dispute = await registerWith(second, gtin, serial.toLowerCase())
    expect(dispute.json()).toMatchObject({
      status: 'DISPUTE',
      reviewReason: 'already_registered',
      warrantyId: null,
    })
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: brand.user.token,
      payload: { serialNumber: 'COVERED-1', merchantProductId: product.id },
    })
    expect(issued.statusCode).toBe(200)
    expect((await registerWith(second, gtin, 'COVERED-1')).json()).toMatchObject({
      status: 'DISPUTE',
      reviewReason: 'already_covered',
    })
    const all = await svc.deps.db
      .select()
      .from(warranties)
      .where(eq(warranties.merchantProductId, product.id))
    expect(all).toHaveLength(2)
  })

  it('answers 404 for a receipt of another customer, 400 for a future date, 401 and 403 for others', async () => {
    const { gtin } = await registrable()
    const receiptId = await readReceipt(second, day(1))
    const payload = { gtin, serialNumber: uniqueSerial(), receiptId, purchaseDate: day(1) }
    expect((await register(buyer, payload)).statusCode).toBe(404)
    const future = await register(second, { ...payload, purchaseDate: day(-3) })
    expect([future.statusCode, future.json().details?.[0]?.path]).toEqual([400, '/body/purchaseDate'])
    expect(
      (await svc.request({ method: 'POST', url: '/v1/customer/registrations', payload })).statusCode,
    ).toBe(401)
    expect((await register(brand.owner, payload)).statusCode).toBe(403)
  })

  it('lists and reads the buyer’s own registrations only', async () => {
    const { gtin } = await registrable()
    const reg = (await registerWith(buyer, gtin, uniqueSerial())).json()
    const mine = await svc.request({
      method: 'GET',
      url: `/v1/customer/registrations/${reg.id}`,
      token: buyer.token,
    })
    expect(mine.json().id).toBe(reg.id)
    const theirs = await svc.request({
      method: 'GET',
      url: `/v1/customer/registrations/${reg.id}`,
      token: second.token,
    })
    expect(theirs.statusCode).toBe(404)
    const list = await svc.request({
      method: 'GET',
      url: '/v1/customer/registrations?limit=200',
      token: second.token,
    })
    expect(list.json().items.map((r: { id: string }) => r.id)).not.toContain(reg.id)
  })
})

describe('the merchant registration queue', () => {
  it('approves a PENDING registration into the buyer’s wallet; a second approval is 409 invalid_state', async () => {
    const { gtin } = await registrable({ autoApproveMaxAgeDays: null, coverageMonths: 6 })
    const reg = (await registerWith(buyer, gtin, uniqueSerial(), day(10))).json()
    const url = `/v1/merchant/registrations/${reg.id}`
    expect(
      (await svc.request({ method: 'POST', url: `${url}/approve`, token: other.user.token })).statusCode,
    ).toBe(404)
    const approved = await svc.request({ method: 'POST', url: `${url}/approve`, token: brand.user.token })
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      autoApproved: false,
      reviewReason: 'manual_review',
    })
    const [row] = await svc.deps.db
      .select()
      .from(warranties)
      .where(eq(warranties.id, approved.json().warrantyId))
    expect(row).toMatchObject({ customerId: buyer.id, warrantyDurationMonths: 6, issuedBy: brand.user.id })
    const again = await svc.request({ method: 'POST', url: `${url}/approve`, token: brand.owner.token })
    expect([again.statusCode, again.json().error]).toEqual([409, 'invalid_state'])
    expect((await mailsAbout(svc.deps.db, 'registration', reg.id)).length).toBe(2)
  })

  it('refuses with a reason the buyer reads; closes a dispute, which cannot be approved', async () => {
    const { gtin } = await registrable({ autoApproveMaxAgeDays: null })
    const serial = uniqueSerial()
    const first = (await registerWith(buyer, gtin, serial)).json()
    const dispute = (await registerWith(second, gtin, serial)).json()
    const base = '/v1/merchant/registrations'
    const cannot = await svc.request({
      method: 'POST',
      url: `${base}/${dispute.id}/approve`,
      token: brand.user.token,
    })
    expect([cannot.statusCode, cannot.json().error]).toEqual([409, 'invalid_state'])
    const closed = await svc.request({
      method: 'POST',
      url: `${base}/${dispute.id}/refuse`,
      token: brand.user.token,
      payload: { reason: 'Registered by its first buyer' },
    })
    expect(closed.json()).toMatchObject({ status: 'REFUSED', refusalReason: 'Registered by its first buyer' })
    const refused = await svc.request({
      method: 'POST',
      url: `${base}/${first.id}/refuse`,
      token: brand.owner.token,
      payload: { reason: 'The receipt is for another model' },
    })
    expect(refused.json().status).toBe('REFUSED')
    const mails = await mailsAbout(svc.deps.db, 'registration', first.id)
    expect(mails).toHaveLength(2)
    const blank = await svc.request({
      method: 'POST',
      url: `${base}/${first.id}/refuse`,
      token: brand.owner.token,
      payload: { reason: ' ' },
    })
    expect(blank.statusCode).toBe(400)
  })

  it('lists the queue newest first by status, in keyset pages; another tenant sees none of it', async () => {
    const { gtin } = await registrable({ autoApproveMaxAgeDays: null })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await registerWith(buyer, gtin, uniqueSerial())).json().id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = `status=PENDING&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const page = await svc.request({
        method: 'GET',
        url: `/v1/merchant/registrations?${query}`,
        token: brand.user.token,
      })
      const body = page.json()
      expect(body.items.length).toBeLessThanOrEqual(2)
      for (const item of body.items) expect(item.status).toBe('PENDING')
      seen.push(...body.items.map((r: { id: string }) => r.id))
      cursor = body.nextCursor
    } while (cursor)
    expect(seen.slice(0, 3)).toEqual([...ids].reverse())
    expect(new Set(seen).size).toBe(seen.length)
    const theirs = await svc.request({
      method: 'GET',
      url: '/v1/merchant/registrations?limit=200',
      token: other.user.token,
    })
    expect(theirs.json().items).toEqual([])
    const one = await svc.request({
      method: 'GET',
      url: `/v1/merchant/registrations/${ids[0]}`,
      token: other.user.token,
    })
    expect(one.statusCode).toBe(404)
  })
})

describe('POST /v1/merchant/products/{id}/serials', () => {
  const upload = (productId: string, token: string, payload: string | object, type = 'text/csv') =>
    svc.request({
      method: 'POST',
      url: `/v1/merchant/products/${productId}/serials`,
      token,
      payload: payload as string,
      headers: { 'content-type': typeof payload === 'string' ? type : 'application/json' },
    })

  async function finished(productId: string, uploadId: string) {
    return waitFor(async () => {
      const res = await svc.request({
        method: 'GET',
        url: `/v1/merchant/products/${productId}/serials/uploads/${uploadId}`,
        token: brand.user.token,
      })
      const body = res.json()
      return body.state === 'DONE' ? body : null
    })
  }

  it('adds a CSV of serials in the background: duplicates counted, each bad line reported', async () => {
    const { product, gtin } = await registrable({ requireKnownSerial: true })
    const lines = ['serial', 'KN-1', 'KN-2,extra column', '', 'kn-1', 'bad serial', `"KN-3"`, 'X'.repeat(30)]
    const started = await upload(product.id, brand.owner.token, `${lines.join('\r\n')}\n`)
    expect(started.statusCode, started.body).toBe(202)
    expect(started.json()).toMatchObject({ lines: 6 })
    const done = await finished(product.id, started.json().id)
    expect(done).toMatchObject({ processed: 6, added: 3, duplicates: 1, failed: 2 })
    expect(done.errors).toEqual({
      total: 2,
      items: [
        { line: 6, code: 'invalid_serial', message: expect.any(String) },
        { line: 8, code: 'invalid_serial', message: expect.any(String) },
      ],
    })
    expect((await check(gtin, 'kn-3')).json().reason).toBe('registrable')
    expect((await check(gtin, 'KN-4')).json().reason).toBe('unknown_serial')
    const settings = await svc.request({
      method: 'GET',
      url: `/v1/merchant/products/${product.id}/registration`,
      token: brand.user.token,
    })
    expect(settings.json().knownSerials).toBe(3)
  })

  it('takes a JSON list too; USER gets 403, another tenant 404', async () => {
    const { product } = await registrable()
    const json = await upload(product.id, brand.admin.token, { serials: ['J-1', 'J-2', 'J-1'] })
    expect(json.statusCode).toBe(202)
    expect(await finished(product.id, json.json().id)).toMatchObject({ added: 2, duplicates: 1, failed: 0 })
    expect((await upload(product.id, brand.user.token, 'A-1\n')).statusCode).toBe(403)
    expect((await upload(product.id, other.owner.token, 'A-1\n')).statusCode).toBe(404)
    const get = await svc.request({
      method: 'GET',
      url: `/v1/merchant/products/${product.id}/serials/uploads/${json.json().id}`,
      token: other.user.token,
    })
    expect(get.statusCode).toBe(404)
  })
})

describe('two buyers registering one serial at once', () => {
  it('issues one warranty; every other registration is a dispute', async () => {
    for (let round = 0; round < 5; round++) {
      const { gtin, product } = await registrable()
      const serial = uniqueSerial(`RACE${round}`)
      const buyers = await Promise.all([0, 1, 2, 3].map((i) => createCustomer(svc, `Racer ${i}`)))
      const receiptIds = await Promise.all(buyers.map((b) => readReceipt(b, day(2))))
      const answers = await Promise.all(
        buyers.map((b, i) =>
          register(b, { gtin, serialNumber: serial, receiptId: receiptIds[i], purchaseDate: day(2) }),
        ),
      )
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201])
      const statuses = answers.map((a) => a.json().status).sort()
      expect(statuses, `round ${round}`).toEqual(['APPROVED', 'DISPUTE', 'DISPUTE', 'DISPUTE'])
      const issued = await svc.deps.db
        .select()
        .from(warranties)
        .where(eq(warranties.merchantProductId, product.id))
      expect(issued).toHaveLength(1)
    }
  })
})

describe('the resolver with registration on', () => {
  it('sends an unregistered item to the registration page and lists gs1:registerProduct; a registered one to its certificate', async () => {
    const { gtin, gtin14 } = await registrable()
    const serial = uniqueSerial()
    const app = svc.config.appUrl.replace(/\/+$/, '')
    const before = await svc.request({ method: 'GET', url: `/01/${gtin14}/21/${serial}` })
    expect(before.statusCode).toBe(307)
    expect(before.headers.location).toBe(`${app}/register?gtin=${gtin14}&serial=${serial}`)
    const linkset = await svc.request({ method: 'GET', url: `/01/${gtin14}/21/${serial}?linkType=linkset` })
    const context = linkset.json().linkset[0]
    expect(context.anchor).toMatch(new RegExp(`/01/${gtin14}/21/${serial}$`))
    expect(context['https://gs1.org/voc/registerProduct'][0].href).toBe(
      `${app}/register?gtin=${gtin14}&serial=${serial}`,
    )
    const typed = await svc.request({
      method: 'GET',
      url: `/01/${gtin}/21/${serial}?linkType=gs1:registerProduct`,
    })
    expect(typed.headers.location).toBe(`${app}/register?gtin=${gtin14}&serial=${serial}`)
    const reg = (await registerWith(buyer, gtin, serial)).json()
    const after = await svc.request({ method: 'GET', url: `/01/${gtin14}/21/${serial}` })
    expect(after.headers.location).toBe(`${app}/verify/${reg.warrantyCode}?serialNumber=${serial}`)
    const product = await svc.request({ method: 'GET', url: `/01/${gtin14}?linkType=all` })
    expect(product.json().linkset[0]['https://gs1.org/voc/registerProduct'][0].href).toBe(
      `${app}/register?gtin=${gtin14}`,
    )
  })

  it('keeps the product page for a product with registration off, and for a serial the merchant did not make', async () => {
    const off = await registrable({ enabled: false })
    const offAnswer = await svc.request({ method: 'GET', url: `/01/${off.gtin14}/21/SN-1` })
    expect(offAnswer.headers.location).toMatch(/\/verify\?gtin=/)
    const known = await registrable({ requireKnownSerial: true })
    await svc.request({
      method: 'POST',
      url: `/v1/merchant/products/${known.product.id}/serials`,
      token: brand.owner.token,
      payload: { serials: ['MADE-1'] },
    })
    await waitFor(async () => (await check(known.gtin, 'MADE-1')).json().reason === 'registrable' || null)
    const unknown = await svc.request({ method: 'GET', url: `/01/${known.gtin14}/21/NOT-MADE?linkType=all` })
    expect(unknown.json().linkset[0]['https://gs1.org/voc/registerProduct']).toBeUndefined()
    const made = await svc.request({ method: 'GET', url: `/01/${known.gtin14}/21/MADE-1` })
    expect(made.headers.location).toMatch(/\/register\?gtin=/)
  })
})

describe('a registration’s e-mail', () => {
  it('is queued in the registration’s transaction with the registration page link', async () => {
    const { gtin } = await registrable({ autoApproveMaxAgeDays: null })
    const reg = (await registerWith(second, gtin, uniqueSerial())).json()
    const [mail] = await mailsAbout(svc.deps.db, 'registration', reg.id)
    expect(mail?.template).toBe('registration.notice')
    expect(mail?.toAddress).toBe(second.email)
  })
})

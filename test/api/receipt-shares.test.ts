import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptShares } from '../../src/db/schema/index.js'
import { acceptsHtmlFirst } from '../../src/modules/receipts/share.page.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createCustomer, hasGpsOrDevice, photo, RECEIPTS, saveReceipt } from '../support/receipt-factories.js'
import { mailsAbout } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { RECEIPT_SHARES_PER_HOUR: '4' } })
})
afterAll(() => svc?.close())

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const SHARE_PREFIX = 'http://api.test/v1/global/receipt-share/'
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

const shareEmail = (token: string, receiptId: string, payload: object) =>
  svc.request({ method: 'POST', url: `${RECEIPTS}/${receiptId}/share-email`, payload, token })
const open = (link: string, accept?: string) =>
  svc.request({
    method: 'GET',
    url: link.replace('http://api.test', ''),
    ...(accept ? { headers: { accept } } : {}),
  })

/** Shares a receipt and answers the share and the token of the e-mailed link. */
async function shareOf(token: string, receiptId: string, toEmail = 'repairs@example.com') {
  const res = await shareEmail(token, receiptId, { toEmail })
  if (res.statusCode !== 200) throw new Error(`share answered ${res.statusCode}: ${res.body}`)
  const share = res.json()
  const [mail] = await mailsAbout(svc.deps.db, 'receipt_share', share.id)
  const url = (mail!.data as { url: string }).url
  return { share, url, token: url.slice(SHARE_PREFIX.length) }
}

describe('POST /v1/customer/receipts/{id}/share-email', () => {
  it('creates a 30-day link, stored hashed, and e-mails it through the outbox', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const res = await shareEmail(alice.token, receipt.id, { toEmail: 'Repairs@Fixit.Example' })
    expect(res.statusCode).toBe(200)
    const share = res.json()
    expect(share).toEqual({
      id: expect.any(String),
      receiptId: receipt.id,
      toEmail: 'repairs@fixit.example',
      status: 'ACTIVE',
      expiresAt: expect.any(String),
      revokedAt: null,
      createdAt: expect.any(String),
    })
    const ttl = Date.parse(share.expiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(30 * 86_400_000 - 60_000)
    expect(ttl).toBeLessThanOrEqual(30 * 86_400_000)

    const [mail] = await mailsAbout(svc.deps.db, 'receipt_share', share.id)
    expect(mail).toMatchObject({
      template: 'receipt.share',
      toAddress: 'repairs@fixit.example',
      status: 'QUEUED',
    })
    const url = (mail!.data as { url: string }).url
    const token = url.slice(SHARE_PREFIX.length)
    expect(url).toBe(`${SHARE_PREFIX}${token}`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.id, share.id))
    expect(row?.tokenHash).toBe(sha256(token))
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it("answers 404 for another customer's receipt or an unknown one, sending nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const receipt = await saveReceipt(svc, alice)
    for (const [token, id] of [
      [bob.token, receipt.id],
      [alice.token, UNKNOWN],
    ] as const) {
      const res = await shareEmail(token, id, { toEmail: 'x@example.com' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such receipt' })
    }
    const rows = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.receiptId, receipt.id))
    expect(rows).toEqual([])
  })

  it('answers 400 for a missing or invalid toEmail and undeclared properties', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    for (const payload of [{}, { toEmail: 'not-an-email' }, { toEmail: 'a@example.com', note: 'hi' }]) {
      const res = await shareEmail(alice.token, receipt.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
  })

  it('answers 429 with Retry-After past the hourly limit per customer (RECEIPT_SHARES_PER_HOUR), leaving nothing behind', async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const receipt = await saveReceipt(svc, alice)
    for (let i = 0; i < 4; i++) await shareOf(alice.token, receipt.id, `shop${i}@example.com`)
    const over = await shareEmail(alice.token, receipt.id, { toEmail: 'shop5@example.com' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ error: 'too_many_requests', message: 'Too many shares, try again later' })
    const retryAfter = Number(over.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    const rows = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.receiptId, receipt.id))
    expect(rows).toHaveLength(4)
    // Another customer is not held back.
    await shareOf(bob.token, (await saveReceipt(svc, bob)).id)
  })

  it('answers 401 without a token and 403 for another role', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const none = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/share-email`,
      payload: { toEmail: 'a@example.com' },
    })
    expect(none.statusCode).toBe(401)
    const { owner } = await createMerchantWithUsers(svc.deps)
    expect((await shareEmail(owner.token, receipt.id, { toEmail: 'a@example.com' })).statusCode).toBe(403)
  })
})

describe('GET /v1/global/receipt-share/{token}', () => {
  it('shows the image and the extracted data as JSON, nothing of the owner', async () => {
    const alice = await createCustomer(svc, 'Alice Ownerlastname')
    const ocrData = {
      merchant: 'Fix Shop',
      date: '2026-11-01',
      total: '99.00',
      items: [{ name: 'Kettle', price: '99.00' }],
    }
    const receipt = await saveReceipt(svc, alice, { image: await photo(), ocrData })
    const { url, token } = await shareOf(alice.token, receipt.id)
    const res = await open(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      receipt: {
        ocrData,
        contentType: 'image/jpeg',
        byteSize: receipt.byteSize,
        width: receipt.width,
        height: receipt.height,
        imageUrl: `${SHARE_PREFIX}${token}/image`,
        createdAt: receipt.createdAt,
      },
      expiresAt: expect.any(String),
    })
    for (const secret of [alice.email, 'Ownerlastname', alice.id, receipt.id])
      expect(res.body).not.toContain(secret)

    const image = await open(res.json().receipt.imageUrl)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.headers['cache-control']).toMatch(/^private/)
    expect(image.rawPayload.length).toBe(receipt.byteSize)
    expect(await hasGpsOrDevice(image.rawPayload)).toBe(false)
  })

  it('shows a browser a small page: escaped data, the image from this origin, a strict CSP and no script', async () => {
    const alice = await createCustomer(svc, 'Alice Pagename')
    const receipt = await saveReceipt(svc, alice, {
      ocrData: {
        merchant: '<script>alert(1)</script>',
        rawText: 'a & b "quoted"',
        items: [{ name: '<b>x</b>' }],
      },
    })
    const { url, token } = await shareOf(alice.token, receipt.id)
    const res = await open(url, BROWSER)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("img-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toMatch(/script-src/)
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.body).not.toMatch(/<script/i)
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(res.body).toContain('a &amp; b &quot;quoted&quot;')
    expect(res.body).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(res.body).toContain(`<img src="/v1/global/receipt-share/${token}/image"`)
    for (const secret of [alice.email, 'Pagename']) expect(res.body).not.toContain(secret)
  })

  it('answers 404 for an unknown, expired or revoked link, in JSON and as a page', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const expired = await shareOf(alice.token, receipt.id)
    await svc.deps.db
      .update(receiptShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(receiptShares.id, expired.share.id))
    const revoked = await shareOf(alice.token, receipt.id)
    const del = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/shares/${revoked.share.id}`,
      token: alice.token,
    })
    expect(del.statusCode).toBe(200)
    const unknown = `${SHARE_PREFIX}${'x'.repeat(43)}`
    for (const link of [unknown, expired.url, revoked.url]) {
      const json = await open(link)
      expect(json.statusCode, link).toBe(404)
      expect(json.json()).toEqual({
        error: 'not_found',
        message: 'The share link is unknown, expired or revoked',
      })
      const page = await open(link, BROWSER)
      expect(page.statusCode).toBe(404)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.body).toContain('This link does not work')
      expect((await open(`${link}/image`)).statusCode).toBe(404)
    }
  })

  it('answers 400 for a token shorter than 16 characters', async () => {
    const res = await open(`${SHARE_PREFIX}short`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
  })

  it('stops working when the receipt is deleted', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const { url } = await shareOf(alice.token, receipt.id)
    expect((await open(url)).statusCode).toBe(200)
    await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${receipt.id}`, token: alice.token })
    expect((await open(url)).statusCode).toBe(404)
  })
})

describe('GET /v1/customer/receipts/{id}/shares and DELETE /v1/customer/receipts/shares/{shareId}', () => {
  it('lists the shares of a receipt newest first and revokes one', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const first = await shareOf(alice.token, receipt.id, 'one@example.com')
    const second = await shareOf(alice.token, receipt.id, 'two@example.com')
    const list = await svc.request({
      method: 'GET',
      url: `${RECEIPTS}/${receipt.id}/shares`,
      token: alice.token,
    })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual({
      items: [second.share, first.share],
      nextCursor: null,
    })
    const revoked = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/shares/${first.share.id}`,
      token: alice.token,
    })
    expect(revoked.json()).toMatchObject({
      id: first.share.id,
      status: 'REVOKED',
      revokedAt: expect.any(String),
    })
    const again = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/shares/${first.share.id}`,
      token: alice.token,
    })
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt)
    expect((await open(second.url)).statusCode).toBe(200)
  })

  it('answers 404 to another customer for the list and the revocation, which changes nothing', async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const receipt = await saveReceipt(svc, alice)
    const { share, url } = await shareOf(alice.token, receipt.id)
    const list = await svc.request({
      method: 'GET',
      url: `${RECEIPTS}/${receipt.id}/shares`,
      token: bob.token,
    })
    expect(list.statusCode).toBe(404)
    const revoke = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/shares/${share.id}`,
      token: bob.token,
    })
    expect(revoke.statusCode).toBe(404)
    expect(revoke.json()).toEqual({ error: 'not_found', message: 'No such share' })
    expect((await open(url)).statusCode).toBe(200)
  })
})

describe('content negotiation of the share link', () => {
  it('gives a page to browsers and JSON to everyone else', () => {
    expect(acceptsHtmlFirst(BROWSER)).toBe(true)
    expect(acceptsHtmlFirst('text/html')).toBe(true)
    expect(acceptsHtmlFirst(undefined)).toBe(false)
    expect(acceptsHtmlFirst('*/*')).toBe(false)
    expect(acceptsHtmlFirst('application/json')).toBe(false)
    expect(acceptsHtmlFirst('application/json, text/html;q=0.5')).toBe(false)
    expect(acceptsHtmlFirst('text/html;q=0, application/json')).toBe(false)
    expect(acceptsHtmlFirst('text/html;q=0.9, application/json;q=0.9')).toBe(true)
  })
})

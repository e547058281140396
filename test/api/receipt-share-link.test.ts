import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptShares } from '../../src/db/schema/index.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createCustomer, RECEIPTS, saveReceipt } from '../support/receipt-factories.js'
import { mailsAbout } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { RECEIPT_SHARES_PER_HOUR: '3' } })
})
afterAll(() => svc?.close())

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const SHARE_PREFIX = 'http://api.test/v1/global/receipt-share/'

const makeLink = (token: string | undefined, receiptId: string) =>
  svc.request({ method: 'POST', url: `${RECEIPTS}/${receiptId}/share-link`, ...(token ? { token } : {}) })
const open = (url: string) => svc.request({ method: 'GET', url: url.replace('http://api.test', '') })

describe('POST /v1/customer/receipts/{id}/share-link', () => {
  it('answers a 30-day link once, stored only as its hash, e-mailing nobody', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice, { ocrData: { merchant: 'Corner Shop' } })
    const res = await makeLink(alice.token, receipt.id)
    expect(res.statusCode).toBe(200)
    const link = res.json()
    expect(link).toEqual({
      id: expect.any(String),
      receiptId: receipt.id,
      toEmail: null,
      status: 'ACTIVE',
      expiresAt: expect.any(String),
      revokedAt: null,
      createdAt: expect.any(String),
      url: expect.stringMatching(/^http:\/\/api\.test\/v1\/global\/receipt-share\/[A-Za-z0-9_-]{43}$/),
    })
    const ttl = Date.parse(link.expiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(30 * 86_400_000 - 60_000)
    expect(ttl).toBeLessThanOrEqual(30 * 86_400_000)
    const token = link.url.slice(SHARE_PREFIX.length)
    const [row] = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.id, link.id))
    expect(row).toMatchObject({ tokenHash: sha256(token), toEmail: null })
    expect(JSON.stringify(row)).not.toContain(token)
    expect(await mailsAbout(svc.deps.db, 'receipt_share', link.id)).toEqual([])

    // Anyone with it sees the receipt; the owner lists it (without the link) beside e-mailed shares.
    const preview = await open(link.url)
    expect(preview.statusCode).toBe(200)
    expect(preview.json().receipt.ocrData).toEqual({ merchant: 'Corner Shop' })
    const list = await svc.request({
      method: 'GET',
      url: `${RECEIPTS}/${receipt.id}/shares`,
      token: alice.token,
    })
    const { url: _shownOnce, ...listed } = link
    expect(list.json().items).toEqual([listed])
    expect(list.body).not.toContain(token)
  })

  it('stops working once revoked, like an e-mailed link', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const link = (await makeLink(alice.token, receipt.id)).json()
    const revoked = await svc.request({
      method: 'DELETE',
      url: `${RECEIPTS}/shares/${link.id}`,
      token: alice.token,
    })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toMatchObject({ id: link.id, status: 'REVOKED', toEmail: null })
    expect((await open(link.url)).statusCode).toBe(404)
  })

  it('counts against the hourly share limit with e-mailed shares (429, nothing made)', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    const mailed = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/share-email`,
      payload: { toEmail: 'friend@example.com' },
      token: alice.token,
    })
    expect(mailed.statusCode).toBe(200)
    for (let i = 0; i < 2; i++) expect((await makeLink(alice.token, receipt.id)).statusCode).toBe(200)
    const over = await makeLink(alice.token, receipt.id)
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ error: 'too_many_requests', message: 'Too many shares, try again later' })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    const rows = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.receiptId, receipt.id))
    expect(rows).toHaveLength(3)
  })

  it("answers 404 for another customer's receipt or an unknown one, 400 for a non-uuid, making nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const receipt = await saveReceipt(svc, alice)
    for (const [token, id] of [
      [bob.token, receipt.id],
      [alice.token, UNKNOWN],
    ] as const) {
      const res = await makeLink(token, id)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such receipt' })
    }
    expect((await makeLink(alice.token, 'nope')).statusCode).toBe(400)
    const rows = await svc.deps.db.select().from(receiptShares).where(eq(receiptShares.receiptId, receipt.id))
    expect(rows).toHaveLength(0)
  })

  it('answers 401 without a token and 403 for another role', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    expect((await makeLink(undefined, receipt.id)).statusCode).toBe(401)
    const { owner } = await createMerchantWithUsers(svc.deps)
    expect((await makeLink(owner.token, receipt.id)).statusCode).toBe(403)
  })
})

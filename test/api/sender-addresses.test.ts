import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { senderAddresses } from '../../src/db/schema/index.js'
import {
  invalidLinkPage,
  prefersHtml,
  verifiedPage,
} from '../../src/modules/sender-addresses/sender-verify.page.js'
import { createMerchantWithUsers, createUser, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { mailsAbout, verifyTokensOf } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const URL_BASE = '/v1/merchant/sender-addresses'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const tenant = () => createMerchantWithUsers(svc.deps)

const register = (token: string, payload: unknown) =>
  svc.request({ method: 'POST', url: URL_BASE, payload: payload as object, token })
const verify = (token: string, accept?: string) =>
  svc.request({
    method: 'GET',
    url: `/v1/global/sender-verify/${token}`,
    ...(accept ? { headers: { accept } } : {}),
  })
const rowOf = async (id: string) =>
  (await svc.deps.db.select().from(senderAddresses).where(eq(senderAddresses.id, id)))[0]

describe('POST /v1/merchant/sender-addresses', () => {
  it('registers the address lower-cased and e-mails it a verification link valid 7 days', async () => {
    const { merchant, admin } = await tenant()
    const res = await register(admin.token, { email: 'Receipts@Shop.Example' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.any(String),
      email: 'receipts@shop.example',
      status: 'PENDING',
      verifiedAt: null,
      verificationExpiresAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const ttl = Date.parse(body.verificationExpiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(7 * 86_400_000 - 60_000)
    expect(ttl).toBeLessThanOrEqual(7 * 86_400_000)

    const [mail] = await mailsAbout(svc.deps.db, 'sender_address', body.id)
    expect(mail).toMatchObject({ template: 'sender.verification', toAddress: 'receipts@shop.example' })
    const [token] = await verifyTokensOf(svc.deps.db, body.id)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail?.data).toEqual({
      merchantName: merchant.name,
      email: 'receipts@shop.example',
      verifyUrl: `http://api.test/v1/global/sender-verify/${token}`,
    })
    const row = await rowOf(body.id)
    expect(row?.verifyTokenHash).toBe(sha256(token!))
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it('answers 409 conflict for an address the merchant already has (any case); another merchant may have it', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('sender')
    expect((await register(a.owner.token, { email })).statusCode).toBe(200)
    const again = await register(a.admin.token, { email: email.toUpperCase() })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      error: 'conflict',
      message: 'This merchant already has this sender address',
    })
    expect((await register(b.owner.token, { email })).statusCode).toBe(200)
  })

  it('answers 429 with Retry-After past 30 registrations per merchant per hour, leaving nothing behind', async () => {
    const { merchant, owner, admin } = await tenant()
    const registered = []
    for (let i = 0; i < 29; i++) {
      const res = await register(i % 2 ? admin.token : owner.token, { email: uniqueEmail(`r${i}`) })
      expect(res.statusCode, `registration ${i + 1}`).toBe(200)
      registered.push(res.json())
    }
    // A taken address e-mails nothing, so it does not count.
    expect((await register(owner.token, { email: registered[0].email })).statusCode).toBe(409)
    const last = await register(owner.token, { email: uniqueEmail('r30') })
    expect(last.statusCode).toBe(200)

    const over = uniqueEmail('r31')
    const limited = await register(admin.token, { email: over })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many verification e-mails, try again later',
    })
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    const rows = await svc.deps.db
      .select()
      .from(senderAddresses)
      .where(eq(senderAddresses.merchantId, merchant.id))
    expect(rows).toHaveLength(30)
    expect(rows.map((r) => r.email)).not.toContain(over)

    // Deleting frees no registration: delete-and-register-again cannot send more e-mails.
    const del = await svc.request({
      method: 'DELETE',
      url: `${URL_BASE}/${last.json().id}`,
      token: owner.token,
    })
    expect(del.statusCode).toBe(200)
    expect((await register(owner.token, { email: last.json().email })).statusCode).toBe(429)
    // Another merchant is not held back.
    expect((await register((await tenant()).owner.token, { email: over })).statusCode).toBe(200)
  })

  it('answers 429 past 5 verification e-mails to one address per hour, across merchants', async () => {
    const [a, b, c] = [await tenant(), await tenant(), await tenant()]
    const email = uniqueEmail('target')
    const first = await register(a.owner.token, { email })
    expect(first.statusCode).toBe(200)
    for (let i = 0; i < 3; i++) {
      const resent = await svc.request({
        method: 'POST',
        url: `${URL_BASE}/${first.json().id}/resend-verification`,
        token: a.owner.token,
      })
      expect(resent.statusCode).toBe(200)
    }
    const atB = await register(b.owner.token, { email: email.toUpperCase() })
    expect(atB.statusCode).toBe(200)

    const atC = await register(c.owner.token, { email })
    expect(atC.statusCode).toBe(429)
    expect(atC.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many verification e-mails, try again later',
    })
    const retryAfter = Number(atC.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    const resendAtB = await svc.request({
      method: 'POST',
      url: `${URL_BASE}/${atB.json().id}/resend-verification`,
      token: b.owner.token,
    })
    expect(resendAtB.statusCode).toBe(429)
    const rows = await svc.deps.db.select().from(senderAddresses).where(eq(senderAddresses.email, email))
    expect(rows.map((r) => r.merchantId).sort()).toEqual([a.merchant.id, b.merchant.id].sort())
    const mails = [
      ...(await mailsAbout(svc.deps.db, 'sender_address', first.json().id)),
      ...(await mailsAbout(svc.deps.db, 'sender_address', atB.json().id)),
    ]
    expect(mails).toHaveLength(5)
    // Other addresses are not held back.
    expect((await register(c.owner.token, { email: uniqueEmail('fine') })).statusCode).toBe(200)
  })

  it.each([
    ['a missing email', {}, '/body/email'],
    ['an invalid email', { email: 'receipts-at-shop' }, '/body/email'],
    ['an undeclared property', { email: 'a@shop.example', primary: true }, '/body/primary'],
  ])('answers 400 validation_error for %s', async (_label, payload, path) => {
    const { owner } = await tenant()
    const res = await register(owner.token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 403 forbidden to a merchant USER and to other roles, 401 without a token', async () => {
    const { user } = await tenant()
    const res = await register(user.token, { email: uniqueEmail('s') })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    expect((await register(customer.token, { email: uniqueEmail('s') })).statusCode).toBe(403)
    expect(
      (await svc.request({ method: 'POST', url: URL_BASE, payload: { email: 'a@b.example' } })).statusCode,
    ).toBe(401)
  })
})

describe('GET /v1/merchant/sender-addresses', () => {
  it('lists the merchant’s addresses newest first, in pages, to any merchant role', async () => {
    const a = await tenant()
    const b = await tenant()
    const created = []
    for (let i = 0; i < 5; i++)
      created.push((await register(a.owner.token, { email: uniqueEmail(`s${i}`) })).json())
    await register(b.owner.token, { email: uniqueEmail('b') })
    const expected = [...created]
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || (y.id < x.id ? -1 : 1))
      .map((s) => s.id)
    const first = (
      await svc.request({ method: 'GET', url: `${URL_BASE}?limit=2`, token: a.user.token })
    ).json()
    const second = (
      await svc.request({
        method: 'GET',
        url: `${URL_BASE}?limit=2&cursor=${first.nextCursor}`,
        token: a.user.token,
      })
    ).json()
    const third = (
      await svc.request({
        method: 'GET',
        url: `${URL_BASE}?limit=2&cursor=${second.nextCursor}`,
        token: a.user.token,
      })
    ).json()
    expect([...first.items, ...second.items, ...third.items].map((s: { id: string }) => s.id)).toEqual(
      expected,
    )
    expect(third.nextCursor).toBeNull()
    expect(first.items[0]).toEqual(created.find((s) => s.id === expected[0]))
  })

  it('answers 400 for an undeclared query parameter', async () => {
    const { owner } = await tenant()
    const res = await svc.request({ method: 'GET', url: `${URL_BASE}?verified=true`, token: owner.token })
    expect(res.statusCode).toBe(400)
  })
})

describe('DELETE /v1/merchant/sender-addresses/:id', () => {
  it('removes the address; a second delete, and another merchant, get 404', async () => {
    const a = await tenant()
    const b = await tenant()
    const address = (await register(a.owner.token, { email: uniqueEmail('gone') })).json()
    const del = (token: string) => svc.request({ method: 'DELETE', url: `${URL_BASE}/${address.id}`, token })
    expect((await del(b.owner.token)).statusCode).toBe(404)
    expect((await del(a.user.token)).statusCode).toBe(403)
    const res = await del(a.admin.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: address.id, deleted: true })
    expect(await rowOf(address.id)).toBeUndefined()
    const again = await del(a.owner.token)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ error: 'not_found', message: 'No such sender address' })
    const bad = await svc.request({ method: 'DELETE', url: `${URL_BASE}/nope`, token: a.owner.token })
    expect(bad.statusCode).toBe(400)
  })
})

describe('POST /v1/merchant/sender-addresses/:id/resend-verification', () => {
  const resend = (id: string, token: string) =>
    svc.request({ method: 'POST', url: `${URL_BASE}/${id}/resend-verification`, token })

  it('e-mails a fresh link; the previous one stops working', async () => {
    const { owner } = await tenant()
    const address = (await register(owner.token, { email: uniqueEmail('resend') })).json()
    const res = await resend(address.id, owner.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: address.id, status: 'PENDING' })
    const [oldToken, newToken] = await verifyTokensOf(svc.deps.db, address.id)
    expect(newToken).not.toBe(oldToken)
    expect((await verify(oldToken!)).statusCode).toBe(404)
    expect((await verify(newToken!)).json()).toEqual({ verified: true, email: address.email })
  })

  it('answers 409 invalid_state once verified, 404 to another merchant, 403 to a USER', async () => {
    const a = await tenant()
    const b = await tenant()
    const address = (await register(a.owner.token, { email: uniqueEmail('done') })).json()
    expect((await resend(address.id, b.owner.token)).statusCode).toBe(404)
    expect((await resend(address.id, a.user.token)).statusCode).toBe(403)
    const [token] = await verifyTokensOf(svc.deps.db, address.id)
    await verify(token!)
    const res = await resend(address.id, a.owner.token)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ error: 'invalid_state', message: 'The sender address is already verified' })
    expect(await mailsAbout(svc.deps.db, 'sender_address', address.id)).toHaveLength(1)
  })

  it('answers 429 with Retry-After after 3 resends in 15 minutes', async () => {
    const { owner } = await tenant()
    const address = (await register(owner.token, { email: uniqueEmail('spam') })).json()
    for (let i = 0; i < 3; i++) expect((await resend(address.id, owner.token)).statusCode).toBe(200)
    const limited = await resend(address.id, owner.token)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('too_many_requests')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('GET /v1/global/sender-verify/:token', () => {
  it('verifies the address and answers JSON; the same link then answers 404', async () => {
    const { owner } = await tenant()
    const address = (await register(owner.token, { email: uniqueEmail('v') })).json()
    const [token] = await verifyTokensOf(svc.deps.db, address.id)
    const res = await verify(token!)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({ verified: true, email: address.email })
    const row = await rowOf(address.id)
    expect(row).toMatchObject({ verifyTokenHash: null, verifyExpiresAt: null })
    expect(row?.verifiedAt).toBeInstanceOf(Date)

    const listed = (await svc.request({ method: 'GET', url: URL_BASE, token: owner.token })).json().items[0]
    expect(listed).toMatchObject({ id: address.id, status: 'VERIFIED', verificationExpiresAt: null })
    expect(Date.parse(listed.verifiedAt)).toBeGreaterThan(Date.now() - 60_000)

    const again = await verify(token!)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ error: 'not_found', message: 'The verification link is not valid' })
  })

  it('answers a small HTML page to a browser, for success and failure', async () => {
    const { owner } = await tenant()
    const address = (await register(owner.token, { email: uniqueEmail('html') })).json()
    const [token] = await verifyTokensOf(svc.deps.db, address.id)
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
    const res = await verify(token!, browser)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('Sender address confirmed')
    expect(res.body).toContain(address.email)
    expect(res.body).not.toMatch(/(?:src|href)\s*=|https?:\/\//i)
    const failed = await verify(token!, browser)
    expect(failed.statusCode).toBe(404)
    expect(failed.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(failed.body).toContain('This link does not work')
  })

  it('answers 404 for an unknown or expired token and 400 for one shorter than 16 characters', async () => {
    const { owner } = await tenant()
    const address = (await register(owner.token, { email: uniqueEmail('late') })).json()
    const [token] = await verifyTokensOf(svc.deps.db, address.id)
    await svc.deps.db
      .update(senderAddresses)
      .set({ verifyExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(senderAddresses.id, address.id))
    expect((await verify(token!)).statusCode).toBe(404)
    expect((await rowOf(address.id))?.verifiedAt).toBeNull()
    expect((await verify('x'.repeat(43))).statusCode).toBe(404)
    const short = await verify('short-token')
    expect(short.statusCode).toBe(400)
    expect(short.json().details[0].path).toBe('/params/token')
  })
})

describe('the verification page', () => {
  it('escapes the address and chooses HTML only when the client prefers it', () => {
    expect(verifiedPage('"<b>"@x.example')).toContain('&quot;&lt;b&gt;&quot;@x.example')
    expect(invalidLinkPage()).not.toContain('<script')
    expect(prefersHtml(undefined)).toBe(false)
    expect(prefersHtml('*/*')).toBe(false)
    expect(prefersHtml('application/json')).toBe(false)
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false)
    expect(prefersHtml('text/html')).toBe(true)
    expect(prefersHtml('text/html;q=0.9, application/json;q=0.9')).toBe(true)
    expect(prefersHtml('text/html;q=0')).toBe(false)
  })
})

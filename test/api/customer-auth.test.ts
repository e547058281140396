import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimLinks, customerProfiles, magicLinks, users } from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/one-time-tokens.js'
import {
  claimThrough,
  insertClaimLink,
  insertMagicLink,
  magicTokensOf,
} from '../support/customer-factories.js'
import { createMerchantWithUsers, createUser, setUserStatus, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty, mailsAbout } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const get = (url: string, token?: string) => svc.request({ method: 'GET', url, ...(token ? { token } : {}) })
const post = (url: string, payload: object, remoteAddress = '10.1.0.1') =>
  svc.request({ method: 'POST', url, payload, remoteAddress })

/** A merchant issues a warranty to a fresh address; answers it, its claim id and the customer. */
async function issuedToNewCustomer(merchantName?: string) {
  const { owner, merchant } = await createMerchantWithUsers(svc.deps, merchantName)
  const email = uniqueEmail('buyer')
  const warranty = await issueWarranty(svc, owner, { customerEmail: email, customerName: 'Bea' })
  const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
  const [customer] = await svc.deps.db.select().from(users).where(eq(users.email, email))
  return { owner, merchant, email, warranty, claimId: claimId!, customer: customer! }
}

describe('GET /v1/customer/auth/validate-claim', () => {
  it('answers the masked e-mail, the merchant and the number of warranties, and consumes nothing', async () => {
    const { owner, claimId, customer } = await issuedToNewCustomer('Gadget Barn')
    await issueWarranty(svc, owner, { customerEmail: customer.email })
    const res = await get(`/v1/customer/auth/validate-claim?claimId=${claimId}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const [local, domain] = customer.email.split('@')
    expect(body).toEqual({
      valid: true,
      email: `${local![0]}***${local!.at(-1)}@${domain}`,
      merchantName: 'Gadget Barn',
      warrantyCount: 2,
      expiresAt: expect.any(String),
    })
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(13 * 86_400_000)
    expect((await get(`/v1/customer/auth/validate-claim?claimId=${claimId}`)).statusCode).toBe(200)
    const [link] = await svc.deps.db
      .select()
      .from(claimLinks)
      .where(eq(claimLinks.tokenHash, hashToken(claimId)))
    expect(link?.consumedAt).toBeNull()
  })

  it('answers 401 invalid_link for an unknown and a consumed claim id, 401 expired past expiry', async () => {
    const { claimId, customer } = await issuedToNewCustomer()
    expect((await get('/v1/customer/auth/validate-claim?claimId=nope')).json()).toMatchObject({
      error: 'invalid_link',
    })
    await claimThrough(svc, claimId)
    const used = await get(`/v1/customer/auth/validate-claim?claimId=${claimId}`)
    expect(used.statusCode).toBe(401)
    expect(used.json().error).toBe('invalid_link')
    const old = await insertClaimLink(svc.deps.db, { customerId: customer.id, expiresInMs: -1000 })
    const expired = await get(`/v1/customer/auth/validate-claim?claimId=${old}`)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error).toBe('expired')
  })

  it('answers 400 without a claim id', async () => {
    const res = await get('/v1/customer/auth/validate-claim')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
  })
})

describe('POST /v1/customer/auth/claim', () => {
  it('answers a customer JWT like login, the wallet, and the focused warranty', async () => {
    const { claimId, warranty, customer, email } = await issuedToNewCustomer('Sound Shop')
    const res = await post('/v1/customer/auth/claim', { claimId, focusWarrantyId: warranty.id })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toEqual({
      id: customer.id,
      // The merchant's customerName is the merchant's record, not the account's name.
      name: null,
      email,
      role: 'CUSTOMER',
      merchantId: null,
      merchantName: null,
      merchantRole: null,
    })
    expect(body.wallet.items.map((w: { id: string }) => w.id)).toEqual([warranty.id])
    expect(body.wallet.nextCursor).toBeNull()
    expect(body.focus).toMatchObject({ id: warranty.id, merchantName: 'Sound Shop' })
    const me = await get('/v1/customer/me', body.token)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      id: customer.id,
      email,
      subscriptionTier: 'FREE',
      reminderDaysBeforeExpiry: 7,
    })
    expect(me.json().verifiedAt).not.toBeNull()
    // Another merchant still cannot see it.
    const seen = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${warranty.id}`,
      token: (await createMerchantWithUsers(svc.deps)).owner.token,
    })
    expect(seen.statusCode).toBe(404)
  })

  it('marks the warranty claimed for its merchant', async () => {
    const { claimId, warranty, owner } = await issuedToNewCustomer()
    await claimThrough(svc, claimId)
    const seen = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${warranty.id}`,
      token: owner.token,
    })
    expect(seen.json()).toMatchObject({ claimed: true, claimedAt: expect.any(String) })
  })

  it('answers as the focus the warranty the link was e-mailed for, not a newer one of the same shop', async () => {
    const { owner, claimId, warranty, email } = await issuedToNewCustomer('Focus Shop')
    const newer = await issueWarranty(svc, owner, { customerEmail: email })
    const body = await claimThrough(svc, claimId)
    expect(body.wallet.items.map((w: { id: string }) => w.id)).toEqual(
      expect.arrayContaining([warranty.id, newer.id]),
    )
    expect(body.focus?.id).toBe(warranty.id)
  })

  it('answers focus null for a warranty that is not the customer’s', async () => {
    const other = await issuedToNewCustomer()
    const { claimId } = await issuedToNewCustomer()
    const body = await claimThrough(svc, claimId, other.warranty.id)
    expect(body.focus).toBeNull()
    expect(body.wallet.items.map((w: { id: string }) => w.id)).not.toContain(other.warranty.id)
  })

  it('answers 401 invalid_link for a consumed link, an unknown one, and 401 expired past expiry', async () => {
    const { claimId, customer } = await issuedToNewCustomer()
    await claimThrough(svc, claimId)
    const again = await post('/v1/customer/auth/claim', { claimId })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({ error: 'invalid_link', message: 'The link is not valid' })
    expect((await post('/v1/customer/auth/claim', { claimId: 'x'.repeat(43) })).json().error).toBe(
      'invalid_link',
    )
    const old = await insertClaimLink(svc.deps.db, { customerId: customer.id, expiresInMs: -1000 })
    const expired = await post('/v1/customer/auth/claim', { claimId: old })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ error: 'expired', message: 'The link has expired' })
  })

  it('answers 400 for a focusWarrantyId that is not a uuid and for undeclared fields', async () => {
    const { claimId } = await issuedToNewCustomer()
    expect((await post('/v1/customer/auth/claim', { claimId, focusWarrantyId: 'x' })).statusCode).toBe(400)
    expect((await post('/v1/customer/auth/claim', { claimId, extra: 1 })).statusCode).toBe(400)
  })

  it('answers 403 account_suspended for a suspended customer', async () => {
    const { claimId, customer } = await issuedToNewCustomer()
    await setUserStatus(svc.deps.db, customer.id, 'SUSPENDED')
    const res = await post('/v1/customer/auth/claim', { claimId })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('account_suspended')
  })

  it('issues tokens carrying the token version: a bumped version signs the customer out', async () => {
    const { claimId, customer } = await issuedToNewCustomer()
    const { token } = await claimThrough(svc, claimId)
    expect((await get('/v1/customer/me', token)).statusCode).toBe(200)
    await svc.deps.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, customer.id))
    expect((await get('/v1/customer/me', token)).statusCode).toBe(401)
  })
})

describe('POST /v1/customer/auth/resend-link', () => {
  it('e-mails a fresh claim link for an expired claim id; the older open links stop working', async () => {
    const { claimId, warranty, email } = await issuedToNewCustomer()
    await svc.deps.db
      .update(claimLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(claimLinks.tokenHash, hashToken(claimId)))
    const res = await post('/v1/customer/auth/resend-link', { claimId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const mails = await mailsAbout(svc.deps.db, 'warranty', warranty.id)
    expect(mails.map((m) => m.toAddress)).toEqual([email, email])
    const [, fresh] = await claimIdsOf(svc.deps.db, warranty.id)
    expect(fresh).not.toBe(claimId)
    expect((await claimThrough(svc, fresh!)).wallet.items[0].id).toBe(warranty.id)
  })

  it('answers a link a resend replaced as 401 expired that says so, not as a link past its 14 days', async () => {
    const { claimId, warranty } = await issuedToNewCustomer()
    expect((await post('/v1/customer/auth/resend-link', { claimId })).statusCode).toBe(200)
    const replaced = await get(`/v1/customer/auth/validate-claim?claimId=${claimId}`)
    expect(replaced.statusCode).toBe(401)
    expect(replaced.json()).toEqual({
      error: 'expired',
      message: 'A newer link replaced this one: use the link in the newest e-mail',
      details: [{ path: '/claimId', message: 'superseded by a newer link' }],
    })
    expect((await post('/v1/customer/auth/claim', { claimId })).json().details).toEqual([
      { path: '/claimId', message: 'superseded by a newer link' },
    ])
    const [, fresh] = await claimIdsOf(svc.deps.db, warranty.id)
    expect((await get(`/v1/customer/auth/validate-claim?claimId=${fresh}`)).statusCode).toBe(200)
  })

  it('answers an unknown claim id exactly like a known one, and sends nothing', async () => {
    const { claimId } = await issuedToNewCustomer()
    const known = await post('/v1/customer/auth/resend-link', { claimId })
    const unknown = await post('/v1/customer/auth/resend-link', { claimId: 'not-a-claim-id-at-all' })
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
  })

  it('answers 429 too_many_requests with Retry-After after 3 in 15 minutes, for known and unknown ids', async () => {
    const { claimId, warranty } = await issuedToNewCustomer()
    for (const id of [claimId, 'unknown-claim-id-for-limits']) {
      for (let i = 0; i < 3; i++)
        expect((await post('/v1/customer/auth/resend-link', { claimId: id })).statusCode).toBe(200)
      const limited = await post('/v1/customer/auth/resend-link', { claimId: id })
      expect(limited.statusCode).toBe(429)
      expect(limited.json().error).toBe('too_many_requests')
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(await mailsAbout(svc.deps.db, 'warranty', warranty.id)).toHaveLength(4)
  })
})

describe('POST /v1/customer/auth/request-access', () => {
  it('e-mails a 10-minute sign-in link to a known customer', async () => {
    const { customer, email } = await issuedToNewCustomer()
    const res = await post('/v1/customer/auth/request-access', { email: email.toUpperCase() })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const [mail] = await mailsAbout(svc.deps.db, 'customer', customer.id)
    expect(mail).toMatchObject({ toAddress: email, template: 'customer.magic-link' })
    expect((mail!.data as { url: string }).url).toMatch(/^http:\/\/app\.test\/auth\/magic\?token=[\w-]{43}$/)
    expect((mail!.data as { expiresInMinutes: number }).expiresInMinutes).toBe(10)
    const [token] = await magicTokensOf(svc.deps.db, customer.id)
    const [link] = await svc.deps.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.tokenHash, hashToken(token!)))
    expect(Math.abs(link!.expiresAt.getTime() - link!.createdAt.getTime() - 600_000)).toBeLessThan(2000)
  })

  it('creates the customer for an unknown address, with the same answer; a staff address gets a customer too', async () => {
    const admin = await createUser(svc.deps, { role: 'ADMIN' })
    for (const email of [uniqueEmail('newcomer'), admin.email]) {
      const res = await post('/v1/customer/auth/request-access', { email })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true })
      const rows = await svc.deps.db.select().from(users).where(eq(users.email, email))
      const customer = rows.find((r) => r.role === 'CUSTOMER')
      expect(customer?.passwordHash).toBeNull()
      expect(await magicTokensOf(svc.deps.db, customer!.id)).toHaveLength(1)
    }
  })

  it('over the per-address limit: the same 200, nothing sent', async () => {
    const email = uniqueEmail('limited')
    for (let i = 0; i < 7; i++) {
      const res = await post('/v1/customer/auth/request-access', { email }, `10.2.0.${i}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true })
    }
    const [customer] = await svc.deps.db.select().from(users).where(eq(users.email, email))
    expect(await magicTokensOf(svc.deps.db, customer!.id)).toHaveLength(5)
  })

  it('over the per-client limit: the same 200, nothing sent', async () => {
    const emails = Array.from({ length: 22 }, () => uniqueEmail('client'))
    for (const email of emails) {
      expect((await post('/v1/customer/auth/request-access', { email }, '10.3.0.1')).json()).toEqual({
        ok: true,
      })
    }
    const created = await Promise.all(
      emails.map(async (email) => (await svc.deps.db.select().from(users).where(eq(users.email, email)))[0]),
    )
    expect(created.filter(Boolean)).toHaveLength(20)
  })

  it('answers 400 for a value that is not an e-mail', async () => {
    const res = await post('/v1/customer/auth/request-access', { email: 'nope' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
  })
})

describe('GET /v1/customer/auth/validate and POST /v1/customer/auth/magic-link', () => {
  async function requested() {
    const email = uniqueEmail('magic')
    await post('/v1/customer/auth/request-access', { email }, '10.4.0.1')
    const [customer] = await svc.deps.db.select().from(users).where(eq(users.email, email))
    const [token] = await magicTokensOf(svc.deps.db, customer!.id)
    return { email, customer: customer!, token: token! }
  }

  it('validates without using, then signs in once: issued → used', async () => {
    const { email, customer, token } = await requested()
    const check = await get(`/v1/customer/auth/validate?token=${token}`)
    expect(check.statusCode).toBe(200)
    expect(check.json()).toMatchObject({ valid: true, merchantName: null, warrantyCount: 0 })
    expect(check.json().email).toMatch(/^m\*\*\*.@example\.com$/)
    const res = await post('/v1/customer/auth/magic-link', { token })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toEqual({
      id: customer.id,
      name: null,
      email,
      role: 'CUSTOMER',
      merchantId: null,
      merchantName: null,
      merchantRole: null,
    })
    expect((await get('/v1/customer/me', res.json().token)).statusCode).toBe(200)
    const [profile] = await svc.deps.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, customer.id))
    expect(profile?.verifiedAt).not.toBeNull()
  })

  it('answers 401 token_used for a used token (validate too), even once it is also past expiry', async () => {
    const { token } = await requested()
    expect((await post('/v1/customer/auth/magic-link', { token })).statusCode).toBe(200)
    for (const res of [
      await post('/v1/customer/auth/magic-link', { token }),
      await get(`/v1/customer/auth/validate?token=${token}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'token_used', message: 'The token was already used' })
    }
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const usedAndOld = await insertMagicLink(svc.deps.db, customer.id, { used: true, expiresInMs: -1000 })
    expect((await post('/v1/customer/auth/magic-link', { token: usedAndOld })).json().error).toBe(
      'token_used',
    )
  })

  it('answers 401 expired_token past expiry, 401 invalid_token for an unknown token', async () => {
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const old = await insertMagicLink(svc.deps.db, customer.id, { expiresInMs: -1000 })
    for (const res of [
      await post('/v1/customer/auth/magic-link', { token: old }),
      await get(`/v1/customer/auth/validate?token=${old}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'expired_token', message: 'The token has expired' })
    }
    for (const res of [
      await post('/v1/customer/auth/magic-link', { token: 'garbage' }),
      await get('/v1/customer/auth/validate?token=garbage'),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toBe('invalid_token')
    }
  })

  it('answers 400 for a missing or empty token', async () => {
    expect((await post('/v1/customer/auth/magic-link', { token: '' })).statusCode).toBe(400)
    expect((await get('/v1/customer/auth/validate')).statusCode).toBe(400)
  })
})

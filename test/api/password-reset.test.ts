import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailMessages, staffLinks } from '../../src/db/schema/index.js'
import {
  createMerchantWithUsers,
  createUser,
  PASSWORD,
  setUserStatus,
  uniqueEmail,
} from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { staffLinksOf, staffMailsOf } from '../support/staff-factories.js'

let svc: TestService
let merchantId: string

beforeAll(async () => {
  svc = await createTestService({ env: { RATE_LIMIT_STAFF_LINK_USE: '5/15m' } })
  merchantId = (await createMerchantWithUsers(svc.deps)).merchant.id
})
afterAll(() => svc?.close())

let address = 0
/** Each request from its own client address, unless one is given. */
const post = (
  url: string,
  payload: object,
  remoteAddress = `10.9.${Math.floor(++address / 250)}.${address % 250}`,
) => svc.request({ method: 'POST', url, payload, remoteAddress })
const forgot = (email: string, remoteAddress?: string) =>
  post('/v1/auth/forgot-password', { email }, remoteAddress)
const reset = (token: string, newPassword = 'brand-new-pass-1', remoteAddress?: string) =>
  post('/v1/auth/reset-password', { token, newPassword }, remoteAddress)
const login = (email: string, password: string) => post('/v1/auth/login', { email, password })
const merchantUser = () => createUser(svc.deps, { role: 'MERCHANT_USER', merchantId, merchantRole: 'USER' })
/** The reset links e-mailed to the user so far, once the job has queued `count`. */
const resetMails = (userId: string, count = 1) =>
  waitFor(async () => {
    const mails = await staffMailsOf(svc.deps.db, userId)
    return mails.length >= count ? mails : null
  })

describe('Forgot password (staff)', () => {
  it('e-mails a known staff user a 30-minute link; reset sets the password, ends every session, signs in', async () => {
    const user = await merchantUser()
    const asked = await forgot(user.email.toUpperCase())
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ ok: true })
    const [mail] = await resetMails(user.id)
    expect(mail?.template).toBe('staff.password-reset')
    expect(String(mail?.data.url)).toMatch(/^http:\/\/app\.test\/login\/reset\?token=[\w-]{43}$/)
    expect(mail?.data.expiresInMinutes).toBe(30)
    const [link] = await staffLinksOf(svc.deps.db, user.id)
    expect(Math.abs(link!.expiresAt.getTime() - link!.createdAt.getTime() - 30 * 60_000)).toBeLessThan(2000)
    const token = mail?.token ?? ''

    const checked = await svc.request({ method: 'GET', url: `/v1/auth/reset-password?token=${token}` })
    expect(checked.json()).toEqual({
      valid: true,
      email: user.email,
      expiresAt: link!.expiresAt.toISOString(),
    })

    const done = await reset(token)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user).toMatchObject({ id: user.id, email: user.email })
    // The session of before ends; the old password is gone; the new one and the fresh token work.
    expect((await svc.request({ method: 'GET', url: '/v1/auth/me', token: user.token })).statusCode).toBe(401)
    expect(
      (await svc.request({ method: 'GET', url: '/v1/auth/me', token: done.json().token })).statusCode,
    ).toBe(200)
    expect((await login(user.email, PASSWORD)).json()).toMatchObject({ error: 'invalid_credentials' })
    expect((await login(user.email, 'brand-new-pass-1')).statusCode).toBe(200)

    const twice = await reset(token, 'yet-another-pass')
    expect(twice.statusCode).toBe(401)
    expect(twice.json()).toMatchObject({ error: 'token_used' })
  })

  it('answers the same for an unknown address, a customer and a suspended user, and sends nothing', async () => {
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    const suspended = await merchantUser()
    await setUserStatus(svc.deps.db, suspended.id, 'SUSPENDED')
    const known = await merchantUser()
    const answers = []
    for (const email of [uniqueEmail('nobody'), customer.email, suspended.email, known.email]) {
      const res = await forgot(email)
      answers.push([res.statusCode, res.body])
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    // The known user's mail is queued after the others' jobs ran (one queue, in order or not: wait for it, then look).
    await resetMails(known.id)
    await new Promise((r) => setTimeout(r, 500))
    for (const id of [customer.id, suspended.id]) {
      expect(await staffLinksOf(svc.deps.db, id)).toEqual([])
    }
    const toCustomer = await svc.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, customer.email))
    expect(toCustomer).toEqual([])
  })

  it('takes the same time for a known and an unknown address (no lookup before answering)', async () => {
    const known = await Promise.all(Array.from({ length: 9 }, () => merchantUser()))
    const time = async (email: string) => {
      const started = performance.now()
      await forgot(email)
      return performance.now() - started
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    const knownTimes: number[] = []
    const unknownTimes: number[] = []
    for (const user of known) {
      knownTimes.push(await time(user.email))
      unknownTimes.push(await time(uniqueEmail('unknown')))
    }
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(25)
  })

  it('a newer request replaces the open link: the older one answers expired_token', async () => {
    const user = await merchantUser()
    await forgot(user.email)
    await resetMails(user.id, 1)
    await forgot(user.email)
    const mails = await resetMails(user.id, 2)
    const older = await reset(mails[0]?.token ?? '')
    expect(older.statusCode).toBe(401)
    expect(older.json()).toMatchObject({ error: 'expired_token' })
    expect((await reset(mails[1]?.token ?? '')).statusCode).toBe(200)
  })

  it('an expired link: expired_token, the password unchanged; an unknown one: invalid_token', async () => {
    const user = await merchantUser()
    await forgot(user.email)
    const [mail] = await resetMails(user.id)
    await svc.deps.db
      .update(staffLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffLinks.userId, user.id))
    expect((await reset(mail?.token ?? '')).json()).toMatchObject({ error: 'expired_token' })
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200)
    expect((await reset('not-a-token-at-all')).json()).toMatchObject({ error: 'invalid_token' })
    // An invitation's link does not reset a password (nor the other way round).
    const invite = await svc.request({ method: 'GET', url: `/v1/auth/invitation?token=${mail?.token}` })
    expect(invite.json()).toMatchObject({ error: 'invalid_token' })
  })

  it('limits the e-mails per address asked for (same answer, nothing more sent) and the uses per client (429)', async () => {
    const user = await merchantUser()
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).json()).toEqual({ ok: true })
    await resetMails(user.id, 3)
    await new Promise((r) => setTimeout(r, 500))
    expect(await staffMailsOf(svc.deps.db, user.id)).toHaveLength(3)

    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await reset(`guess-${i}`, 'whatever-1', '10.77.0.1')).statusCode)
    expect(codes).toEqual([401, 401, 401, 401, 401, 429])
  })
})

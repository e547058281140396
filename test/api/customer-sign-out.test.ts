import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimThrough, insertMagicLink } from '../support/customer-factories.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'

let svc: TestService
beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const me = (token: string) => svc.request({ method: 'GET', url: '/v1/customer/me', token })
const signOut = (token: string, payload: object) =>
  svc.request({ method: 'POST', url: '/v1/customer/sign-out-everywhere', payload, token })

/** A second session of the same customer, through a sign-in link. */
async function anotherSession(customerId: string): Promise<string> {
  const token = await insertMagicLink(svc.deps.db, customerId)
  const res = await svc.request({ method: 'POST', url: '/v1/customer/auth/magic-link', payload: { token } })
  expect(res.statusCode).toBe(200)
  return res.json().token
}

describe('POST /v1/customer/sign-out-everywhere', () => {
  it('ends every session of the customer, this one too; a new sign-in works again', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const warranty = await issueWarranty(svc, owner, { customerEmail: uniqueEmail('everywhere') })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
    const phone = await claimThrough(svc, claimId!)
    const laptop = await anotherSession(phone.user.id)
    expect((await me(phone.token)).statusCode).toBe(200)
    expect((await me(laptop)).statusCode).toBe(200)

    const res = await signOut(laptop, { confirm: true })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    for (const token of [phone.token, laptop]) {
      const after = await me(token)
      expect(after.statusCode).toBe(401)
      expect(after.json().error).toBe('unauthorized')
    }
    expect((await me(await anotherSession(phone.user.id))).statusCode).toBe(200)
  })

  it('answers 400 validation_error without the confirmation, and ends nothing', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const warranty = await issueWarranty(svc, owner, { customerEmail: uniqueEmail('unconfirmed') })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
    const session = await claimThrough(svc, claimId!)
    for (const payload of [{}, { confirm: false }]) {
      const res = await signOut(session.token, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
    expect((await me(session.token)).statusCode).toBe(200)
  })
})

import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailMessages, ownerChanges } from '../../src/db/schema/index.js'
import { claimThrough, uniqueCustomerEmail } from '../support/customer-factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { signedInCustomer } from '../support/ownership-fixtures.js'
import { claimIdsOf } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
})
afterAll(() => svc?.close())

const wallet = (token: string, id: string) =>
  svc.request({ method: 'GET', url: `/v1/customer/warranties/${id}`, token })
const give = (token: string, id: string, email: string) =>
  svc.request({ method: 'POST', url: `/v1/customer/warranties/${id}/give`, token, payload: { email } })

describe('POST /v1/customer/warranties/{id}/give (resale by e-mail)', () => {
  it('e-mails the new owner a claim link; claiming it moves the warranty and ends the previous owner’s access', async () => {
    const seller = await signedInCustomer(svc, 'seller')
    const buyerEmail = uniqueCustomerEmail('buyer')
    const res = await give(seller.token, seller.warranty.id, buyerEmail)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toMatchObject({ status: 'OPEN' })

    const mails = await svc.deps.db
      .select({ to: mailMessages.toAddress })
      .from(mailMessages)
      .where(eq(mailMessages.subjectId, seller.warranty.id))
      .orderBy(asc(mailMessages.createdAt))
    expect(mails.map((m) => m.to)).toEqual([seller.email, buyerEmail])
    // Until the buyer claims, the warranty stays the seller's.
    expect((await wallet(seller.token, seller.warranty.id)).statusCode).toBe(200)

    const claimId = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''
    const buyer = await claimThrough(svc, claimId, seller.warranty.id)
    const theirs = await wallet(buyer.token, seller.warranty.id)
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toMatchObject({ id: seller.warranty.id, claimedAt: expect.any(String) })
    expect((await wallet(seller.token, seller.warranty.id)).statusCode).toBe(404)

    const changes = await svc.deps.db
      .select()
      .from(ownerChanges)
      .where(eq(ownerChanges.warrantyId, seller.warranty.id))
    expect(changes).toMatchObject([
      { kind: 'RESALE', fromCustomerId: seller.id, toCustomerId: buyer.user.id },
    ])
    const view = await svc.request({
      method: 'GET',
      url: `/v1/customer/warranties/${seller.warranty.id}/ownership`,
      token: buyer.token,
    })
    expect(view.json()).toMatchObject({ holder: 'custodial', changes: [{ kind: 'RESALE' }] })

    // The seller can no longer give it, and the buyer cannot give it to themself.
    expect((await give(seller.token, seller.warranty.id, uniqueCustomerEmail())).statusCode).toBe(404)
    expect((await give(buyer.token, seller.warranty.id, buyer.user.email)).statusCode).toBe(409)
  })

  it("validate-claim of a gift's link counts the warranty the claim will add (it said 0)", async () => {
    const seller = await signedInCustomer(svc, 'counted')
    expect((await give(seller.token, seller.warranty.id, uniqueCustomerEmail('counted'))).statusCode).toBe(
      202,
    )
    const claimId = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''
    const validate = () =>
      svc.request({ method: 'GET', url: `/v1/customer/auth/validate-claim?claimId=${claimId}` })
    const before = await validate()
    expect(before.statusCode).toBe(200)
    expect(before.json()).toMatchObject({ valid: true, warrantyCount: 1 })
    // What the landing page promised is what the wallet holds after the claim.
    const buyer = await claimThrough(svc, claimId, seller.warranty.id)
    const list = await svc.request({ method: 'GET', url: '/v1/customer/warranties', token: buyer.token })
    expect(list.json().items).toHaveLength(1)
  })

  it('a newer offer replaces an open one: the first link reads as expired and hands nothing over', async () => {
    const seller = await signedInCustomer(svc, 'twice')
    const first = uniqueCustomerEmail('first')
    expect((await give(seller.token, seller.warranty.id, first)).statusCode).toBe(202)
    const firstClaim = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''
    expect((await give(seller.token, seller.warranty.id, uniqueCustomerEmail('second'))).statusCode).toBe(202)
    const late = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/claim',
      payload: { claimId: firstClaim },
    })
    expect(late.statusCode).toBe(401)
    expect(late.json()).toMatchObject({ error: 'expired' })
    expect((await wallet(seller.token, seller.warranty.id)).statusCode).toBe(200)
  })

  it("answers 404 for another customer's warranty", async () => {
    const a = await signedInCustomer(svc, 'a')
    const b = await signedInCustomer(svc, 'b')
    expect((await give(b.token, a.warranty.id, uniqueCustomerEmail())).statusCode).toBe(404)
  })
})

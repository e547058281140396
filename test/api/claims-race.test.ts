import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimTransitions, serviceEvents, warranties } from '../../src/db/schema/index.js'
import { allowProvider, claimIn } from '../support/claim-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { mailsAbout } from '../support/warranty-factories.js'

// On the embedded PostgreSQL of `npm test` (and the machine's PostgreSQL in the compat pass):
// simultaneous requests on one claim give one winner and one 409 invalid_state, never two effects.

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>
let svc: TestService
let shop: Tenant
let customer: TestUser
let provider: TestUser

beforeAll(async () => {
  svc = await createTestService()
  ;[shop, customer, provider] = await Promise.all([
    createMerchantWithUsers(svc.deps, 'Race Shop'),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
  ])
  await allowProvider(svc, shop.merchant.id, provider.serviceProviderId ?? '')
})
afterAll(() => svc?.close())

const ROUNDS = 8
const post = (url: string, token: string, payload: object) =>
  svc.request({ method: 'POST', url, token, payload })
const transitionsOf = async (claimId: string) =>
  svc.deps.db.select().from(claimTransitions).where(eq(claimTransitions.claimId, claimId))

describe('simultaneous decisions on one claim', () => {
  it('approve against deny (two users): one winner, one invalid_state, one transition, one e-mail to the customer', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { claim } = await claimIn(svc, shop.owner, customer, 'SUBMITTED')
      const base = `/v1/merchant/claims/${claim.id}`
      const answers = await Promise.all([
        post(`${base}/approve`, shop.owner.token, {}),
        post(`${base}/deny`, shop.user.token, { reason: 'Not covered' }),
      ])
      const statuses = answers.map((a) => a.statusCode).sort()
      expect(statuses, `round ${round}`).toEqual([200, 409])
      expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe('invalid_state')
      const winner = answers.find((a) => a.statusCode === 200)?.json().status
      expect(['APPROVED', 'DENIED']).toContain(winner)
      const moves = await transitionsOf(claim.id)
      expect(moves.map((m) => m.toStatus).sort()).toEqual(['SUBMITTED', winner].sort())
      const toCustomer = (await mailsAbout(svc.deps.db, 'claim', claim.id)).filter(
        (m) => m.toAddress === customer.email,
      )
      // One for the opening, one for the single decision.
      expect(toCustomer).toHaveLength(2)
    }
  })

  it('two approvals at once: one 200, one 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { claim } = await claimIn(svc, shop.owner, customer, 'SUBMITTED')
      const url = `/v1/merchant/claims/${claim.id}/approve`
      const answers = await Promise.all([post(url, shop.owner.token, {}), post(url, shop.admin.token, {})])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    }
  })
})

describe('simultaneous resolutions on one claim', () => {
  it('two replacements with different serials: one winner, one service event, the winner’s serial', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { claim, warranty } = await claimIn(svc, shop.owner, customer, 'IN_REPAIR', provider)
      const url = `/v1/service-provider/claims/${claim.id}/resolve`
      const serials = [`RACE-${round}-A`, `RACE-${round}-B`]
      const answers = await Promise.all(
        serials.map((s) => post(url, provider.token, { outcome: 'REPLACED', replacementSerial: s })),
      )
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409])
      const won = answers.find((a) => a.statusCode === 200)?.json().replacementSerial
      const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, warranty.id))
      expect(row?.serialNumber).toBe(won)
      const events = await svc.deps.db
        .select()
        .from(serviceEvents)
        .where(eq(serviceEvents.warrantyId, warranty.id))
      expect(events.map((e) => e.kind)).toEqual(['REPLACED'])
    }
  })

  it('the merchant resolving while the customer cancels: one effect', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { claim, warranty } = await claimIn(svc, shop.owner, customer, 'APPROVED')
      const answers = await Promise.all([
        post(`/v1/merchant/claims/${claim.id}/resolve`, shop.owner.token, { outcome: 'REFUNDED' }),
        svc.request({ method: 'POST', url: `/v1/customer/claims/${claim.id}/cancel`, token: customer.token }),
      ])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      const events = await svc.deps.db
        .select()
        .from(serviceEvents)
        .where(eq(serviceEvents.warrantyId, warranty.id))
      const resolved = answers[0]?.statusCode === 200
      expect(events.map((e) => e.kind)).toEqual(resolved ? ['VOIDED'] : [])
    }
  })
})

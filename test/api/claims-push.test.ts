import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimPushes, pushDevices } from '../../src/db/schema/index.js'
import { claimIn } from '../support/claim-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { type FakeApns, startFakeApns } from '../support/fake-apns.js'
import { type FakeFcm, FCM_ANSWERS, startFakeFcm } from '../support/fake-fcm.js'
import { fakePushEnv } from '../support/fake-push-env.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'

let svc: TestService
let fcm: FakeFcm
let apns: FakeApns
let shop: Awaited<ReturnType<typeof createMerchantWithUsers>>

beforeAll(async () => {
  ;[fcm, apns] = await Promise.all([startFakeFcm(), startFakeApns({ tls: false })])
  svc = await createTestService({ env: fakePushEnv(fcm, apns) })
  shop = await createMerchantWithUsers(svc.deps, 'Push Shop')
})
afterAll(async () => {
  await svc?.close()
  await Promise.all([fcm?.close(), apns?.close()])
})

async function customerWithDevice(token: string): Promise<TestUser> {
  const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
  const res = await svc.request({
    method: 'POST',
    url: '/v1/customer/push/register',
    token: customer.token,
    payload: { token, platform: 'android' },
  })
  expect(res.statusCode).toBe(200)
  return customer
}

const toDevice = (token: string) => fcm.sent.filter((m) => m.token === token)

describe('claim push notifications', () => {
  it('pushes each change to the customer’s device once, through the real FCM protocol', async () => {
    const device = `fcm-claims-${Date.now()}`
    const customer = await customerWithDevice(device)
    const { claim } = await claimIn(svc, shop.owner, customer, 'APPROVED')
    // Opening and approval: two notifications, each sent once.
    await waitFor(async () => toDevice(device).length >= 2, 20_000, 50)
    await new Promise((r) => setTimeout(r, 1500))
    const sent = toDevice(device)
    expect(sent).toHaveLength(2)
    expect(sent.map((m) => m.notification?.body).sort()).toEqual(
      ['Your claim was approved.', 'Your claim was received.'].sort(),
    )
    expect(sent[0]?.data).toMatchObject({ type: 'claim.update', claimId: claim.id })
    const rows = await svc.deps.db.select().from(claimPushes).where(eq(claimPushes.claimId, claim.id))
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['SENT', 1],
      ['SENT', 1],
    ])
  })

  it('removes a device the provider no longer knows, and its pending pushes with it', async () => {
    const device = `fcm-gone-${Date.now()}`
    const customer = await customerWithDevice(device)
    fcm.answerFor(device, FCM_ANSWERS.unregistered)
    const { claim } = await claimIn(svc, shop.owner, customer, 'SUBMITTED')
    await waitFor(
      async () =>
        (await svc.deps.db.select().from(pushDevices).where(eq(pushDevices.customerId, customer.id)))
          .length === 0,
      20_000,
      50,
    )
    expect(await svc.deps.db.select().from(claimPushes).where(eq(claimPushes.claimId, claim.id))).toEqual([])
  })
})

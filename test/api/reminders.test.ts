import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reminderSends } from '../../src/db/schema/index.js'
import { renderMail } from '../../src/modules/mail/templates/index.js'
import { createMerchant } from '../support/factories.js'
import { APNS_ANSWERS, type FakeApns, startFakeApns } from '../support/fake-apns.js'
import { type FakeFcm, FCM_ANSWERS, startFakeFcm } from '../support/fake-fcm.js'
import { fakePushEnv } from '../support/fake-push-env.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  devicesOf,
  insertClaimedWarranties,
  insertCustomers,
  insertDevices,
  reminderRows,
  setReminderDays,
} from '../support/reminder-factories.js'
import { mailsAbout } from '../support/warranty-factories.js'

const SECRET = 'cron-secret-for-reminder-tests'
const ROUTE = '/v1/global/jobs/warranty-reminders'

let svc: TestService
let fcm: FakeFcm
let apns: FakeApns
let merchantId: string

beforeAll(async () => {
  ;[fcm, apns] = await Promise.all([startFakeFcm(), startFakeApns({ tls: false })])
  svc = await createTestService({
    env: {
      CRON_SECRET: SECRET,
      ...fakePushEnv(fcm, apns),
    },
  })
  merchantId = (await createMerchant(svc.deps.db, { name: 'Acme Appliances' })).id
})
afterAll(async () => {
  await svc?.close()
  await Promise.all([fcm?.close(), apns?.close()])
})

const runReminders = async () => {
  const res = await svc.request({ method: 'POST', url: ROUTE, headers: { 'x-cron-secret': SECRET } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { warranties: number; sent: number; failed: number }
}
const apnsToken = () => randomBytes(32).toString('hex')
const fcmSentTo = (token: string) => fcm.sent.filter((m) => m.token === token)
const apnsSentTo = (token: string) => apns.sent.filter((m) => m.token === token)

describe('POST /v1/global/jobs/warranty-reminders', () => {
  it('answers 401 unauthorized without the secret or with a wrong one', async () => {
    for (const headers of [{}, { 'x-cron-secret': 'wrong' }, { 'x-cron-secret': `${SECRET}x` }]) {
      const res = await svc.request({ method: 'POST', url: ROUTE, headers })
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toBe('unauthorized')
    }
  })

  it('sends one push per device for each due warranty, within each threshold, and nothing again', async () => {
    const [a, b] = await insertCustomers(svc.deps.db, 2)
    if (!a || !b) throw new Error('customers')
    await setReminderDays(svc.deps.db, b.id, 14)
    const [aDue] = await insertClaimedWarranties(svc.deps.db, merchantId, [a], { expiresInDays: 3 })
    const [aLater] = await insertClaimedWarranties(svc.deps.db, merchantId, [a], { expiresInDays: 10 })
    const [aExpired] = await insertClaimedWarranties(svc.deps.db, merchantId, [a], { expiresInDays: -1 })
    const [aUnclaimed] = await insertClaimedWarranties(svc.deps.db, merchantId, [a], {
      expiresInDays: 2,
      claimed: false,
    })
    const [bDue] = await insertClaimedWarranties(svc.deps.db, merchantId, [b], { expiresInDays: 10 })
    const [aPhone] = await insertDevices(svc.deps.db, [a.id], 'android')
    const [aTablet] = await insertDevices(svc.deps.db, [a.id], 'ios', apnsToken)
    const [bPhone] = await insertDevices(svc.deps.db, [b.id], 'android')
    if (!aDue || !aLater || !aExpired || !aUnclaimed || !bDue || !aPhone || !aTablet || !bPhone) {
      throw new Error('fixtures')
    }

    expect(await runReminders()).toEqual({ warranties: 2, sent: 3, failed: 0 })
    expect(fcmSentTo(aPhone.token)).toHaveLength(1)
    expect(apnsSentTo(aTablet.token)).toHaveLength(1)
    expect(fcmSentTo(bPhone.token)).toHaveLength(1)
    const push = fcmSentTo(aPhone.token)[0]
    expect(push?.notification.title).toBe('Warranty ending soon')
    expect(push?.notification.body).toContain('Acme Appliances')
    expect(push?.notification.body).toContain(aDue.expiresAt.toISOString().slice(0, 10))
    expect(push?.data).toMatchObject({
      warrantyId: aDue.id,
      url: `http://app.test/warranties/${aDue.id}`,
      expiresAt: aDue.expiresAt.toISOString(),
    })
    const rows = await reminderRows(svc.deps.db, [aDue.id, aLater.id, aExpired.id, aUnclaimed.id, bDue.id])
    expect(rows.map((r) => [r.warrantyId, r.channel, r.target, r.status, r.attempts]).sort()).toEqual(
      [
        [aDue.id, 'push', aPhone.token, 'SENT', 1],
        [aDue.id, 'push', aTablet.token, 'SENT', 1],
        [bDue.id, 'push', bPhone.token, 'SENT', 1],
      ].sort(),
    )

    expect(await runReminders()).toEqual({ warranties: 2, sent: 0, failed: 0 })
    expect(fcmSentTo(aPhone.token)).toHaveLength(1)
    expect(apnsSentTo(aTablet.token)).toHaveLength(1)
  })

  it('reminds again when the expiry changes', async () => {
    const [c] = await insertCustomers(svc.deps.db, 1)
    const [w] = await insertClaimedWarranties(svc.deps.db, merchantId, [c!], { expiresInDays: 5 })
    const [phone] = await insertDevices(svc.deps.db, [c!.id])
    await runReminders()
    await svc.deps.db.execute(
      sql`update warranties set expires_at = expires_at + interval '1 day' where id = ${w!.id}`,
    )
    await runReminders()
    const sent = fcmSentTo(phone!.token)
    expect(sent).toHaveLength(2)
    expect(new Set(sent.map((m) => m.data?.expiresAt)).size).toBe(2)
  })

  it('e-mails the reminder to a customer without any device, once', async () => {
    const [c] = await insertCustomers(svc.deps.db, 1)
    const [w] = await insertClaimedWarranties(svc.deps.db, merchantId, [c!], { expiresInDays: 4 })
    const first = await runReminders()
    expect(first.sent).toBeGreaterThanOrEqual(1)
    await runReminders()
    const mails = await mailsAbout(svc.deps.db, 'warranty', w!.id)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.template).toBe('warranty.reminder')
    expect(mails[0]?.toAddress).toBe(c!.email)
    const rendered = renderMail('warranty.reminder', mails[0]?.data)
    expect(rendered.subject).toContain(w!.expiresAt.toISOString().slice(0, 10))
    expect(rendered.text).toContain('Acme Appliances')
    expect(rendered.text).toContain(`http://app.test/warranties/${w!.id}`)
    expect(rendered.html).toContain(`href="http://app.test/warranties/${w!.id}"`)
    const [row] = await reminderRows(svc.deps.db, [w!.id])
    expect(row).toMatchObject({ channel: 'email', target: c!.email, status: 'SENT' })
  })

  it('removes a device whose token the provider reports unregistered (FCM and APNs)', async () => {
    const [c, d] = await insertCustomers(svc.deps.db, 2)
    const [wc] = await insertClaimedWarranties(svc.deps.db, merchantId, [c!], { expiresInDays: 2 })
    const [wd] = await insertClaimedWarranties(svc.deps.db, merchantId, [d!], { expiresInDays: 2 })
    const [gone] = await insertDevices(svc.deps.db, [c!.id])
    const [stale] = await insertDevices(svc.deps.db, [d!.id], 'ios', apnsToken)
    fcm.answerFor(gone!.token, FCM_ANSWERS.unregistered)
    apns.answerFor(stale!.token, APNS_ANSWERS.unregistered)
    const result = await runReminders()
    expect(result.failed).toBeGreaterThanOrEqual(2)
    expect(await devicesOf(svc.deps.db, c!.id)).toEqual([])
    expect(await devicesOf(svc.deps.db, d!.id)).toEqual([])
    const rows = await reminderRows(svc.deps.db, [wc!.id, wd!.id])
    expect(rows.map((r) => r.status)).toEqual(['FAILED', 'FAILED'])
    expect(rows.every((r) => r.deviceId === null)).toBe(true)
    // Without a device now: the next run reminds them by e-mail instead.
    await runReminders()
    expect(await mailsAbout(svc.deps.db, 'warranty', wc!.id)).toHaveLength(1)
  })

  it('retries a temporary failure later, with backoff, and then sends it', async () => {
    const [c] = await insertCustomers(svc.deps.db, 1)
    const [w] = await insertClaimedWarranties(svc.deps.db, merchantId, [c!], { expiresInDays: 6 })
    const [phone] = await insertDevices(svc.deps.db, [c!.id])
    fcm.answerFor(phone!.token, FCM_ANSWERS.unavailable)
    await runReminders()
    let [row] = await reminderRows(svc.deps.db, [w!.id])
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 })
    expect(row!.lastError).toMatch(/503|UNAVAILABLE/)
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    fcm.answerFor(phone!.token, null)
    // Time passes: the retry is due.
    await svc.deps.db
      .update(reminderSends)
      .set({ nextAttemptAt: new Date() })
      .where(eq(reminderSends.id, row!.id))
    await runReminders()
    ;[row] = await reminderRows(svc.deps.db, [w!.id])
    expect(row).toMatchObject({ status: 'SENT', attempts: 2, lastError: null })
    expect(fcmSentTo(phone!.token)).toHaveLength(1)
  })

  it('sends each reminder once when two runs overlap', async () => {
    const customers = await insertCustomers(svc.deps.db, 60)
    const due = await insertClaimedWarranties(svc.deps.db, merchantId, customers, { expiresInDays: 1 })
    const devices = await insertDevices(
      svc.deps.db,
      customers.map((c) => c.id),
    )
    const [one, two] = await Promise.all([runReminders(), runReminders()])
    expect(one!.sent + two!.sent).toBeGreaterThanOrEqual(60)
    for (const device of devices) expect(fcmSentTo(device.token)).toHaveLength(1)
    const rows = await reminderRows(
      svc.deps.db,
      due.map((w) => w.id),
    )
    expect(rows).toHaveLength(60)
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true)
  })
})

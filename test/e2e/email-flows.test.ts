import { createHash } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimLinks, mailMessages, users, warranties } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { linksIn, type SinkMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import { claimLinksOf, mailsAbout } from '../support/warranty-factories.js'

let sink: SmtpSink
let svc: TestService

beforeAll(async () => {
  sink = await startSmtpSink()
  svc = await createTestService({ mail: true, env: { SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1' } })
})
afterAll(async () => {
  await svc?.close()
  await sink?.close()
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)
const messagesTo = (email: string) => sink.messages.filter(to(email))

const issue = (token: string, payload: object) =>
  svc.request({ method: 'POST', url: '/v1/merchant/warranties/issue', payload, token })

/** The one link of a message, checked to be in the text part and in the HTML part. */
function linkIn(message: SinkMessage, prefix: string): string {
  const links = linksIn(message).filter((l) => l.startsWith(prefix))
  expect(links).toHaveLength(1)
  const link = links[0]!
  expect(message.html || '').toContain(`href="${link.replaceAll('&', '&amp;')}"`)
  return link
}

describe('warranty notification e-mails', () => {
  it('e-mails the claim link of the stored claim id, in the text and the HTML part', async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps, 'Gadget Barn')
    const email = uniqueEmail('e2e-buyer')
    const issued = (
      await issue(owner.token, { serialNumber: 'E2E-0001', customerEmail: email, customerName: 'Eve' })
    ).json()
    expect(issued.notification).toBe('queued')

    const message = await sink.waitForMessage(to(email), 15_000)
    expect(message.subject).toBe('Your warranty from Gadget Barn')
    expect(message.text).toContain(issued.warrantyCode)
    expect(message.text).toContain('E2E-0001')
    const link = linkIn(message, 'http://app.test/claim?claimId=')
    const claimId = new URL(link).searchParams.get('claimId')!
    expect(link).toBe(`http://app.test/claim?claimId=${claimId}`)

    const [stored] = await claimLinksOf(svc.deps.db, issued.id)
    expect(stored?.tokenHash).toBe(sha256(claimId))
    // The claim id lives in the e-mail only: not in the claim link, the warranty or the customer.
    const rows = [
      await svc.deps.db.select().from(claimLinks).where(eq(claimLinks.warrantyId, issued.id)),
      await svc.deps.db.select().from(warranties).where(eq(warranties.id, issued.id)),
      await svc.deps.db.select().from(users).where(eq(users.email, email)),
    ]
    expect(JSON.stringify(rows)).not.toContain(claimId)
    expect(stored?.merchantId).toBe(merchant.id)

    const [record] = await mailsAbout(svc.deps.db, 'warranty', issued.id)
    await waitFor(async () => (await mailsAbout(svc.deps.db, 'warranty', issued.id))[0]?.status === 'SENT')
    expect(message.messageId).toBe(record?.messageId)
    // Once delivered, the outbox keeps no usable link either: the claim id exists only as its hash.
    const [sent] = await mailsAbout(svc.deps.db, 'warranty', issued.id)
    expect(JSON.stringify(sent)).not.toContain(claimId)
    expect((sent!.data as { claimUrl: string }).claimUrl).toBe('http://app.test/claim?claimId=[redacted]')
  })

  it('resends a second e-mail with a different link', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const email = uniqueEmail('e2e-resend')
    const issued = (await issue(owner.token, { serialNumber: 'E2E-0002', customerEmail: email })).json()
    const first = await sink.waitForMessage(to(email), 15_000)
    const resent = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${issued.id}/resend-notification`,
      token: owner.token,
    })
    expect(resent.statusCode).toBe(200)
    const second = await sink.waitForMessage((m) => to(email)(m) && m.messageId !== first.messageId, 15_000)
    const firstLink = linkIn(first, 'http://app.test/claim?claimId=')
    const secondLink = linkIn(second, 'http://app.test/claim?claimId=')
    expect(secondLink).not.toBe(firstLink)
    expect(messagesTo(email)).toHaveLength(2)
  })
})

describe('sender address verification e-mails', () => {
  it('verifies the address through the e-mailed link, once', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Receipt Shop')
    const email = uniqueEmail('e2e-sender')
    const registered = await svc.request({
      method: 'POST',
      url: '/v1/merchant/sender-addresses',
      payload: { email },
      token: owner.token,
    })
    expect(registered.statusCode).toBe(200)
    const message = await sink.waitForMessage(to(email), 15_000)
    expect(message.subject).toBe(`Confirm ${email} as a sender address for Receipt Shop`)
    const link = linkIn(message, 'http://api.test/v1/global/sender-verify/')
    const path = new URL(link).pathname
    const verified = await svc.request({ method: 'GET', url: path })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({ verified: true, email })
    const list = await svc.request({
      method: 'GET',
      url: '/v1/merchant/sender-addresses',
      token: owner.token,
    })
    expect(list.json().items[0]).toMatchObject({ email, status: 'VERIFIED' })
    expect((await svc.request({ method: 'GET', url: path })).statusCode).toBe(404)
  })
})

describe('an SMTP server that is down or refuses', () => {
  it('delivers every e-mail once the server is back, none twice', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const emails = [uniqueEmail('down-1'), uniqueEmail('down-2'), uniqueEmail('down-3')]
    await sink.stop()
    const ids: string[] = []
    for (const [i, email] of emails.entries()) {
      const res = await issue(owner.token, { serialNumber: `DOWN-${i}`, customerEmail: email })
      expect(res.statusCode).toBe(200)
      ids.push(res.json().id)
    }
    const records = () => svc.deps.db.select().from(mailMessages).where(inArray(mailMessages.subjectId, ids))
    // Every message has failed at least twice (one retry) while the server was down.
    await waitFor(async () => {
      const rows = await records()
      return rows.length === 3 && rows.every((r) => r.attempts >= 2 && r.status === 'QUEUED')
    }, 20_000)
    expect((await records()).every((r) => r.lastError !== null)).toBe(true)
    await sink.start()

    const rows = await waitFor(async () => {
      const current = await records()
      return current.every((r) => r.status === 'SENT') ? current : null
    }, 30_000)
    for (const row of rows) {
      expect(row.attempts).toBeGreaterThan(1)
      expect(row.lastError).toBeNull()
    }
    // A little longer: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 1500))
    for (const email of emails) expect(messagesTo(email), email).toHaveLength(1)
    for (const row of rows) {
      expect(sink.messages.filter((m) => m.messageId === row.messageId)).toHaveLength(1)
    }
  }, 90_000)

  it('marks a message refused with 550 FAILED with the error, and does not retry it', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const email = uniqueEmail('refused')
    sink.failNext(550, 'Mailbox unavailable')
    const issued = (await issue(owner.token, { serialNumber: 'REFUSED-1', customerEmail: email })).json()
    const [failed] = await waitFor(async () => {
      const rows = await mailsAbout(svc.deps.db, 'warranty', issued.id)
      return rows[0]?.status === 'FAILED' ? rows : null
    }, 15_000)
    expect(failed?.attempts).toBe(1)
    expect(failed?.lastError).toMatch(/550/)
    expect(failed?.lastError).toMatch(/Mailbox unavailable/)
    await new Promise((r) => setTimeout(r, 3000))
    const [later] = await mailsAbout(svc.deps.db, 'warranty', issued.id)
    expect(later).toMatchObject({ status: 'FAILED', attempts: 1 })
    expect(messagesTo(email)).toEqual([])

    // The merchant sees it on the warranty, and a resend delivers a new message, once.
    const read = async () =>
      (
        await svc.request({ method: 'GET', url: `/v1/merchant/warranties/${issued.id}`, token: owner.token })
      ).json()
    expect((await read()).notificationDelivery).toMatchObject({ status: 'FAILED', attempts: 1, sentAt: null })
    const resent = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${issued.id}/resend-notification`,
      token: owner.token,
    })
    expect(resent.json().notification).toBe('queued')
    const delivered = await waitFor(async () => {
      const current = await read()
      return current.notificationDelivery?.status === 'SENT' ? current.notificationDelivery : null
    }, 15_000)
    expect(delivered).toMatchObject({ attempts: 1, sentAt: expect.any(String) })
    expect(messagesTo(email)).toHaveLength(1)
  }, 30_000)

  it('shows no delivery on a warranty without a customer e-mail, SENT once its e-mail is delivered', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const read = async (id: string) =>
      (await svc.request({ method: 'GET', url: `/v1/merchant/warranties/${id}`, token: owner.token })).json()
    const none = (await issue(owner.token, { serialNumber: 'NO-MAIL-1' })).json()
    expect((await read(none.id)).notificationDelivery).toBeNull()
    const email = uniqueEmail('delivered')
    const mailed = (await issue(owner.token, { serialNumber: 'MAILED-1', customerEmail: email })).json()
    await sink.waitForMessage(to(email), 15_000)
    const delivery = await waitFor(async () => {
      const current = (await read(mailed.id)).notificationDelivery
      return current?.status === 'SENT' ? current : null
    })
    expect(delivery).toEqual({
      status: 'SENT',
      attempts: 1,
      sentAt: expect.any(String),
      updatedAt: expect.any(String),
    })
  })
})

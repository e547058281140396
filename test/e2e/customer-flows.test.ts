import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { linksIn, type SinkMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'

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

const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)

/** The one link of a message with this prefix, in the text part and in the HTML part. */
function linkIn(message: SinkMessage, prefix: string): URL {
  const links = linksIn(message).filter((l) => l.startsWith(prefix))
  expect(links).toHaveLength(1)
  expect(message.html || '').toContain(`href="${links[0]!.replaceAll('&', '&amp;')}"`)
  return new URL(links[0]!)
}

describe('the customer journey through real e-mail', () => {
  it('issue → claim e-mail → its claim id → claim → the wallet shows the warranty', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Journey Store')
    const email = uniqueEmail('journey')
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      payload: { serialNumber: 'JOURNEY-1', customerEmail: email },
      token: owner.token,
    })
    expect(issued.statusCode).toBe(200)
    const warranty = issued.json()

    const message = await sink.waitForMessage(to(email), 15_000)
    const claimId = linkIn(message, 'http://app.test/claim?claimId=').searchParams.get('claimId')!

    const check = await svc.request({
      method: 'GET',
      url: `/v1/customer/auth/validate-claim?claimId=${claimId}`,
    })
    expect(check.json()).toMatchObject({ valid: true, merchantName: 'Journey Store', warrantyCount: 1 })
    const claimed = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/claim',
      payload: { claimId, focusWarrantyId: warranty.id },
    })
    expect(claimed.statusCode).toBe(200)
    const { token, user, focus } = claimed.json()
    expect(user).toMatchObject({ email, role: 'CUSTOMER' })
    expect(focus.id).toBe(warranty.id)

    const wallet = await svc.request({ method: 'GET', url: '/v1/customer/warranties', token })
    expect(wallet.json().items).toEqual([
      expect.objectContaining({ id: warranty.id, serialNumber: 'JOURNEY-1', merchantName: 'Journey Store' }),
    ])
  })

  it('request-access → e-mail → magic-link → JWT', async () => {
    const email = uniqueEmail('magic-journey')
    const asked = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/request-access',
      payload: { email },
    })
    expect(asked.json()).toEqual({ ok: true })

    const message = await sink.waitForMessage(to(email), 15_000)
    expect(message.subject).toBe('Your sign-in link')
    const token = linkIn(message, 'http://app.test/auth/magic?token=').searchParams.get('token')!

    const check = await svc.request({ method: 'GET', url: `/v1/customer/auth/validate?token=${token}` })
    expect(check.statusCode).toBe(200)
    const signedIn = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/magic-link',
      payload: { token },
    })
    expect(signedIn.statusCode).toBe(200)
    const session = signedIn.json()
    expect(session.user).toMatchObject({ email, role: 'CUSTOMER' })
    const me = await svc.request({ method: 'GET', url: '/v1/customer/me', token: session.token })
    expect(me.json()).toMatchObject({ email, subscriptionTier: 'FREE' })
    const again = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/magic-link',
      payload: { token },
    })
    expect(again.json().error).toBe('token_used')
  })
})

import type { Browser } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, PASSWORD } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { OUTSIDE_KEYS } from '../support/ownership-fixtures.js'
import { linksIn, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import { DESKTOP, freePort, freshPage, launchBrowser, textOf } from './support/browser.js'

// Issue 19 in Debian's Chromium against the real service: Move to my wallet with a signature
// made by the test and pasted, Give this warranty to someone, and the public history.
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>

beforeAll(async () => {
  sink = await startSmtpSink()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  svc = await createTestService({
    mail: true,
    mint: true,
    env: { SMTP_URL: sink.url, PUBLIC_API_URL: base, APP_URL: base, OWNERSHIP_SWEEP_SECONDS: '3600' },
  })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Ownership Electronics')
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
  await sink?.close()
})

async function issue(customerEmail: string) {
  const res = await svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/issue',
    token: tenant.owner.token,
    payload: { serialNumber: `SN-${Math.random().toString(36).slice(2, 10)}`, customerEmail },
  })
  return res.json() as { id: string; warrantyCode: string }
}

const minted = (code: string) =>
  waitFor(async () => {
    const res = await svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
    return res.json().mintStatus === 'MINTED'
  }, 30_000)

describe('ownership in the browser', () => {
  it('moves a certificate to the wallet with a pasted signature, gives another away, and shows the public history', async () => {
    const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.com`
    const first = await issue(email)
    const second = await issue(email)
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email), 20_000)
    const claimUrl = linksIn(mail).find((l) => l.startsWith(`${base}/claim?claimId=`)) ?? ''
    await minted(first.warrantyCode)

    const { context, page } = await freshPage(browser, DESKTOP)
    await page.goto(claimUrl)
    await page.getByRole('button', { name: 'Add to my wallet' }).click()
    await page.waitForURL(`${base}/wallet`)

    // Move to my wallet: the signature is made outside the browser (here, by the test) and pasted.
    await page.goto(`${base}/wallet/${first.id}`)
    await page.getByRole('link', { name: /Move to my wallet/ }).click()
    await page.waitForURL(`${base}/wallet/${first.id}/own`)
    await expect.poll(() => textOf(page.locator('#holder'))).toContain('We keep this certificate for you')
    // In plain words: what the move means, what the signature proves, what happens after.
    const explained = await textOf(page.locator('section[aria-labelledby="move"]'))
    expect(explained).toContain(
      'even if this service closed, the blockchain would still show that you hold it',
    )
    expect(explained).toContain('Signing is free and sends nothing')
    expect(explained).toContain('It gives us no access to your wallet')
    expect(explained).toContain('we cannot undo the move')
    expect(explained).not.toMatch(/message to sign/i)
    const alice = privateKeyToAccount(OUTSIDE_KEYS[3])
    await page.getByLabel('Your wallet address').fill(alice.address)
    await page.getByRole('button', { name: 'Next: prove it is my wallet' }).click()
    const message = await page.getByLabel('The text for your wallet to sign').inputValue()
    expect(message).toContain(alice.address)
    await page.getByLabel('Signature your wallet gave').fill(await alice.signMessage({ message }))
    await page.getByRole('button', { name: 'Move it to my wallet' }).click()
    await expect.poll(() => textOf(page.locator('main'))).toContain('on its way to your wallet')
    await svc.services.ownership.runOnce()
    await page.reload()
    await expect.poll(() => textOf(page.locator('#holder'))).toContain(`Held by ${alice.address}`)
    expect(await svc.deps.chain.ownership.ownerAt(BigInt((await tokenOf(first.warrantyCode)) ?? 0))).toBe(
      alice.address,
    )

    // Give this warranty to someone.
    await page.goto(`${base}/wallet/${second.id}/own`)
    const buyer = `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`
    await page.getByLabel('Their e-mail address').fill(buyer)
    await page.getByRole('button', { name: 'Give this warranty' }).click()
    await expect.poll(() => textOf(page.locator('main'))).toContain(`We e-mailed ${buyer}`)
    const offer = await sink.waitForMessage((m) => m.envelope.to.includes(buyer), 20_000)
    expect(linksIn(offer).some((l) => l.startsWith(`${base}/claim?claimId=`))).toBe(true)

    // The public page: the history, anchored.
    const event = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${first.id}/events`,
      token: tenant.user.token,
      payload: { kind: 'REPAIRED', description: 'Hinge replaced' },
    })
    expect(event.statusCode).toBe(201)
    await svc.services.serviceHistory.runOnce()
    await page.goto(`${base}/verify/${first.warrantyCode}`)
    await expect.poll(() => textOf(page.locator('main'))).toContain('Hinge replaced')
    const history = await textOf(page.locator('section[aria-labelledby="history"]'))
    expect(history).toContain('Valid today')
    expect(history).toContain(`by ${alice.address}`)
    expect(history).toMatch(/Repaired .* Hinge replaced/)
    expect(history).toContain('Anchored on chain')
    await context.close()
  })

  it("the console records a service event on the merchant's warranty and lists it", async () => {
    const w = await issue(`console-${Math.random().toString(36).slice(2, 8)}@example.com`)
    const { context, page } = await freshPage(browser, DESKTOP)
    await page.goto(`${base}/login`)
    await page.getByLabel('E-mail address').fill(tenant.user.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.goto(`${base}/merchant/warranties/${w.id}`)
    await page.getByRole('heading', { name: 'Service history' }).waitFor()
    await page.getByLabel('Event').selectOption('CLAIM_OPENED')
    await page.getByLabel('Public description (no personal data)').fill('Fan is noisy')
    await page.getByRole('button', { name: 'Record the event' }).click()
    await expect.poll(() => textOf(page.locator('#service-event-list'))).toContain('CLAIM_OPENED')
    expect(await textOf(page.locator('#service-event-list'))).toContain('Fan is noisy')
    const api = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}/events`,
      token: tenant.user.token,
    })
    expect(api.json().events.map((e: { description: string }) => e.description)).toEqual(['Fan is noisy'])
    await context.close()
  })
})

async function tokenOf(code: string): Promise<string | undefined> {
  const res = await svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
  return res.json().certificate?.tokenId
}

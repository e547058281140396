import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  type TestUser,
} from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { linksIn, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import { createMerchantProduct } from '../support/warranty-factories.js'
import {
  DESKTOP,
  expectCleanPage,
  freePort,
  freshPage,
  launchBrowser,
  PHONE,
  textOf,
} from './support/browser.js'

// Warranty claims in Debian's Chromium against the real service, with real SMTP (a sink) and
// minting on the embedded chain: the customer signs in from the e-mailed link and reports a
// problem with a camera photo on a phone; the shop asks in the console, the customer answers;
// the shop approves and assigns; the provider checks coverage by GTIN and serial, repairs and
// replaces; the customer sees the outcome and the new serial; the public verification page shows
// the replacement in the anchored history. Nothing is requested from another origin.
let svc: TestService
let sink: SmtpSink
let gtinProduct = ''
const GTIN = '09506000134352'
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>
let customer: TestUser
let provider: TestUser
let claimId = ''
let warrantyId = ''

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  sink = await startSmtpSink()
  svc = await createTestService({
    mail: true,
    mint: true,
    env: { SMTP_URL: sink.url, PUBLIC_API_URL: base, APP_URL: base },
  })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Claims Corner')
  gtinProduct = (
    await createMerchantProduct(svc.deps.db, tenant.merchant.id, { title: 'Tablet T10', gtin: GTIN })
  ).id
  customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
  const bench = await createServiceProvider(svc.deps.db, { name: `Fix-it Bench ${Date.now()}` })
  provider = await createUser(svc.deps, { role: 'SERVICE_PROVIDER', serviceProviderId: bench.id })
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
  await sink?.close()
})

/** Every request of every page of the journey, to find any that leaves the service's origin. */
const foreign: string[] = []
function sameOriginOnly(context: Awaited<ReturnType<typeof freshPage>>['context']) {
  context.on('request', (r) => {
    const url = r.url()
    if (!url.startsWith(`${base}/`) && !/^(data|blob):/.test(url)) foreign.push(url)
  })
}

const minted = (code: string) =>
  waitFor(async () => {
    const res = await svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
    return res.json().mintStatus === 'MINTED'
  }, 60_000)

/** A page whose tab holds the customer's session (as the wallet's sign-in leaves it). */
async function customerPage(): Promise<Awaited<ReturnType<typeof freshPage>>> {
  const opened = await freshPage(browser, PHONE)
  const session = { token: customer.token, email: customer.email, expiresAt: Date.now() + 3_600_000 }
  await opened.context.addInitScript((value) => {
    ;(
      globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
    ).sessionStorage.setItem('wr.session', value)
  }, JSON.stringify(session))
  return opened
}

async function staffSignIn(page: Page, email: string, password: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

describe('claims in the browser', () => {
  it('a customer reports a problem with a photo, the shop asks, approves and assigns, the provider replaces it', async () => {
    // The shop issues the warranty to the customer's address: the claim e-mail through SMTP.
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: tenant.owner.token,
      payload: { serialNumber: 'TAB-0042', merchantProductId: gtinProduct, customerEmail: customer.email },
    })
    expect(issued.statusCode).toBe(200)
    const w = issued.json() as { id: string; warrantyCode: string }
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes(customer.email), 20_000)
    const claimLink = linksIn(mail).find((l) => l.startsWith(`${base}/claim?claimId=`)) ?? ''
    expect(claimLink).not.toBe('')
    await minted(w.warrantyCode)
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer()

    // The customer, on a phone: the e-mailed link → the wallet → the warranty → Report a problem.
    const c = await freshPage(browser, PHONE)
    sameOriginOnly(c.context)
    await c.page.goto(claimLink)
    await c.page.getByRole('button', { name: 'Add to my wallet' }).click()
    await c.page.waitForURL(`${base}/wallet`)
    await c.page.goto(`${base}/wallet/${w.id}`)
    await c.page.getByRole('link', { name: 'Report a problem' }).click()
    await c.page.waitForURL(`${base}/wallet/${w.id}/report`)
    await c.page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor()
    await expectCleanPage(c.page, c.watched)
    await c.page.getByLabel('What kind of problem is it?').selectOption('DISPLAY')
    await c.page.getByLabel('What is wrong?').fill('The display flickers after ten minutes.')
    await c.page
      .locator('#claim-photos-camera')
      .setInputFiles({ name: 'fault.jpg', mimeType: 'image/jpeg', buffer: photo })
    await c.page.getByRole('img', { name: 'Photo 1' }).waitFor()
    await c.page.getByRole('button', { name: 'Send to the shop' }).click()
    await c.page.waitForURL(/\/claims\/[0-9a-f-]{36}$/)
    claimId = new URL(c.page.url()).pathname.split('/').pop() ?? ''
    warrantyId = w.id
    await expect.poll(() => textOf(c.page.locator('main'))).toContain('Submitted')
    await c.page.getByRole('img', { name: 'Photos sent with the claim, photo 1 of 1' }).waitFor()
    await expectCleanPage(c.page, c.watched)
    // The warranty's page now leads to the open claim instead of a new report.
    await c.page.goto(`${base}/wallet/${w.id}`)
    await c.page.getByRole('link', { name: 'Open the claim' }).click()
    await c.page.waitForURL(`${base}/claims/${claimId}`)
    await c.page.getByRole('img', { name: 'Photos sent with the claim, photo 1 of 1' }).waitFor()

    // The shop, in its console, asks the customer for more information.
    const m = await freshPage(browser, DESKTOP)
    sameOriginOnly(m.context)
    await staffSignIn(m.page, tenant.owner.email, tenant.owner.password)
    await m.page.waitForURL(`${base}/merchant`)
    await m.page.goto(`${base}/merchant/claims/${claimId}`)
    await m.page.getByRole('heading', { level: 1, name: /^Claim/ }).waitFor()
    await m.page.getByRole('button', { name: 'Ask the customer', exact: true }).click()
    await m.page.getByLabel('Question for the customer').fill('Does it flicker on battery too?')
    await m.page.getByRole('button', { name: 'Send the question' }).click()
    await expect.poll(() => textOf(m.page.locator('main'))).toContain('Does it flicker on battery too?')
    await expectCleanPage(m.page, m.watched)
    // The question reaches the customer by e-mail, with a link to the claim.
    const question = await sink.waitForMessage(
      (m) => m.envelope.to.includes(customer.email) && /more information/.test(m.subject ?? ''),
      20_000,
    )
    expect(linksIn(question)).toContain(`${base}/claims/${claimId}`)

    // The customer sees the question first and answers it.
    await c.page.reload()
    await c.page.getByRole('heading', { name: 'The shop has a question' }).waitFor()
    expect(await textOf(c.page.locator('main'))).toContain('Does it flicker on battery too?')
    await expectCleanPage(c.page, c.watched)
    await c.page.getByLabel('Your message').fill('Yes, on battery as well.')
    await c.page.getByRole('button', { name: 'Send the answer to the shop' }).click()
    await expect.poll(() => textOf(c.page.locator('main'))).toContain('Your answer went back to the shop')
    expect(await c.page.getByRole('heading', { name: 'The shop has a question' }).count()).toBe(0)

    // The merchant's console: its providers, the queue, the claim, approve, assign.
    await m.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Service providers', exact: true })
      .click()
    await m.page.getByRole('heading', { level: 1, name: 'Service providers' }).waitFor()
    await m.page.getByLabel('Name', { exact: true }).fill('Fix-it Bench')
    await m.page.getByRole('button', { name: 'Find' }).click()
    await m.page.getByRole('button', { name: /^Allow Fix-it Bench/ }).click()
    await expect.poll(() => textOf(m.page.locator('main'))).toContain('may now be assigned your claims')
    await expectCleanPage(m.page, m.watched)
    await m.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Claims', exact: true })
      .click()
    await m.page.getByRole('heading', { level: 1, name: 'Claims' }).waitFor()
    await m.page.getByRole('link', { name: 'waiting for a decision' }).waitFor()
    await m.page.getByLabel('Days a repair adds to the coverage').fill('30')
    await m.page.getByRole('button', { name: 'Save the rules' }).click()
    await expect.poll(() => textOf(m.page.locator('main'))).toContain('New claims follow these rules')
    await m.page.locator(`a[href="/merchant/claims/${claimId}"]`).click()
    await m.page.getByRole('heading', { level: 1, name: /^Claim/ }).waitFor()
    await m.page.getByRole('img', { name: 'Photos sent with the claim, photo 1 of 1' }).waitFor()
    expect(await textOf(m.page.locator('main'))).toContain(customer.email)
    await expectCleanPage(m.page, m.watched)
    await m.page.getByRole('button', { name: 'Approve', exact: true }).click()
    await m.page.getByRole('button', { name: 'Approve the claim' }).click()
    await expect.poll(() => textOf(m.page.locator('main'))).toContain('Approved. The customer was told.')
    await m.page.getByRole('button', { name: 'Assign to a provider' }).click()
    await m.page.getByLabel('Service provider').selectOption(provider.serviceProviderId ?? '')
    await m.page.getByRole('button', { name: 'Assign the claim' }).click()
    await expect.poll(() => textOf(m.page.locator('main'))).toContain('Assigned.')
    await expectCleanPage(m.page, m.watched)

    // The provider's console: the assigned claim, the repair, a replacement.
    const p = await freshPage(browser, DESKTOP)
    sameOriginOnly(p.context)
    await staffSignIn(p.page, provider.email, provider.password)
    await p.page.waitForURL(`${base}/provider/claims`)
    await p.page.getByRole('heading', { level: 1, name: 'Assigned claims' }).waitFor()
    await expectCleanPage(p.page, p.watched)
    // At the desk, before taking the device: its coverage by barcode and serial number.
    await p.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Coverage check' })
      .click()
    await p.page.getByLabel('Its barcode (GTIN) and serial number').check()
    await p.page.getByLabel('GTIN (barcode number)').fill(GTIN)
    await p.page.getByLabel('Serial number', { exact: true }).fill('TAB-0042')
    await p.page.getByRole('button', { name: 'Check coverage' }).click()
    await expect.poll(() => textOf(p.page.locator('main'))).toContain('Covered')
    expect(await textOf(p.page.locator('main'))).not.toContain(customer.email)
    await expectCleanPage(p.page, p.watched)
    await p.page.goto(`${base}/provider/claims`)
    await p.page.getByRole('heading', { level: 1, name: 'Assigned claims' }).waitFor()
    await p.page.locator(`a[href="/provider/claims/${claimId}"]`).click()
    await p.page.getByRole('button', { name: 'Start the repair' }).click()
    await p.page.getByLabel('Diagnosis (shown to the customer)').fill('The panel is faulty.')
    await p.page.getByRole('button', { name: 'Record the diagnosis and start' }).click()
    await expect.poll(() => textOf(p.page.locator('main'))).toContain('The repair is under way')
    await p.page.getByRole('button', { name: 'Resolve', exact: true }).click()
    await p.page.getByLabel('Outcome').selectOption('REPLACED')
    await p.page.getByLabel('Serial number of the replacement').fill('NEW-SN-42')
    await p.page.getByRole('button', { name: 'Resolve the claim' }).click()
    await expect.poll(() => textOf(p.page.locator('main'))).toContain('Resolved.')
    await expectCleanPage(p.page, p.watched)
    await p.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Coverage check' })
      .click()
    await p.page.getByLabel('Warranty code', { exact: true }).fill(w.warrantyCode)
    await p.page.getByRole('button', { name: 'Check coverage' }).click()
    await expect.poll(() => textOf(p.page.locator('main'))).toContain('Covered')
    await expectCleanPage(p.page, p.watched)

    // The customer sees the outcome and the new serial; cancelling is gone; the list has it.
    await c.page.reload()
    await expect.poll(() => textOf(c.page.locator('main'))).toContain('Replaced with a new one')
    expect(await textOf(c.page.locator('main'))).toContain('NEW-SN-42')
    expect(await c.page.getByRole('button', { name: 'Cancel the claim' }).count()).toBe(0)
    await expectCleanPage(c.page, c.watched)
    await c.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' }).click()
    await c.page.getByRole('heading', { level: 1, name: 'Claims' }).waitFor()
    await expect.poll(() => textOf(c.page.locator('main'))).toContain('Resolved')
    await expectCleanPage(c.page, c.watched)

    // The public verification page: the replacement in the history, anchored on chain.
    await svc.services.serviceHistory.runOnce()
    const v = await freshPage(browser, PHONE)
    sameOriginOnly(v.context)
    await v.page.goto(`${base}/verify/${w.warrantyCode}`)
    await expect.poll(() => textOf(v.page.locator('main'))).toContain('Replaced under a warranty claim')
    await expectCleanPage(v.page, v.watched)
    expect(foreign, 'requests to another origin').toEqual([])

    await Promise.all([c.context.close(), m.context.close(), p.context.close(), v.context.close()])
  })

  it('every claims page on a phone: no serious axe violation, no sideways scrolling', async () => {
    expect(claimId).not.toBe('')
    const overflow = (page: Page) =>
      page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } }
          }
        ).document.documentElement
        return doc.scrollWidth - doc.clientWidth
      })
    const visit = async (
      page: Page,
      watched: Awaited<ReturnType<typeof freshPage>>['watched'],
      paths: string[],
    ) => {
      for (const path of paths) {
        await page.goto(`${base}${path}`)
        await page.locator('h1').waitFor()
        await expectCleanPage(page, watched)
        expect(await overflow(page), `no sideways scrolling on ${path}`).toBe(0)
      }
    }
    const c = await customerPage()
    await visit(c.page, c.watched, [`/wallet/${warrantyId}/report`, '/claims', `/claims/${claimId}`])
    for (const [who, paths] of [
      [
        tenant.owner,
        [
          '/merchant/claims',
          `/merchant/claims/${claimId}`,
          '/merchant/providers',
          `/merchant/warranties/${warrantyId}`,
        ],
      ],
      [provider, ['/provider/claims', `/provider/claims/${claimId}`, '/provider/coverage']],
    ] as const) {
      const s = await freshPage(browser, PHONE)
      await staffSignIn(s.page, who.email, who.password)
      // Signed in: the navigation is there (folded behind "Menu" on a phone).
      await s.page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Account', includeHidden: true })
        .waitFor({ state: 'attached' })
      await visit(s.page, s.watched, [...paths])
      await s.context.close()
    }
    await c.context.close()
  })
})

import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletWarranty } from '../support/claim-factories.js'
import {
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  type TestUser,
} from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  DESKTOP,
  expectCleanPage,
  freePort,
  freshPage,
  launchBrowser,
  PHONE,
  textOf,
} from './support/browser.js'

// Warranty claims in Debian's Chromium against the real service: the customer reports a
// problem with a camera photo on a phone and answers the shop's question; the merchant approves
// and assigns in the console; the provider repairs and replaces; the customer sees the outcome.
let svc: TestService
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
  svc = await createTestService({ env: { PUBLIC_API_URL: base, APP_URL: base } })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Claims Corner')
  customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
  const bench = await createServiceProvider(svc.deps.db, { name: `Fix-it Bench ${Date.now()}` })
  provider = await createUser(svc.deps, { role: 'SERVICE_PROVIDER', serviceProviderId: bench.id })
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
})

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
    const w = await walletWarranty(svc, tenant.owner, customer)
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer()

    // The customer, on a phone: the warranty's page → Report a problem → the claim's page.
    const c = await customerPage()
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

    // The shop asks; the customer sees the question first and answers it.
    const asked = await svc.request({
      method: 'POST',
      url: `/v1/merchant/claims/${claimId}/request-info`,
      token: tenant.owner.token,
      payload: { question: 'Does it flicker on battery too?' },
    })
    expect(asked.statusCode).toBe(200)
    await c.page.reload()
    await c.page.getByRole('heading', { name: 'The shop has a question' }).waitFor()
    expect(await textOf(c.page.locator('main'))).toContain('Does it flicker on battery too?')
    await expectCleanPage(c.page, c.watched)
    await c.page.getByLabel('Your message').fill('Yes, on battery as well.')
    await c.page.getByRole('button', { name: 'Send the answer to the shop' }).click()
    await expect.poll(() => textOf(c.page.locator('main'))).toContain('Your answer went back to the shop')
    expect(await c.page.getByRole('heading', { name: 'The shop has a question' }).count()).toBe(0)

    // The merchant's console: the queue, the claim, approve, assign.
    const m = await freshPage(browser, DESKTOP)
    await staffSignIn(m.page, tenant.owner.email, tenant.owner.password)
    await m.page.waitForURL(`${base}/merchant`)
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
    await staffSignIn(p.page, provider.email, provider.password)
    await p.page.waitForURL(`${base}/provider/claims`)
    await p.page.getByRole('heading', { level: 1, name: 'Assigned claims' }).waitFor()
    await expectCleanPage(p.page, p.watched)
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

    await Promise.all([c.context.close(), m.context.close(), p.context.close()])
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
      await s.page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Account' })
        .waitFor()
      await visit(s.page, s.watched, [...paths])
      await s.context.close()
    }
    await c.context.close()
  })
})

import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { insertClaimLink } from '../support/customer-factories.js'
import { createMerchantWithUsers } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { linksIn, type SinkMessage, type SmtpSink } from '../support/smtp-sink.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE, seriousViolations, textOf } from './support/browser.js'
import { receiptPhoto } from './support/receipt-photo.js'
import { sharedWorld } from './support/world.js'

// The customer web app in Debian's Chromium against the real service (built app, real SMTP
// delivery to a sink, real minting on the embedded chain), shared with the console's suite
// (support/world.ts). Run from web.test.ts: `npm run test:browser`.
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let owner: { token: string }
let merchantId: string

beforeAll(async () => {
  ;({ sink, svc, browser, base } = await sharedWorld())
  ;({
    owner,
    merchant: { id: merchantId },
  } = await createMerchantWithUsers(svc.deps, 'Corner Electronics'))
}, 120_000)

const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`

/** The merchant issues a warranty for this customer; the service e-mails the claim link. */
async function issue(customerEmail: string, serialNumber: string) {
  const product = await svc.request({
    method: 'POST',
    url: '/v1/merchant/products',
    token: owner.token,
    payload: {
      merchantSku: `KETTLE-${serialNumber}`,
      title: 'Steel kettle 1.7 l',
      warrantyDurationMonths: 24,
    },
  })
  const issued = await svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/issue',
    token: owner.token,
    payload: {
      serialNumber,
      customerEmail,
      customerName: 'Jane Example',
      merchantProductId: product.json().id,
    },
  })
  expect(issued.statusCode).toBe(200)
  return issued.json() as { id: string; warrantyCode: string; customerId?: string }
}

async function linkFromMail(email: string, prefix: string, after = 0): Promise<string> {
  const message = await sink.waitForMessage((m) => to(email)(m) && sink.messages.indexOf(m) >= after, 20_000)
  const link = linksIn(message).find((l) => l.startsWith(prefix))
  if (!link) throw new Error(`no ${prefix} link in ${linksIn(message).join(', ')}`)
  return link
}

describe('the page checks', () => {
  it('axe reports an unlabelled field and an image without text (the check can fail)', async () => {
    const { context, page } = await freshPage(browser, PHONE)
    await page.setContent(
      '<html lang="en"><title>t</title><main><input type="text"><img src="/x.png"></main></html>',
    )
    const found = await seriousViolations(page)
    expect(found.map((v) => v.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']))
    await context.close()
  })
})

describe('the customer journey in the browser', () => {
  let warrantyCode = ''

  it('claim link from the e-mail → claim landing on a phone → one tap → wallet → certificate once minted → a receipt photo read, corrected, saved, shared', async () => {
    const email = uniqueEmail('jane')
    const warranty = await issue(email, 'SN-JOURNEY-1')
    warrantyCode = warranty.warrantyCode
    const claimUrl = await linkFromMail(email, `${base}/claim?claimId=`)

    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(claimUrl)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your warranty is ready')
    const landing = await textOf(page.locator('main'))
    expect(landing).toContain('Corner Electronics')
    expect(landing).toMatch(/j\*+e-[a-z0-9]*@example\.com|\*\*\*/)
    expect(landing).not.toContain(email)
    await expectCleanPage(page, watched)
    // The landing's JavaScript budget: 60 KB gzipped (issue 14).
    const scripts = await page.evaluate(() =>
      (
        globalThis as unknown as { performance: { getEntriesByType(t: string): { name: string }[] } }
      ).performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    )
    let gzipped = 0
    for (const url of scripts) gzipped += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length
    expect(scripts.length).toBeGreaterThan(0)
    expect(gzipped).toBeLessThan(60 * 1024)

    await page.getByRole('button', { name: 'Add to my wallet' }).click()
    await page.waitForURL(`${base}/wallet`)
    const card = page.locator('li[aria-current="true"]')
    await expect.poll(() => card.count()).toBe(1)
    expect(await textOf(card)).toContain('Steel kettle 1.7 l')
    expect(await textOf(card)).toContain('Corner Electronics')
    expect(await textOf(card)).toMatch(/2[34] months left/)
    await expectCleanPage(page, watched)

    await card.getByRole('link', { name: 'Steel kettle 1.7 l' }).click()
    await page.waitForURL(`${base}/wallet/${warranty.id}`)
    await page.getByText('Genuine, for this product', { exact: true }).waitFor({ timeout: 90_000 })
    const detail = await textOf(page.locator('main'))
    expect(detail).toContain(warranty.warrantyCode)
    expect(detail).toMatch(/Token id\s+\d+/)
    expect(detail).toContain('Serial number matches')
    expect(detail).toMatch(/Metadata CID\s+b[a-z2-7]+…/)
    await expectCleanPage(page, watched)

    await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByLabel('Remind me this many days before a warranty ends').fill('14')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved.').waitFor()
    expect(
      (await svc.request({ method: 'GET', url: `/v1/customer/me`, token: await sessionToken(page) })).json(),
    ).toMatchObject({ reminderDaysBeforeExpiry: 14 })
    await expectCleanPage(page, watched)

    // Receipts: a folder, a photo read by OCR and corrected before saving, found, shared.
    await page.getByRole('link', { name: 'Receipts' }).click()
    await page.getByLabel('New folder').fill('Kitchen')
    await page.getByRole('button', { name: 'Create folder' }).click()
    await page.getByText('Folder “Kitchen” created.').waitFor()
    await page.getByLabel('Take a photo').setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: await receiptPhoto(),
    })
    await page.getByText('Please check the details').waitFor({ timeout: 60_000 })
    expect(await page.getByLabel('Total').inputValue()).toBe('44.49')
    expect((await page.getByLabel('Shop').inputValue()).toUpperCase()).toContain('CORNER')
    await page.getByLabel('Shop').fill('Corner Electronics Ltd')
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Kitchen' })
    await expectCleanPage(page, watched)
    await page.getByRole('button', { name: 'Save receipt' }).click()
    await page.getByText('Receipt saved.').waitFor()
    await page.getByRole('link', { name: 'Corner Electronics Ltd' }).waitFor()
    await page.getByLabel('Search').fill('no such shop')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByText('No receipts match.').waitFor()
    await page.getByLabel('Search').fill('corner')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: 'Corner Electronics Ltd' }).waitFor()
    await page.getByLabel('Show folder').selectOption({ label: 'Kitchen (1)' })
    await page.getByRole('link', { name: 'Corner Electronics Ltd' }).waitFor()
    await expectCleanPage(page, watched)

    await page.getByRole('link', { name: 'Corner Electronics Ltd' }).click()
    await page.getByRole('img', { name: 'The receipt' }).waitFor()
    const friend = uniqueEmail('friend')
    const before = sink.messages.length
    await page.getByLabel('E-mail address to send it to').fill(friend)
    await page.getByRole('button', { name: 'Send a link' }).click()
    await page.getByText(`Sent to ${friend}`).waitFor()
    await expectCleanPage(page, watched)
    const shareUrl = await linkFromMail(friend, `${base}/v1/global/receipt-share/`, before)

    const stranger = await freshPage(browser, PHONE)
    await stranger.page.goto(shareUrl)
    const shared = await textOf(stranger.page.locator('body'))
    expect(shared).toContain('Corner Electronics Ltd')
    expect(shared).not.toContain(email)
    expect(shared).not.toMatch(/Jane|jane-/)
    await expectCleanPage(stranger.page, stranger.watched)
    await stranger.context.close()

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete receipt' }).click()
    await page.waitForURL(`${base}/receipts`)
    await page.getByText('No receipts yet.').waitFor()
    await expectCleanPage(page, watched)

    // Sign out everywhere: this session's token is refused from now on.
    const token = await sessionToken(page)
    await page.getByRole('link', { name: 'Profile' }).click()
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.waitForURL(`${base}/signin`)
    expect((await svc.request({ method: 'GET', url: '/v1/customer/me', token })).statusCode).toBe(401)
    await context.close()
  }, 240_000)

  it('the public check page: a real code is genuine and shows no personal data; a forged code is not found', async () => {
    expect(warrantyCode).not.toBe('')
    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(`${base}/verify/${warrantyCode}?serialNumber=SN-JOURNEY-1`)
    await page.getByText('Genuine, for this product', { exact: true }).waitFor()
    const text = await textOf(page.locator('body'))
    expect(text).toContain('Corner Electronics')
    expect(text).toContain('Serial number matches')
    expect(text).not.toMatch(/Jane|@example\.com/)
    await expectCleanPage(page, watched)

    watched.allow(/404 GET .*\/verify/)
    await page.getByLabel('Warranty code').fill('WR-AAAA-BBBB-CCCC')
    await page.getByLabel(/Serial number/).fill('')
    await page.getByRole('button', { name: 'Check' }).click()
    await page.getByRole('heading', { name: 'No certificate with this code' }).waitFor()
    await expectCleanPage(page, watched)
    await context.close()

    // The same page on a desktop, and at the narrowest phone width the app supports.
    for (const device of [DESKTOP, { viewport: { width: 360, height: 740 } }]) {
      const wide = await freshPage(browser, device)
      await wide.page.goto(`${base}/verify/${warrantyCode}`)
      await wide.page.getByText('Genuine', { exact: true }).waitFor()
      const overflow = await wide.page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } }
          }
        ).document.documentElement
        return doc.scrollWidth - doc.clientWidth
      })
      expect(overflow, 'no sideways scrolling').toBe(0)
      await expectCleanPage(wide.page, wide.watched)
      await wide.context.close()
    }
  })

  it('an expired claim link explains itself and e-mails a new one; asked too often, it says when to ask again', async () => {
    const email = uniqueEmail('late')
    const warranty = await issue(email, 'SN-LATE-1')
    await sink.waitForMessage(to(email), 20_000)
    const [customer] = await svc.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const expired = await insertClaimLink(svc.deps.db, {
      customerId: customer!.id,
      merchantId: merchantId,
      warrantyId: warranty.id,
      expiresInMs: -1000,
    })

    const { context, page, watched } = await freshPage(browser, PHONE)
    watched.allow(/401 GET .*validate-claim/)
    watched.allow(/429 POST .*resend-link/)
    await page.goto(`${base}/claim?claimId=${expired}`)
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor()
    await expectCleanPage(page, watched)

    const before = sink.messages.length
    await page.getByRole('button', { name: 'E-mail me a new link' }).click()
    await page.getByText('A new link is on its way').waitFor()
    const fresh = await linkFromMail(email, `${base}/claim?claimId=`, before)
    expect(fresh).not.toContain(expired)
    // Opened again now that a newer link exists: it says it was replaced, not that it is old.
    await page.goto(`${base}/claim?claimId=${expired}`)
    await page.getByRole('heading', { name: 'A newer link replaced this one' }).waitFor()
    expect(await textOf(page.locator('main'))).not.toContain('14 days')
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'E-mail me a new link' }).click()
    await page
      .getByRole('alert')
      .getByText(/ask again in \d+ minutes/)
      .waitFor()
    await expectCleanPage(page, watched)
    await context.close()
  })

  it('a session the API no longer accepts sends the user to sign in with a clear message', async () => {
    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(`${base}/wallet`)
    await page.waitForURL(/\/signin\?next=/)
    expect(await page.getByText('Your session has ended').count()).toBe(0)
    await expectCleanPage(page, watched)

    // A token that was valid once (signature, shape) but is refused now: here, a forged one.
    watched.allow(/401 GET .*\/v1\/customer\/warranties/)
    await page.evaluate(() => {
      const store = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
        .sessionStorage
      store.setItem(
        'wr.session',
        JSON.stringify({ token: 'a.b.c', email: 'x', expiresAt: Date.now() + 60_000 }),
      )
    })
    await page.goto(`${base}/wallet`)
    await page.getByText('Your session has ended, so you were signed out.').waitFor()
    expect(page.url()).toContain('/signin?reason=expired')
    await expectCleanPage(page, watched)
    await context.close()
  })

  it('sign-in by e-mail: the link signs in once (the wallet then readable offline); opened again, it says it was used', async () => {
    const email = uniqueEmail('magic')
    await issue(email, 'SN-MAGIC-1')
    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(`${base}/signin`)
    await expectCleanPage(page, watched)
    const before = sink.messages.length
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByText('a link is on its way').waitFor()
    const magic = await linkFromMail(email, `${base}/auth/magic?token=`, before)

    await page.goto(magic)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${base}/wallet`)
    await page.getByText('Steel kettle 1.7 l').waitFor()
    await expectCleanPage(page, watched)

    // Offline, the installed app still shows the wallet as last seen (read-only).
    await page.evaluate(async () => {
      const nav = (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } })
        .navigator
      await nav.serviceWorker.ready
    })
    await page.reload()
    await page.getByText('Steel kettle 1.7 l').waitFor()
    await context.setOffline(true)
    watched.allow(/./)
    await page.reload()
    await page.getByText('You are offline: this is your wallet as it was last seen.').waitFor()
    await page.getByText('Steel kettle 1.7 l').waitFor()
    await context.setOffline(false)
    await context.close()

    const again = await freshPage(browser, PHONE)
    again.watched.allow(/401 GET .*\/v1\/customer\/auth\/validate/)
    await again.page.goto(magic)
    await again.page.getByRole('heading', { name: 'This link was already used' }).waitFor()
    await expectCleanPage(again.page, again.watched)
    await again.context.close()
  })
})

async function sessionToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() =>
    (
      globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
    ).sessionStorage.getItem('wr.session'),
  )
  return (JSON.parse(raw ?? '{}') as { token: string }).token
}

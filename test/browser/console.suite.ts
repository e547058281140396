import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import type { SinkMessage, SmtpSink } from '../support/smtp-sink.js'
import { DESKTOP, expectCleanPage, freshPage, type PageWatch, PHONE, textOf } from './support/browser.js'
import { sharedWorld } from './support/world.js'

// The merchant and admin console (issue 15) in Debian's Chromium against the real service:
// e-mail over SMTP to a sink, minting on the embedded chain, shared with the customer journeys
// (support/world.ts). Run from web.test.ts: `npm run test:browser`.
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let admin: TestUser

beforeAll(async () => {
  ;({ sink, svc, browser, base } = await sharedWorld())
  admin = await createUser(svc.deps, { role: 'ADMIN', email: 'root@platform.example.com' })
}, 120_000)

const suffix = Math.random().toString(36).slice(2, 8)
const owner = { email: `owner-${suffix}@harbour.example.com`, password: 'owner-secret-1' }
const clerk = { email: `clerk-${suffix}@harbour.example.com`, password: 'clerk-secret-1' }
const customer = `buyer-${suffix}@example.com`
let merchantPath = ''
let warrantyPath = ''

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The staff token the console keeps in this tab. */
async function staffToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() =>
    (
      globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
    ).sessionStorage.getItem('wr.staff'),
  )
  return (JSON.parse(raw ?? '{}') as { token: string }).token
}

async function open(page: Page, watched: PageWatch, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: link, exact: true })
    .click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await expectCleanPage(page, watched)
}

const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)

describe('the console in the browser', () => {
  it('an admin creates a merchant and its owner (and a user)', async () => {
    const { context, page, watched } = await freshPage(browser, DESKTOP)
    await page.goto(`${base}/admin`)
    await page.waitForURL(/\/login\?next=%2Fadmin/)
    await expectCleanPage(page, watched)
    await signIn(page, { email: admin.email, password: admin.password })
    await page.waitForURL(`${base}/admin`)
    await page.getByRole('heading', { name: 'Merchants and people' }).waitFor()
    await expectCleanPage(page, watched)
    // On a desktop the navigation is a row of links: no menu button.
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)

    await open(page, watched, 'Merchants', 'Merchants')
    await page.getByLabel('Name', { exact: true }).fill('Harbour Audio')
    await page.getByLabel('Contact e-mail').fill(`hello-${suffix}@harbour.example.com`)
    await page.getByRole('button', { name: 'Create the merchant' }).click()
    await page.getByRole('heading', { level: 1, name: 'Harbour Audio' }).waitFor()
    merchantPath = new URL(page.url()).pathname
    await expectCleanPage(page, watched)

    await page.getByLabel('Name', { exact: true }).nth(1).fill('Olivia Owner')
    await page.getByLabel('E-mail address').fill(owner.email)
    await page.getByLabel(/Choose their password here/).check()
    await page.getByLabel('First password').fill(owner.password)
    await page.getByLabel('Role').selectOption('OWNER')
    await page.getByRole('button', { name: 'Add the user' }).click()
    await page.getByText(`${owner.email} can now sign in as owner.`).waitFor()
    await page.getByLabel('Name', { exact: true }).nth(1).fill('Carl Clerk')
    await page.getByLabel('E-mail address').fill(clerk.email)
    await page.getByLabel(/Choose their password here/).check()
    await page.getByLabel('First password').fill(clerk.password)
    await page.getByLabel('Role').selectOption('USER')
    await page.getByRole('button', { name: 'Add the user' }).click()
    await page.getByText(`${clerk.email} can now sign in as user.`).waitFor()
    // The list reloads after the confirmation: wait for the new row before reading the table.
    await page.getByRole('row', { name: /Carl Clerk/ }).waitFor()
    const users = await textOf(page.getByRole('table'))
    expect(users).toContain(owner.email)
    expect(users).toMatch(/Carl Clerk\s+\S+\s+USER/)
    await expectCleanPage(page, watched)

    // The same e-mail again: the API's conflict shows at the e-mail field.
    watched.allow(/409 POST .*\/users$/)
    await page.getByLabel('Name', { exact: true }).nth(1).fill('Someone')
    await page.getByLabel('E-mail address').fill(clerk.email)
    await page.getByLabel(/Choose their password here/).check()
    await page.getByLabel('First password').fill('another-1')
    await page.getByRole('button', { name: 'Add the user' }).click()
    await page.locator('#user-email-error').waitFor()
    expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true')

    // The catalogue checks a GTIN as the API does before sending it.
    await open(page, watched, 'Catalogue', 'Global catalogue')
    await page.getByLabel('Brand', { exact: true }).fill('Harbour')
    await page.getByLabel('Model', { exact: true }).fill('HX-1')
    await page.getByLabel('Category', { exact: true }).fill('Speakers')
    await page.getByLabel('GTIN').fill('4006381333932')
    await page.locator('#gtin-error').getByText('Not a GTIN').waitFor()
    await page.getByLabel('GTIN').fill('4006381333931')
    await page.getByRole('button', { name: 'Add to the catalogue' }).click()
    await page.getByText('Harbour HX-1 added.').waitFor()
    await page.getByRole('cell', { name: '4006381333931' }).waitFor()
    await expectCleanPage(page, watched)

    await open(page, watched, 'Audit log', 'Audit log')
    await page.getByLabel('Target type').selectOption('merchant')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/targetType=merchant/)
    await page.getByRole('cell', { name: 'merchant.create' }).first().waitFor()
    // The entry in words: the merchant by its name, linked to its page; what was set, line by
    // line (no raw JSON objects, no bare ids).
    const created = page
      .getByRole('row')
      .filter({ hasText: 'merchant.create' })
      .filter({ hasText: 'Harbour Audio' })
    expect(await created.getByRole('link', { name: 'Harbour Audio', exact: true }).getAttribute('href')).toBe(
      merchantPath,
    )
    expect(await textOf(created)).toMatch(/Name:\s*Harbour Audio/)
    expect(await textOf(created)).toMatch(new RegExp(`Contact e-mail:\\s*hello-${suffix}@harbour`))
    expect(await textOf(page.locator('tbody'))).not.toContain('{"')
    await expectCleanPage(page, watched)
    await context.close()
  })

  it('the owner signs in, adds a product and a sender address, issues a warranty, sees it minted live, resends the e-mail', async () => {
    expect(merchantPath).not.toBe('')
    const { context, page, watched } = await freshPage(browser, DESKTOP)
    await signIn(page, owner)
    await page.waitForURL(`${base}/merchant`)
    await page.getByRole('heading', { name: 'Issued per day' }).waitFor()
    // Nothing issued yet: what to do first, not zeros and a blank chart.
    await page.getByRole('heading', { name: 'Issue your first warranty' }).waitFor()
    expect(await page.getByRole('link', { name: 'Import a CSV file' }).getAttribute('href')).toBe(
      '/merchant/import',
    )
    expect(await page.getByRole('link', { name: 'Issue a warranty' }).getAttribute('href')).toBe(
      '/merchant/issue',
    )
    expect(await page.locator('main svg').count()).toBe(0)
    await expectCleanPage(page, watched)

    await open(page, watched, 'Products', 'Products')
    await page.getByLabel('SKU').fill('HA-SPK-1')
    await page.getByLabel('Title').fill('Bookshelf speaker')
    await page.getByLabel('Warranty in months').fill('36')
    await page.getByRole('button', { name: 'Add the product' }).click()
    await page.getByText('“Bookshelf speaker” added.').waitFor()
    await page.getByRole('cell', { name: 'HA-SPK-1' }).waitFor()
    await expectCleanPage(page, watched)

    await open(page, watched, 'Sender addresses', 'Sender addresses')
    const sender = `receipts-${suffix}@harbour.example.com`
    await page.getByLabel('Add an address').fill(sender)
    await page.getByRole('button', { name: 'Add and send the verification e-mail' }).click()
    await page.getByText('Waiting for verification').waitFor()
    await sink.waitForMessage(to(sender), 20_000)
    await expectCleanPage(page, watched)

    await open(page, watched, 'Issue', 'Issue a warranty')
    await page.getByLabel('Your product').selectOption({ label: 'Bookshelf speaker · HA-SPK-1 · 36 months' })
    await page.getByLabel('Serial number').fill('SN-CONSOLE-1')
    await page.getByLabel('Purchase date').fill('2026-01-31')
    // The derived expiry before sending: 36 months (the product's) after the purchase date.
    await page.getByText(/Expires on .*2029/).waitFor()
    await page.getByLabel('E-mail address').fill(customer)
    await page.getByLabel('Name').fill('Bea Buyer')
    await expectCleanPage(page, watched)
    await page.getByRole('button', { name: 'Issue the warranty' }).click()
    const code = await page.getByTestId('warranty-code').textContent()
    expect(code).toMatch(/^WR-/)
    // PENDING → MINTED on this page, without a reload: the page's own marker survives.
    expect(await page.locator('[data-mint]').getAttribute('data-mint')).toBe('PENDING')
    await page.evaluate(() => {
      ;(globalThis as unknown as { stillHere: boolean }).stillHere = true
    })
    await page.locator('[data-mint="MINTED"]').waitFor({ timeout: 90_000 })
    expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await sink.waitForMessage(to(customer), 20_000)
    await expectCleanPage(page, watched)

    await page.getByRole('link', { name: 'Open the warranty' }).click()
    await page.getByRole('heading', { level: 1, name: `Warranty ${code}` }).waitFor()
    warrantyPath = new URL(page.url()).pathname
    const detail = await textOf(page.locator('main'))
    expect(detail).toMatch(/Token id\s+\d+/)
    expect(detail).toContain(`${base}/verify/${code}`)
    // On a desktop: the public check's address inside its card, the e-mail and the transaction
    // hash each on one line (not broken mid-word).
    const certificate = page.locator('section', {
      has: page.getByRole('heading', { name: 'The certificate' }),
    })
    const card = await certificate.boundingBox()
    const link = await certificate.getByRole('link', { name: `${base}/verify/${code}` }).boundingBox()
    expect(link && card && link.x + link.width <= card.x + card.width).toBe(true)
    for (const value of [
      page.locator('dd', { hasText: customer }),
      certificate.locator('dd', { hasText: /^0x[0-9a-f]{64}$/ }),
    ]) {
      const lineHeight = Number.parseFloat(
        await value.evaluate(
          (e) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }
            ).getComputedStyle(e).lineHeight,
        ),
      )
      expect((await value.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5)
    }
    await expectCleanPage(page, watched)

    const before = sink.messages.filter(to(customer)).length
    await page.getByRole('button', { name: 'Resend the warranty e-mail' }).click()
    await page.getByText(`The warranty e-mail was sent again to ${customer}.`).waitFor()
    await expect.poll(() => sink.messages.filter(to(customer)).length, { timeout: 20_000 }).toBe(before + 1)
    await expectCleanPage(page, watched)

    // The list finds it by the customer's e-mail, with its state.
    await open(page, watched, 'Warranties', 'Warranties')
    await page.getByLabel('Search').fill(customer)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: code ?? '' }).waitFor()
    expect(await textOf(page.locator('tbody'))).toContain('Minted')
    await expectCleanPage(page, watched)
    await context.close()
  }, 180_000)

  it('double-clicking "issue", and retrying after a lost answer, issue one warranty', async () => {
    const { context, page, watched } = await freshPage(browser, PHONE)
    await signIn(page, owner)
    await page.waitForURL(`${base}/merchant`)
    await page.getByRole('heading', { name: 'Issued per day' }).waitFor()
    await page.goto(`${base}/merchant/issue`)
    const keys: string[] = []
    let lose = true
    await page.route('**/v1/merchant/warranties/issue', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (lose) {
        // The request reaches the service, the answer is lost on the way back.
        lose = false
        await route.fetch()
        await route.abort('connectionreset')
      } else await route.continue()
    })
    watched.allow(/warranties\/issue/)
    await page.getByLabel('Serial number').fill('SN-DOUBLE-1')
    await page.getByLabel('E-mail address').fill(customer)
    await page.getByRole('button', { name: 'Issue the warranty' }).dblclick()
    await page
      .getByRole('alert')
      .getByText(/offline/)
      .waitFor()
    await page.getByRole('button', { name: 'Issue the warranty' }).dblclick()
    await page.getByTestId('warranty-code').waitFor()
    expect(new Set(keys).size).toBe(1)
    const listed = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties?q=SN-DOUBLE-1',
      token: await staffToken(page),
    })
    expect(listed.json().items).toHaveLength(1)
    await page.unroute('**/v1/merchant/warranties/issue')
    const overflow = await page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } }
        }
      ).document.documentElement
      return doc.scrollWidth - doc.clientWidth
    })
    expect(overflow, 'no sideways scrolling on a phone').toBe(0)
    await context.close()
  })

  it('every console page on a phone: no serious axe violation, no sideways scrolling', async () => {
    expect(warrantyPath).not.toBe('')
    const pages: [{ email: string; password: string }, string[]][] = [
      [
        { email: admin.email, password: admin.password },
        [
          '/admin',
          '/admin/merchants',
          merchantPath,
          '/admin/providers',
          '/admin/catalogue',
          '/admin/audit',
          '/admin/admins',
          '/account',
        ],
      ],
      [
        owner,
        [
          '/merchant',
          '/merchant/issue',
          '/merchant/warranties',
          warrantyPath,
          '/merchant/products',
          '/merchant/senders',
          '/merchant/team',
          '/account',
        ],
      ],
    ]
    for (const [who, paths] of pages) {
      const { context, page, watched } = await freshPage(browser, PHONE)
      await signIn(page, who)
      // On a phone the links fold behind one "Menu" button, in a header of one row.
      const nav = page.getByRole('navigation', { name: 'Console' })
      await nav.getByRole('link', { name: 'Account', includeHidden: true }).waitFor({ state: 'attached' })
      const menu = nav.getByRole('button', { name: 'Menu' })
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      expect(await nav.getByRole('link', { name: 'Account' }).isVisible()).toBe(false)
      expect((await page.locator('header').boundingBox())?.height ?? 0).toBeLessThan(80)
      await menu.click()
      expect(await menu.getAttribute('aria-expanded')).toBe('true')
      await expectCleanPage(page, watched)
      await nav.getByRole('link', { name: 'Account' }).click()
      await page.waitForURL(`${base}/account`)
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      expect(await nav.getByRole('link', { name: 'Account' }).isVisible()).toBe(false)
      for (const path of paths) {
        await page.goto(`${base}${path}`)
        await page.locator('h1').waitFor()
        await expectCleanPage(page, watched)
        const overflow = await page.evaluate(() => {
          const doc = (
            globalThis as unknown as {
              document: { documentElement: { scrollWidth: number; clientWidth: number } }
            }
          ).document.documentElement
          return doc.scrollWidth - doc.clientWidth
        })
        expect(overflow, `no sideways scrolling on ${path}`).toBe(0)
      }
      await context.close()
    }
  })

  it('a USER sees no product editing; once the merchant is suspended, its users are refused with the reason', async () => {
    const { context, page, watched } = await freshPage(browser, PHONE)
    await signIn(page, clerk)
    await page.waitForURL(`${base}/merchant`)
    await page.getByRole('heading', { name: 'Issued per day' }).waitFor()
    await page.goto(`${base}/merchant/products`)
    await page.getByRole('cell', { name: 'HA-SPK-1' }).waitFor()
    expect(await page.getByRole('button', { name: /Add the product|Edit|Delete/ }).count()).toBe(0)
    expect(await page.getByLabel('SKU').count()).toBe(0)
    await page.goto(`${base}/merchant/senders`)
    await page.getByText('Waiting for verification').waitFor()
    expect(await page.getByRole('button', { name: /Add|Remove|Resend/ }).count()).toBe(0)
    await expectCleanPage(page, watched)

    // The admin suspends the merchant (after confirming).
    const adminTab = await freshPage(browser, DESKTOP)
    await signIn(adminTab.page, { email: admin.email, password: admin.password })
    await adminTab.page.waitForURL(`${base}/admin`)
    await adminTab.page.getByRole('heading', { name: 'Merchants and people' }).waitFor()
    await adminTab.page.goto(`${base}${merchantPath}`)
    adminTab.page.once('dialog', (dialog) => void dialog.accept())
    await adminTab.page.getByRole('button', { name: 'Suspend the merchant' }).click()
    await adminTab.page.getByText('Harbour Audio is suspended.').waitFor()
    await expectCleanPage(adminTab.page, adminTab.watched)
    await adminTab.context.close()

    // The signed-in user's next call is refused: back to sign-in, told why.
    watched.allow(/403 GET .*\/v1\/merchant\//)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Warranties', exact: true }).click()
    await page.waitForURL(/\/login\?reason=merchant_suspended/)
    await page.getByText("Your merchant's account is suspended").waitFor()
    // Signing in again is refused with the same reason.
    watched.allow(/403 POST .*\/v1\/auth\/login/)
    await signIn(page, clerk)
    await page
      .getByRole('alert')
      .getByText("Your merchant's account is suspended, so its users cannot sign in.")
      .waitFor()
    expect(page.url()).toContain('/login')
    await expectCleanPage(page, watched)
    await context.close()
  })
})

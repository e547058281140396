import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { linksIn, type SmtpSink } from '../support/smtp-sink.js'
import { DESKTOP, expectCleanPage, freshPage, type PageWatch, PHONE } from './support/browser.js'
import { sharedWorld } from './support/world.js'

// Dark mode follows the system setting (prefers-color-scheme): the main pages of the customer
// app and of the console in the light and the dark theme, on a phone and a desktop. On each:
// the theme is applied (the page's ground), axe finds nothing serious or critical (its
// colour-contrast rule included) and the console is clean. The QR code stays dark on light.
// Run from web.test.ts (`npm run test:browser`).
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>
let admin: TestUser

const THEMES = ['light', 'dark'] as const
const DEVICES = [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const
/** The page's ground (--wash) in each theme, as the browser computes it. */
const GROUND = { light: 'rgb(243, 246, 249)', dark: 'rgb(13, 17, 23)' }
const SERIAL = 'SN-THEMES-1'

let warranty: { id: string; warrantyCode: string }
let customerSession = ''

beforeAll(async () => {
  ;({ sink, svc, browser, base } = await sharedWorld())
  tenant = await createMerchantWithUsers(svc.deps, 'Night Owl Audio')
  admin = await createUser(svc.deps, { role: 'ADMIN' })
}, 120_000)

async function ground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      getComputedStyle(e: unknown): { backgroundColor: string }
      document: { documentElement: unknown }
    }
    return g.getComputedStyle(g.document.documentElement).backgroundColor
  })
}

/** Each path in each theme: the theme's ground, no serious axe violation, a clean console. */
async function visitInThemes(page: Page, watched: PageWatch, paths: string[]): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme })
    for (const path of paths) {
      await page.goto(`${base}${path}`)
      await page
        .locator('h1')
        .first()
        .waitFor()
        .catch((e: unknown) => {
          throw new Error(`no page at ${path} (${theme}), the browser is at ${page.url()}: ${e}`)
        })
      await expectCleanPage(page, watched)
      expect(await ground(page), `the ${theme} theme on ${path}`).toBe(GROUND[theme])
    }
  }
}

/** The customer's session (sessionStorage of the tab that claimed) in a fresh page. */
async function withCustomerSession(page: Page): Promise<void> {
  await page.goto(`${base}/verify`)
  await page.evaluate((raw) => {
    const g = globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
    g.sessionStorage.setItem('wr.session', raw)
  }, customerSession)
}

async function staffSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

describe('dark mode follows the system setting', () => {
  it('the claim landing in both themes; claimed, the wallet keeps the QR code dark on light', async () => {
    const product = await svc.request({
      method: 'POST',
      url: '/v1/merchant/products',
      token: tenant.owner.token,
      payload: {
        merchantSku: 'NOA-HP-1',
        title: 'Night headphones',
        gtin: '4006381333931',
        warrantyDurationMonths: 24,
      },
    })
    expect(product.statusCode).toBe(200)
    const email = `owl-${Math.random().toString(36).slice(2, 8)}@example.com`
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: tenant.owner.token,
      payload: { serialNumber: SERIAL, customerEmail: email, merchantProductId: product.json().id },
    })
    expect(issued.statusCode).toBe(200)
    warranty = issued.json()
    const message = await sink.waitForMessage((m) => m.envelope.to.includes(email), 20_000)
    const claimUrl = linksIn(message).find((l) => l.startsWith(`${base}/claim?claimId=`)) ?? ''

    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(claimUrl)
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme })
      await page.getByRole('button', { name: 'Add to my wallet' }).waitFor()
      await expectCleanPage(page, watched)
      expect(await ground(page), `the ${theme} claim landing`).toBe(GROUND[theme])
    }
    await page.getByRole('button', { name: 'Add to my wallet' }).click()
    await page.waitForURL(`${base}/wallet`)
    customerSession =
      (await page.evaluate(() =>
        (
          globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
        ).sessionStorage.getItem('wr.session'),
      )) ?? ''
    expect(customerSession).not.toBe('')

    // The QR code in the dark theme: its quiet zone (the image's corner) is white, its modules
    // dark, so a scanner reads it as it reads a printed one.
    await page.goto(`${base}/wallet/${warranty.id}`)
    const qr = page.locator('img[data-digital-link]')
    await qr.waitFor({ timeout: 90_000 })
    await expect
      .poll(() => qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0)
    const { data, info } = await sharp(await qr.screenshot())
      .removeAlpha()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    // The middle of the top edge: the white frame (its corners are rounded, showing the page).
    const corner = data[(3 * info.width + Math.floor(info.width / 2)) * info.channels] ?? 0
    const darkest = data.reduce((min, v) => Math.min(min, v), 255)
    expect(corner, 'the QR code on a white ground').toBeGreaterThan(230)
    expect(darkest, 'the QR code drawn dark').toBeLessThan(40)
    await expectCleanPage(page, watched)
    await context.close()
  }, 180_000)

  it.each(DEVICES)(
    'the customer app on %s: every main page, light and dark',
    async (_name, device) => {
      expect(customerSession).not.toBe('')
      const { context, page, watched } = await freshPage(browser, device)
      await withCustomerSession(page)
      await visitInThemes(page, watched, [
        '/wallet',
        `/wallet/${warranty.id}`,
        `/wallet/${warranty.id}/print`,
        '/claims',
        '/receipts',
        '/profile',
        '/verify',
        `/verify/${warranty.warrantyCode}?serialNumber=${SERIAL}`,
        '/register',
        '/signin',
      ])
      await context.close()
    },
    240_000,
  )

  it.each(DEVICES)(
    'the console on %s: a merchant owner and an admin, light and dark',
    async (_name, device) => {
      expect(warranty).toBeDefined()
      const owner = await freshPage(browser, device)
      await staffSignIn(owner.page, { email: tenant.owner.email, password: tenant.owner.password })
      await visitInThemes(owner.page, owner.watched, [
        '/merchant',
        '/merchant/issue',
        '/merchant/import',
        '/merchant/warranties',
        `/merchant/warranties/${warranty.id}`,
        '/merchant/claims',
        '/merchant/products',
        '/merchant/registrations',
        '/merchant/senders',
        '/merchant/providers',
        '/merchant/team',
        '/account',
      ])
      await owner.context.close()

      const staff = await freshPage(browser, device)
      await staffSignIn(staff.page, { email: admin.email, password: admin.password })
      await visitInThemes(staff.page, staff.watched, [
        '/admin',
        '/admin/merchants',
        `/admin/merchants/${tenant.merchant.id}`,
        '/admin/providers',
        '/admin/catalogue',
        '/admin/audit',
        '/admin/admins',
      ])
      await staff.context.close()
    },
    300_000,
  )
})

import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { linksIn, type SmtpSink } from '../support/smtp-sink.js'
import { DESKTOP, expectCleanPage, freshPage, type PageWatch, PHONE, textOf } from './support/browser.js'
import { receiptPhoto } from './support/receipt-photo.js'
import { sharedWorld } from './support/world.js'

// Dark mode follows the system setting (prefers-color-scheme): the main pages of the customer
// app and of the console in the light and the dark theme, in English on a phone and a desktop,
// in German on a phone and in French on a desktop (the browser's language, as Chromium's locale
// and Accept-Language send it). On each: the theme is applied (the page's ground), axe finds
// nothing serious or critical (its colour-contrast rule included), the console is clean and
// <html lang> is the language. Each page is loaded once and checked in both themes (the themes
// are CSS only, so switching the emulated scheme redraws it as a reload would). In English each
// customer page shows a known sentence; in German and French that sentence is gone. The QR code
// stays dark on light. Run from web.test.ts (`npm run test:browser`).
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>
let admin: TestUser

const THEMES = ['light', 'dark'] as const
/** Each run: the language, the browser's locale, the device. */
const RUNS = [
  ['English', 'en-US', 'a phone', PHONE],
  ['English', 'en-US', 'a desktop', DESKTOP],
  ['German', 'de-DE', 'a phone', PHONE],
  ['French', 'fr-FR', 'a desktop', DESKTOP],
] as const
/**
 * A sentence each customer page shows in English (checked there), which the German and French
 * pages must not show. The console's pages get theirs as they are translated (docs/console.md).
 */
const ENGLISH_SENTENCES: [RegExp, string][] = [
  [/^\/wallet$/, 'My warranties'],
  [/^\/wallet\/[^/]+$/, 'Printable certificate'],
  [/^\/wallet\/[^/]+\/print$/, 'Warranty certificate'],
  [/^\/wallet\/[^/]+\/own$/, 'Your certificate'],
  [/^\/claims$/, 'To report a problem, open the product in your'],
  [/^\/receipts$/, 'Add a receipt'],
  [/^\/receipts\/[^/]+$/, 'Edit details'],
  [/^\/profile$/, 'Signing out forgets your session'],
  [/^\/verify$/, 'Enter the warranty code printed on the certificate'],
  [/^\/verify\/[^/?]+/, 'Holder and service history'],
  [/^\/register$/, 'Register your product'],
  [/^\/signin$/, 'We e-mail you a link that signs you in.'],
]
/** The page's ground (--wash) in each theme, as the browser computes it. */
const GROUND = { light: 'rgb(243, 246, 249)', dark: 'rgb(13, 17, 23)' }
const SERIAL = 'SN-THEMES-1'

let warranty: { id: string; warrantyCode: string }
let customerSession = ''
let receiptId = ''

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

const htmlLang = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  )

/**
 * Each path, in each theme: the theme's ground, no serious axe violation, a clean console; in the
 * language `lang`: <html lang>, and the page's English sentence shown in English only.
 */
async function visitInThemes(page: Page, watched: PageWatch, paths: string[], lang: string): Promise<void> {
  for (const path of paths) {
    await page.goto(`${base}${path}`)
    await page
      .locator('h1')
      .first()
      .waitFor()
      .catch((e: unknown) => {
        throw new Error(`no page at ${path} (${lang}), the browser is at ${page.url()}: ${e}`)
      })
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme })
      await expectCleanPage(page, watched)
      expect(await ground(page), `the ${theme} theme on ${path}`).toBe(GROUND[theme])
    }
    expect(await htmlLang(page), `<html lang> on ${path}`).toBe(lang)
    const english = ENGLISH_SENTENCES.find(([pattern]) => pattern.test(path))?.[1]
    if (english === undefined) continue
    const text = await textOf(page.locator('body'))
    if (lang === 'en') expect(text, `the English sentence on ${path}`).toContain(english)
    else expect(text, `English left on ${path} in ${lang}`).not.toContain(english)
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

/** Signs in on the console's form, found by its fields' ids (the same in every language). */
async function staffSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/login`)
  await page.locator('#email').fill(who.email)
  await page.locator('#password').fill(who.password)
  await page.locator('form button[type="submit"]').click()
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

    // A receipt, for the receipt's page.
    const token = (JSON.parse(customerSession) as { token: string }).token
    const receipt = await svc.request({
      method: 'POST',
      url: '/v1/customer/receipts',
      token,
      payload: {
        imageBase64: (await receiptPhoto()).toString('base64'),
        ocrData: { merchant: 'Night Owl Shop', date: '2026-11-20', total: '44.49', items: [] },
      },
    })
    expect(receipt.statusCode).toBe(200)
    receiptId = receipt.json().id

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

  it.each(RUNS)(
    'the customer app in %s (%s) on %s: every main page, light and dark',
    async (_language, locale, _name, device) => {
      expect(customerSession).not.toBe('')
      const { context, page, watched } = await freshPage(browser, { ...device, locale })
      await withCustomerSession(page)
      await visitInThemes(
        page,
        watched,
        [
          '/wallet',
          `/wallet/${warranty.id}`,
          `/wallet/${warranty.id}/print`,
          `/wallet/${warranty.id}/own`,
          '/claims',
          '/receipts',
          `/receipts/${receiptId}`,
          '/profile',
          '/verify',
          `/verify/${warranty.warrantyCode}?serialNumber=${SERIAL}`,
          '/register',
          '/signin',
        ],
        locale.slice(0, 2),
      )
      await context.close()
    },
    240_000,
  )

  it.each(RUNS)(
    'the console in %s (%s) on %s: a merchant owner and an admin, light and dark',
    async (_language, locale, _name, device) => {
      expect(warranty).toBeDefined()
      const lang = locale.slice(0, 2)
      const owner = await freshPage(browser, { ...device, locale })
      await staffSignIn(owner.page, { email: tenant.owner.email, password: tenant.owner.password })
      await visitInThemes(
        owner.page,
        owner.watched,
        [
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
        ],
        lang,
      )
      await owner.context.close()

      const staff = await freshPage(browser, { ...device, locale })
      await staffSignIn(staff.page, { email: admin.email, password: admin.password })
      await visitInThemes(
        staff.page,
        staff.watched,
        [
          '/admin',
          '/admin/merchants',
          `/admin/merchants/${tenant.merchant.id}`,
          '/admin/providers',
          '/admin/catalogue',
          '/admin/audit',
          '/admin/admins',
        ],
        lang,
      )
      await staff.context.close()
    },
    300_000,
  )
})

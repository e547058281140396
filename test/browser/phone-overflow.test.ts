import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allowProvider, claimIn, walletWarranty } from '../support/claim-factories.js'
import {
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  type TestUser,
} from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createMerchantProduct } from '../support/warranty-factories.js'
import { freePort, freshPage, launchBrowser, PHONE, pageWithSession } from './support/browser.js'
import { staffSessionOf } from './support/served.js'

// No page is wider than a phone in the long-worded languages (docs/console.md, "Accessibility
// and phones"): at 390×844 in a de-DE and an fr-FR Chromium, every console page a merchant owner, a service
// provider and an admin can open, the customer app's pages and the sign-in pages: the document
// does not scroll sideways and no visible element reaches past the viewport's right edge (one
// inside a container that scrolls or clips sideways, a wide table, is the container’s business),
// and no button’s one word is squeezed until it breaks letter by letter.
// `npm run build`, then `BROWSER_TESTS=1 npx vitest run --project browser test/browser/phone-overflow.test.ts`
let svc: TestService
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>
let admin: TestUser
let provider: TestUser
let customer: TestUser
const ids = { product: '', warranty: '', warrantyCode: '', claim: '', providerClaim: '', provider: '' }

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  svc = await createTestService({ env: { PUBLIC_API_URL: base, APP_URL: base } })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Nordlicht Haushaltsgerätevertriebsgesellschaft')
  admin = await createUser(svc.deps, { role: 'ADMIN' })
  const bench = await createServiceProvider(svc.deps.db, { name: 'Reparaturwerkstatt Kühlschrankservice' })
  ids.provider = bench.id
  provider = await createUser(svc.deps, { role: 'SERVICE_PROVIDER', serviceProviderId: bench.id })
  await allowProvider(svc, tenant.merchant.id, bench.id)
  customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
  const product = await createMerchantProduct(svc.deps.db, tenant.merchant.id, {
    title: 'Wasserkocher Edelstahl Komfortausstattung K1',
    merchantSku: 'WK-1',
    warrantyDurationMonths: 24,
  })
  ids.product = product.id
  const w = await walletWarranty(svc, tenant.owner, customer, { merchantProductId: product.id })
  ids.warranty = w.id
  ids.warrantyCode = w.warrantyCode
  ids.claim = (await claimIn(svc, tenant.owner, customer, 'INFO_REQUESTED')).claim.id
  ids.providerClaim = (await claimIn(svc, tenant.owner, customer, 'IN_REPAIR', provider)).claim.id
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
})

/** The visible elements whose right edge is past the viewport, unless a scrolling or clipping box holds them. */
function overflowing(
  page: Page,
  width: number,
): Promise<{ scrollWidth: number; innerWidth: number; offenders: string[] }> {
  return page.evaluate((limit) => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's DOM, evaluated in the browser
    const g = globalThis as any
    const doc = g.document
    // The phone's width, not window.innerWidth: a phone browser zooms out to show a page wider
    // than itself, and innerWidth then grows to the page's width (541 for a page of 541 px).
    const innerWidth = limit
    const offenders: string[] = []
    /** Inside a box that scrolls or clips sideways and itself fits: that box's business. */
    const heldBySideways = (el: { parentElement: unknown }): boolean => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's DOM
      for (let p: any = el.parentElement; p && p !== doc.body; p = p.parentElement) {
        if (g.getComputedStyle(p).overflowX === 'visible') continue
        if (p.getBoundingClientRect().right <= innerWidth + 0.5) return true
      }
      return false
    }
    // biome-ignore lint/suspicious/noExplicitAny: the page's DOM
    const describe = (el: any, right: number) => {
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : ''
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
      return `<${el.tagName.toLowerCase()}${cls}> right ${Math.round(right)} "${text}"`
    }
    const seen = new Set<unknown>()
    // The boxes: an element (a button, a field, a row) wider than the room it was given.
    for (const el of doc.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1 || r.right <= innerWidth + 0.5) continue
      const style = g.getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'contents') continue
      if (heldBySideways(el)) continue
      seen.add(el)
      offenders.push(describe(el, r.right))
    }
    // The words: a long word running out of a box that fits (a heading, a table cell).
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
    const range = doc.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || seen.has(parent) || !node.textContent.trim()) continue
      if (/^(OPTION|SCRIPT|STYLE|TEMPLATE)$/.test(parent.tagName)) continue
      range.selectNodeContents(node)
      // A button's one word squeezed until it breaks letter by letter ("Spe|rre|n").
      const word = node.textContent.trim()
      if (parent.closest('button') && !/\s/.test(word)) {
        const lines = new Set([...range.getClientRects()].map((r: { top: number }) => Math.round(r.top)))
        if (lines.size > 1)
          offenders.push(`word broken in ${describe(parent, parent.getBoundingClientRect().right)}`)
      }
      const r = range.getBoundingClientRect()
      if (r.width <= 1 || r.right <= innerWidth + 0.5) continue
      if (g.getComputedStyle(parent).visibility === 'hidden' || heldBySideways(node)) continue
      seen.add(parent)
      offenders.push(`text of ${describe(parent, r.right)}`)
    }
    return { scrollWidth: doc.documentElement.scrollWidth, innerWidth: g.innerWidth as number, offenders }
  }, width)
}

async function expectNoOverflow(page: Page, path: string, locale: string): Promise<void> {
  await page.goto(`${base}${path}`)
  await page.locator('h1').first().waitFor()
  await page.waitForLoadState('networkidle')
  expect(new URL(page.url()).pathname, `${path} was not left for another page`).toBe(path.split('?')[0])
  await expectFits(page, path, locale)
}

/** The page as it is now fits the phone's width, in `locale`'s language. */
async function expectFits(page: Page, what: string, locale: string): Promise<void> {
  const lang = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  )
  const where = `${what} (${lang}, at ${page.url()})`
  expect(lang, `the language of ${where}`).toBe(locale.slice(0, 2))
  const width = PHONE.viewport.width
  const found = await overflowing(page, width)
  expect.soft(found.offenders.slice(0, 8), `elements past the right edge on ${where}`).toEqual([])
  expect.soft(found.scrollWidth, `the document's width on ${where}`).toBeLessThanOrEqual(width)
  expect.soft(found.innerWidth, `the window's width on ${where} (zoomed out?)`).toBeLessThanOrEqual(width)
}

async function visitAll(
  who: TestUser | null,
  key: 'wr.session' | 'wr.staff',
  locale: string,
  paths: string[],
) {
  const session =
    key === 'wr.session' && who
      ? { token: who.token, email: who.email, expiresAt: Date.now() + 3_600_000 }
      : who
        ? await staffSessionOf(svc, who)
        : null
  const { context, page } = session
    ? await pageWithSession(browser, key, session, { ...PHONE, locale })
    : await freshPage(browser, { ...PHONE, locale })
  try {
    for (const path of paths) await expectNoOverflow(page, path, locale)
    if (key === 'wr.staff') {
      // The console's menu, open: every link of the role and "Sign out" as a list over the page.
      await page.locator('#console-menu-button').click()
      await page.locator('#console-menu.open').waitFor()
      await expectFits(page, `${paths.at(-1)} with the menu open`, locale)
    }
  } finally {
    await context.close()
  }
}

const merchantPaths = () => [
  '/merchant',
  '/merchant/issue',
  '/merchant/import',
  '/merchant/warranties',
  `/merchant/warranties/${ids.warranty}`,
  '/merchant/claims',
  `/merchant/claims/${ids.claim}`,
  '/merchant/products',
  `/merchant/products/${ids.product}/registration`,
  '/merchant/labels',
  '/merchant/registrations',
  '/merchant/senders',
  '/merchant/providers',
  '/merchant/team',
  '/account',
]
const adminPaths = () => [
  '/admin',
  '/admin/merchants',
  `/admin/merchants/${tenant.merchant.id}`,
  '/admin/providers',
  `/admin/providers/${ids.provider}`,
  '/admin/catalogue',
  '/admin/admins',
  '/admin/audit',
  '/account',
]
const providerPaths = () => [
  '/provider/claims',
  `/provider/claims/${ids.providerClaim}`,
  '/provider/coverage',
]
// Profile.svelte is left out for now: another change is at work on it (see the report of this test's commit).
const customerPaths = () => [
  '/wallet',
  `/wallet/${ids.warranty}`,
  '/claims',
  `/claims/${ids.claim}`,
  '/profile',
]
const signedOutPaths = () => ['/signin', '/verify', `/verify/${ids.warrantyCode}`, '/login', '/login/forgot']

describe.each(['de-DE', 'fr-FR'])('nothing wider than a phone in %s', (locale) => {
  it(
    'the console of a merchant owner',
    () => visitAll(tenant.owner, 'wr.staff', locale, merchantPaths()),
    60_000,
  )
  it('the console of an admin', () => visitAll(admin, 'wr.staff', locale, adminPaths()), 60_000)
  it(
    'the console of a service provider',
    () => visitAll(provider, 'wr.staff', locale, providerPaths()),
    60_000,
  )
  it('the customer app', () => visitAll(customer, 'wr.session', locale, customerPaths()), 60_000)
  it(
    'the sign-in and verification pages',
    () => visitAll(null, 'wr.session', locale, signedOutPaths()),
    60_000,
  )
})

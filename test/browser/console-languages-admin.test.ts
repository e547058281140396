import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimIn } from '../support/claim-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { DESKTOP, expectCleanPage, PHONE, pageWithSession } from './support/browser.js'
import { htmlLang, serveWithBrowser, staffSessionOf, stopServed } from './support/served.js'

// The console's admin and claims pages in the browser's language (docs/console.md): a Chromium
// set to de-DE sees the merchants list, the audit log and the admins page in German as an admin,
// and the claims list as a merchant; one set to fr-FR sees French. The staff session is put in
// the tab as the sign-in leaves it, so that these pages are tested whatever the sign-in page says.
// `npm run build`, then
// `BROWSER_TESTS=1 npx vitest run --project browser test/browser/console-languages-admin.test.ts`
let svc: TestService
let browser: Browser
let base: string
let admin: TestUser
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>
const suffix = Math.random().toString(36).slice(2, 8)
const merchantName = `Nordlicht Audio ${suffix}`

beforeAll(async () => {
  ;({ svc, browser, base } = await serveWithBrowser())
  admin = await createUser(svc.deps, { role: 'ADMIN', email: `root-${suffix}@platform.example.com` })
  // A merchant created through the API, so that the audit log has its creation to word.
  const created = await svc.request({
    method: 'POST',
    url: '/v1/admin/merchants',
    token: admin.token,
    payload: { name: merchantName, contactEmail: `hallo-${suffix}@nordlicht.example.com` },
  })
  expect(created.statusCode).toBe(200)
  tenant = await createMerchantWithUsers(svc.deps, `Kiel Kameras ${suffix}`)
  const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
  await claimIn(svc, tenant.owner, customer, 'INFO_REQUESTED')
}, 120_000)
afterAll(() => stopServed({ browser, svc }))

/** A page in `locale` whose tab holds the staff session of `who` (as /login leaves it). */
const staffPage = async (who: TestUser, locale: string, device: object = DESKTOP) =>
  pageWithSession(browser, 'wr.staff', await staffSessionOf(svc, who), { ...device, locale })

/** Everything the page's main part holds, hidden captions and the options of menus too. */
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? ''

async function expectNoEnglish(page: Page, sentences: string[]) {
  const text = await mainText(page)
  for (const sentence of sentences) expect(text, `"${sentence}" on ${page.url()}`).not.toContain(sentence)
}

describe('the console’s admin and claims pages in the browser’s language', () => {
  it('an admin in a de-DE browser: merchants, the audit log and the admins in German', async () => {
    const { context, page, watched } = await staffPage(admin, 'de-DE')
    try {
      await page.goto(`${base}/admin/merchants`)
      await page.getByRole('heading', { level: 1, name: 'Händler' }).waitFor()
      expect(await htmlLang(page)).toBe('de')
      await page.getByRole('heading', { level: 2, name: 'Einen Händler hinzufügen' }).waitFor()
      await page.getByLabel('Kontakt-E-Mail').waitFor()
      await page.getByRole('button', { name: 'Händler anlegen' }).waitFor()
      await page.getByRole('link', { name: merchantName }).waitFor()
      expect(await mainText(page)).toContain('Aktiv')
      await expectNoEnglish(page, [
        'Add a merchant',
        'Create the merchant',
        'Contact e-mail',
        'ISO 4217 code of its prices',
        'Find a merchant',
        'Suspended',
      ])
      await expectCleanPage(page, watched)

      await page.goto(`${base}/admin/audit?targetType=merchant`)
      await page.getByRole('heading', { level: 1, name: 'Audit-Log' }).waitFor()
      const created = page
        .getByRole('row')
        .filter({ hasText: 'merchant.create' })
        .filter({ hasText: merchantName })
      await created.waitFor()
      const entry = (await created.textContent()) ?? ''
      expect(entry).toContain('Händler')
      expect(entry).toMatch(/Kontakt-E-Mail:\s*hallo-/)
      await page.getByRole('button', { name: 'Filtern' }).waitFor()
      expect(await page.getByLabel('Art des Ziels').locator('option:checked').textContent()).toBe('Händler')
      await expectNoEnglish(page, [
        'Target type',
        'Target id',
        'Its entries',
        'Contact e-mail',
        'Catalogue product',
        'Provider allowed by a merchant',
        'No entries match.',
      ])
      await expectCleanPage(page, watched)

      await page.goto(`${base}/admin/admins`)
      await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor()
      await page.getByRole('heading', { level: 3, name: 'Einen Admin hinzufügen' }).waitFor()
      await page.getByRole('group', { name: 'Wie der Zugang entsteht' }).waitFor()
      await page.getByRole('button', { name: 'Einladung senden' }).waitFor()
      await page.getByRole('row', { name: admin.email }).getByText('Sie', { exact: true }).waitFor()
      await expectNoEnglish(page, [
        'Admins run the whole platform',
        'Add an admin',
        'How they get in',
        'E-mail an invitation',
        'Choose their password here',
        'Send the invitation',
        'Last sign-in',
      ])
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })

  it('a merchant in a de-DE browser: the claims list in German', async () => {
    const { context, page, watched } = await staffPage(tenant.owner, 'de-DE', PHONE)
    try {
      await page.goto(`${base}/merchant/claims`)
      await page.getByRole('heading', { level: 1, name: 'Reklamationen' }).waitFor()
      expect(await htmlLang(page)).toBe('de')
      await page.getByRole('list', { name: 'Offene Reklamationen' }).waitFor()
      await page.getByRole('link', { name: 'warten auf den Kunden' }).waitFor()
      // The claim's row: its status and problem in the customer app's words for them.
      await page.getByRole('cell', { name: 'Angaben angefordert' }).waitFor()
      await page.getByRole('cell', { name: 'Es funktioniert nicht' }).waitFor()
      await page.getByRole('heading', { level: 2, name: 'Regeln für Reklamationen' }).waitFor()
      await page.getByRole('button', { name: 'Reklamationen anzeigen' }).waitFor()
      await expectNoEnglish(page, [
        'waiting for a decision',
        'waiting for the customer',
        'median time to resolve',
        'Opened more than',
        'Show claims',
        'Claims, newest first',
        'Claim rules',
        'Approve claims opened within',
        'Days a repair adds',
        'Save the rules',
        'Information requested',
        'It does not work',
      ])
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })

  it('an admin in a fr-FR browser: the merchants list in French', async () => {
    const { context, page, watched } = await staffPage(admin, 'fr-FR', PHONE)
    try {
      await page.goto(`${base}/admin/merchants`)
      await page.getByRole('heading', { level: 1, name: 'Commerçants' }).waitFor()
      expect(await htmlLang(page)).toBe('fr')
      await page.getByRole('button', { name: 'Créer le commerçant' }).waitFor()
      await page.getByLabel('E-mail de contact').waitFor()
      await expectNoEnglish(page, [
        'Add a merchant',
        'Create the merchant',
        'Contact e-mail',
        'Find a merchant',
      ])
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })
})

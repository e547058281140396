import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE, textOf } from './support/browser.js'
import { htmlLang, serveWithBrowser, stopServed } from './support/served.js'

// The customer app's languages (docs/web-app.md#languages): the browser's language chooses until
// the customer picks one on the Profile page, which is saved to the profile and kept on reload.
let svc: TestService
let browser: Browser
let base: string

beforeAll(async () => {
  ;({ svc, browser, base } = await serveWithBrowser())
}, 120_000)
afterAll(() => stopServed({ browser, svc }))

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
describe('the language of the customer app', () => {
  it('speaks German to a browser set to de-DE, on the sign-in page', async () => {
    const { context, page, watched } = await freshPage(browser, { ...PHONE, locale: 'de-DE' })
    try {
      await page.goto(`${base}/signin`)
      await expect.poll(() => heading(page)).toBe('Anmelden')
      expect(await htmlLang(page)).toBe('de')
      await page.getByLabel('E-Mail-Adresse').waitFor()
      await page.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }).waitFor()
      expect(await textOf(page.locator('body'))).toContain('Ein Garantiezertifikat ohne Konto prüfen')
      expect(await page.title()).toBe('Anmelden · Garantie-Wallet')
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })

  it('speaks English to a browser in a language it does not have', async () => {
    const { context, page } = await freshPage(browser, { ...PHONE, locale: 'es-ES' })
    try {
      await page.goto(`${base}/signin`)
      await expect.poll(() => heading(page)).toBe('Sign in')
      expect(await htmlLang(page)).toBe('en')
    } finally {
      await context.close()
    }
  })

  it('shows the wallet in German, switches to French on the Profile page, saved and kept on reload', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Nordlicht')
    const email = uniqueEmail('sprache')
    const warranty = await issueWarranty(svc, owner, { customerEmail: email })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)

    const { context, page, watched } = await freshPage(browser, { ...PHONE, locale: 'de-DE' })
    try {
      await page.goto(`${base}/claim?claimId=${claimId}`)
      await expect.poll(() => heading(page)).toBe('Ihre Garantie ist bereit')
      await page.getByRole('button', { name: 'Zu meiner Wallet hinzufügen' }).click()
      await page.waitForURL(`${base}/wallet`)
      await expect.poll(() => heading(page)).toBe('Meine Garantien')
      await expect.poll(() => textOf(page.locator('main'))).toMatch(/Noch \d+ Monate/)

      await page.getByRole('link', { name: 'Profil' }).click()
      await page.getByLabel('Sprache').selectOption('fr')
      await page.getByRole('button', { name: 'Speichern' }).click()
      await expect.poll(() => htmlLang(page)).toBe('fr')
      await page.getByRole('button', { name: 'Enregistrer' }).waitFor()
      expect(await page.getByLabel('Langue').inputValue()).toBe('fr')
      expect(await textOf(page.locator('header'))).toContain('Portefeuille')
      await expectCleanPage(page, watched)

      const session = await page.evaluate(() =>
        (globalThis as unknown as { sessionStorage: Storage }).sessionStorage.getItem('wr.session'),
      )
      const token = (JSON.parse(session ?? '{}') as { token?: string }).token ?? ''
      expect((await svc.request({ method: 'GET', url: '/v1/customer/me', token })).json().language).toBe('fr')

      await page.reload()
      await expect.poll(() => heading(page)).toBe('Profil')
      expect(await htmlLang(page)).toBe('fr')
      await page.getByRole('button', { name: 'Se déconnecter partout' }).waitFor()
      await page.getByRole('link', { name: 'Portefeuille', exact: true }).click()
      await expect.poll(() => heading(page)).toBe('Mes garanties')
      await expect.poll(() => textOf(page.locator('main'))).toMatch(/Encore \d+ mois/)
    } finally {
      await context.close()
    }
  })

  it('shows the receipts page and the profile in German, folder words and copy buttons included', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Belegladen')
    const email = uniqueEmail('belege')
    const warranty = await issueWarranty(svc, owner, { customerEmail: email })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)

    const { context, page, watched } = await freshPage(browser, { ...DESKTOP, locale: 'de-DE' })
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
      await page.goto(`${base}/claim?claimId=${claimId}`)
      await page.getByRole('button', { name: 'Zu meiner Wallet hinzufügen' }).click()
      await page.waitForURL(`${base}/wallet`)

      await page.getByRole('link', { name: 'Belege' }).click()
      await expect.poll(() => heading(page)).toBe('Belege')
      await page.getByRole('heading', { name: 'Beleg hinzufügen' }).waitFor()
      await page.getByLabel('Neuer Ordner').fill('Küche')
      await page.getByRole('button', { name: 'Ordner anlegen' }).click()
      await page.getByText('Ordner „Küche“ angelegt.').waitFor()
      await expect.poll(() => textOf(page.locator('#folder-list'))).toContain('0 Belege')
      // The same name again: the API's conflict, in the page's words.
      watched.allow(/^409 POST .*\/v1\/customer\/receipts\/folders$/)
      await page.getByLabel('Neuer Ordner').fill('Küche')
      await page.getByRole('button', { name: 'Ordner anlegen' }).click()
      await page.getByText('Sie haben bereits einen Ordner namens „Küche“.').waitFor()
      await page.getByRole('button', { name: 'Ihre Beleg-Postfachadresse kopieren' }).click()
      await page.getByText('Kopiert.').waitFor()
      const inbox = await page.getByLabel('Ihre Beleg-Postfachadresse', { exact: true }).inputValue()
      expect(await textOf(page.locator('main'))).not.toMatch(/Add a receipt|Folders|Copy/)
      await expectCleanPage(page, watched)

      // The profile's inbox address has the same copy button.
      await page.getByRole('link', { name: 'Profil' }).click()
      await expect.poll(() => heading(page)).toBe('Profil')
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
        ).navigator.clipboard.writeText(''),
      )
      await page.getByRole('button', { name: 'Ihre Beleg-Postfachadresse kopieren' }).click()
      await page.getByText('Kopiert.').waitFor()
      const copied = await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      )
      expect(copied).toBe(inbox)
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })
})

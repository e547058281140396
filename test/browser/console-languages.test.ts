import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleDe } from '../../web/src/console/messages/de.js'
import { consoleEn } from '../../web/src/console/messages/en.js'
import { consoleFr } from '../../web/src/console/messages/fr.js'
import { createMerchantWithUsers, type TestUser, uniqueEmail } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { createMerchantProduct, issueWarranty } from '../support/warranty-factories.js'
import { DESKTOP, expectCleanPage, freshPage, textOf } from './support/browser.js'
import { htmlLang, serveWithBrowser, stopServed } from './support/served.js'

// The staff console's languages (docs/console.md#languages): a browser set to German signs in
// and works in German (the dashboard, the issue form, the warranties list), one set to French
// in French; no English text of those pages is left, and axe finds nothing serious.
// `npm run build`, then `BROWSER_TESTS=1 npx vitest run --project browser test/browser/console-languages.test.ts`
let svc: TestService
let browser: Browser
let base: string
let owner: TestUser

beforeAll(async () => {
  ;({ svc, browser, base } = await serveWithBrowser())
  const merchant = await createMerchantWithUsers(svc.deps, 'Nordlicht')
  owner = merchant.owner
  const product = await createMerchantProduct(svc.deps.db, merchant.merchant.id, {
    title: 'Wasserkocher K1',
    merchantSku: 'WK-1',
    warrantyDurationMonths: 24,
  })
  await issueWarranty(svc, owner, { customerEmail: uniqueEmail('kunde'), merchantProductId: product.id })
}, 120_000)
afterAll(() => stopServed({ browser, svc }))

/**
 * The English texts of the console's pages that a translated page must not show: every English
 * text (its words between placeholders, 4 letters or more) the other language words differently.
 */
function englishLeft(shown: string, other: Readonly<Record<string, string>>): string[] {
  const en: Readonly<Record<string, string>> = consoleEn
  const pieces = Object.keys(en)
    .filter((key) => other[key] !== en[key])
    .flatMap((key) => (en[key] ?? '').split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter((piece) => /\p{L}{4}/u.test(piece))
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return [...new Set(pieces)].filter((piece) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${literal(piece)}(?![\\p{L}\\p{N}])`, 'u').test(shown),
  )
}

async function signIn(page: Page, labels: { email: string; password: string; submit: string }) {
  await page.goto(`${base}/login`)
  await page.getByLabel(labels.email).fill(owner.email)
  await page.getByLabel(labels.password).fill(owner.password)
  await page.getByRole('button', { name: labels.submit }).click()
  await page.waitForURL(`${base}/merchant`)
}

describe('the console in the browser’s language', () => {
  it('speaks German to a browser set to de-DE: sign-in, dashboard, issue form, warranties', async () => {
    const { context, page, watched } = await freshPage(browser, { ...DESKTOP, locale: 'de-DE' })
    try {
      await page.goto(`${base}/login`)
      await page.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeitende' }).waitFor()
      expect(await htmlLang(page)).toBe('de')
      expect(englishLeft(await textOf(page.locator('body')), consoleDe)).toEqual([])
      await expectCleanPage(page, watched)

      await signIn(page, { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden' })
      await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor()
      await page.getByRole('heading', { name: 'Ausgestellt pro Tag' }).waitFor()
      await page.getByRole('heading', { name: 'Zertifikate auf der Blockchain' }).waitFor()
      expect(await page.title()).toBe('Übersicht · Garantie-Wallet')
      const nav = page.getByRole('navigation', { name: 'Konsole' })
      await nav.getByRole('button', { name: 'Abmelden' }).waitFor()
      expect(await textOf(page.locator('main'))).toMatch(/1\s+ausgestellt/)
      expect(englishLeft(await textOf(page.locator('body')), consoleDe)).toEqual([])
      await expectCleanPage(page, watched)

      await nav.getByRole('link', { name: 'Ausstellen', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Garantie ausstellen' }).waitFor()
      await page.getByLabel('Ihr Produkt').selectOption({ label: 'Wasserkocher K1 · WK-1 · 24 Monate' })
      await page.getByLabel('Kaufdatum').fill('2026-01-31')
      await page.getByText(/Läuft ab am .*2028 \(24 Monate ab dem Kaufdatum\)/).waitFor()
      await page.getByLabel('Seriennummer').waitFor()
      await page.getByRole('button', { name: 'Garantie ausstellen' }).waitFor()
      // The whole form, the catalogue search inside the product picker included (admin.*.ts).
      expect(englishLeft(await textOf(page.locator('body')), consoleDe)).toEqual([])
      await expectCleanPage(page, watched)

      await nav.getByRole('link', { name: 'Garantien', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Garantien' }).waitFor()
      await page.getByRole('columnheader', { name: 'Seriennummer' }).waitFor()
      await page.getByRole('cell', { name: 'Wasserkocher K1' }).waitFor()
      await page.getByLabel('Gültigkeit').waitFor()
      expect(englishLeft(await textOf(page.locator('body')), consoleDe)).toEqual([])
      expect(await htmlLang(page)).toBe('de')
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })

  it('speaks French to a browser set to fr-FR', async () => {
    const { context, page, watched } = await freshPage(browser, { ...DESKTOP, locale: 'fr-FR' })
    try {
      await signIn(page, { email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter' })
      await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor()
      await page.getByRole('heading', { name: 'Émises par jour' }).waitFor()
      expect(await htmlLang(page)).toBe('fr')
      const nav = page.getByRole('navigation', { name: 'Console' })
      await nav.getByRole('link', { name: 'Garanties', exact: true }).waitFor()
      await nav.getByRole('button', { name: 'Se déconnecter' }).waitFor()
      expect(englishLeft(await textOf(page.locator('body')), consoleFr)).toEqual([])
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })
})

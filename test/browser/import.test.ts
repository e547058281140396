import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import type { TestService } from '../support/harness.js'
import { createMerchantProduct, uniqueSerial } from '../support/warranty-factories.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE } from './support/browser.js'
import { serveWithBrowser, stopServed } from './support/served.js'

// The console's CSV import page (docs/console.md, "Import"): from the navigation, the template
// with a real product, the upload of a European spreadsheet export, the progress to DONE and the
// per-line report in file order with each refused cell's code.
let svc: TestService
let browser: Browser
let base: string

beforeAll(async () => {
  ;({ svc, browser, base } = await serveWithBrowser({ IMPORT_CHUNK_LINES: '2' }))
}, 120_000)
afterAll(() => stopServed({ browser, svc }))

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${base}/merchant`)
}

describe('the import page', () => {
  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])('imports a spreadsheet export and reports its bad lines on %s', async (_name, device) => {
    const { merchant, user } = await createMerchantWithUsers(svc.deps)
    const product = await createMerchantProduct(svc.deps.db, merchant.id, {
      title: 'Kettle K1',
      price: 49.9,
    })
    const { context, page, watched } = await freshPage(browser, device)
    try {
      await signIn(page, user)
      const nav = page.getByRole('navigation', { name: 'Console' })
      // On a phone the navigation may be folded: the link is reached either way.
      const link = nav.getByRole('link', { name: 'Import', exact: true })
      if (await link.isVisible()) await link.click()
      else await page.goto(`${base}/merchant/import`)
      await page.getByRole('heading', { level: 1, name: 'Import warranties from a CSV file' }).waitFor()
      // The product's id and SKU, where the import needs them.
      await page.getByText(product.id).first().waitFor()
      await page.getByText(product.merchantSku).first().waitFor()
      await expectCleanPage(page, watched)

      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Download the template' }).click()
      const template = readFileSync((await (await download).path()) as string, 'utf8')
      expect(template.split('\r\n')[0]).toBe(
        'serialNumber,merchantProductId,customerEmail,customerName,purchaseDate,purchasePrice,invoiceNumber',
      )
      expect(template.split('\r\n')[1]).toContain(`,${product.id},`)
      expect(template.split('\r\n')[1]).toContain(',49.90,')

      const [good1, good2, bad1, bad2] = [uniqueSerial(), uniqueSerial(), uniqueSerial(), uniqueSerial()]
      const csv =
        '\uFEFFserialNumber;merchantProductId;purchaseDate;purchasePrice\r\n' +
        `${good1};${product.id};02.03.2025;"1.234,50 €"\r\n` +
        `${bad1};${product.id};03/02/2025;49,90\r\n` +
        `${good2};;2025-03-02;49,90\r\n` +
        `${bad2};;2025-03-02;$5\r\n`
      await page.getByLabel('The CSV file').setInputFiles({
        name: 'sales.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      })
      await page.waitForURL(/\/merchant\/import\?id=/)
      await page.getByRole('heading', { level: 2, name: 'Done' }).waitFor({ timeout: 30_000 })
      await page.getByText('2 lines with an error').waitFor()
      const rows = page.getByRole('table').first().locator('tbody tr')
      expect(await rows.count()).toBe(2)
      expect(await rows.nth(0).textContent()).toContain('3')
      expect(await rows.nth(0).textContent()).toContain('date_ambiguous')
      expect(await rows.nth(1).textContent()).toContain('5')
      expect(await rows.nth(1).textContent()).toContain('currency_mismatch')
      await expectCleanPage(page, watched)
    } finally {
      await context.close()
    }
  })
})

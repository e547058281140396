import { readFile } from 'node:fs/promises'
import jsQRModule from 'jsqr'
import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { linksIn, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import {
  DESKTOP,
  expectCleanPage,
  freePort,
  freshPage,
  launchBrowser,
  type PageWatch,
  PHONE,
  textOf,
} from './support/browser.js'

// The certificate's Digital Link in Debian's Chromium against the real service (SMTP to a
// sink, minting on the embedded chain): the QR code on the warranty page, the printable
// certificate and /verify decode (jsQR) to exactly the item's Digital Link, on a phone and a
// desktop; the console's label page makes and downloads a sheet.
let sink: SmtpSink
let svc: TestService
let browser: Browser
let base: string
let tenant: Awaited<ReturnType<typeof createMerchantWithUsers>>

beforeAll(async () => {
  sink = await startSmtpSink()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  svc = await createTestService({
    mail: true,
    mint: true,
    env: { SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_API_URL: base, APP_URL: base },
  })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Kettle Works')
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
  await sink?.close()
})

/** jsqr is CommonJS with a `default` in its types: the function either way. */
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null

/** The text of the QR code in an image as the page shows it (a screenshot of the element). */
async function decodeShown(image: Locator): Promise<string | undefined> {
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0)
  const png = await image.screenshot()
  const { data, info } = await sharp(png)
    .resize({ width: 600, kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
    ?.data
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement
    return doc.scrollWidth - doc.clientWidth
  })
  expect(overflow, 'no sideways scrolling').toBe(0)
}

/** Each viewport in turn on the same signed-in page: the phone, then the desktop. */
async function onEachViewport(page: Page, watched: PageWatch, check: () => Promise<void>): Promise<void> {
  for (const device of [PHONE, DESKTOP]) {
    await page.setViewportSize(device.viewport)
    await check()
    await noSidewaysScroll(page)
    await expectCleanPage(page, watched)
  }
}

const gtin = '9506000134352'
// A serial with a character the Digital Link percent-encodes.
const serialNumber = 'KT-2026/0001'
let warranty: { id: string; warrantyCode: string }
let productId = ''

describe("the certificate's Digital Link in the browser", () => {
  it('the warranty page shows the QR code of exactly the item’s Digital Link, and the printable page prints it', async () => {
    const itemLink = `${base}/01/0${gtin}/21/KT-2026%2F0001`
    const product = await svc.request({
      method: 'POST',
      url: '/v1/merchant/products',
      token: tenant.owner.token,
      payload: { merchantSku: 'K2', title: 'Kettle K2', gtin, warrantyDurationMonths: 24 },
    })
    productId = product.json().id
    const email = `kettle-${Math.random().toString(36).slice(2, 8)}@example.com`
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: tenant.owner.token,
      payload: {
        serialNumber,
        customerEmail: email,
        customerName: 'Kim Private',
        merchantProductId: productId,
      },
    })
    expect(issued.statusCode).toBe(200)
    warranty = issued.json()
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email), 20_000)
    const claimUrl = linksIn(mail).find((l) => l.startsWith(`${base}/claim?claimId=`)) ?? ''
    await waitFor(async () => {
      const res = await svc.request({
        method: 'GET',
        url: `/v1/global/warranties/${warranty.warrantyCode}/verify`,
      })
      return res.json().mintStatus === 'MINTED'
    }, 60_000)

    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(claimUrl)
    await page.getByRole('button', { name: 'Add to my wallet' }).click()
    await page.waitForURL(`${base}/wallet`)
    await page.goto(`${base}/wallet/${warranty.id}`)
    await page.getByText('Genuine, for this product', { exact: true }).waitFor({ timeout: 30_000 })
    const qr = page.getByRole('img', { name: 'QR code of the Digital Link of this item' })
    await onEachViewport(page, watched, async () => {
      expect(await decodeShown(qr)).toBe(itemLink)
      expect(await textOf(page.locator('main'))).toContain(itemLink)
    })

    // The printable certificate: the facts, the chain's reference and the same QR code.
    await page.getByRole('link', { name: 'Printable certificate' }).click()
    await page.waitForURL(`${base}/wallet/${warranty.id}/print`)
    const sheet = page.locator('article.sheet')
    await sheet.getByRole('img', { name: 'QR code of the Digital Link of this item' }).waitFor()
    const text = await textOf(sheet)
    for (const fact of [
      'Kettle K2',
      serialNumber,
      'Kettle Works',
      warranty.warrantyCode,
      svc.deps.chain.contractAddress,
    ])
      expect(text).toContain(fact)
    expect(text).toMatch(/Token id\s+\d+/)
    expect(text).toMatch(/Covered\s+.+ to .+/)
    expect(text).not.toContain(email)
    await onEachViewport(page, watched, async () => {
      expect(await decodeShown(sheet.getByRole('img', { name: /QR code/ }))).toBe(itemLink)
    })
    // On paper: the app's header, footer and buttons are left off, and it fits one A4 page.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header').isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: 'Download the QR code (PNG)' }).isVisible()).toBe(false)
    expect(await sheet.isVisible()).toBe(true)
    const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1)
    await page.emulateMedia({ media: 'screen' })
    await context.close()
  }, 180_000)

  it('the public check page shows the item’s Digital Link and QR code to who gives the serial, the product’s to others', async () => {
    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(
      `${base}/verify/${warranty.warrantyCode}?serialNumber=${encodeURIComponent(serialNumber)}`,
    )
    await page.getByText('Genuine, for this product', { exact: true }).waitFor()
    await onEachViewport(page, watched, async () => {
      expect(
        await decodeShown(page.getByRole('img', { name: 'QR code of the Digital Link of this item' })),
      ).toBe(`${base}/01/0${gtin}/21/KT-2026%2F0001`)
    })
    // A wrong serial: one verdict, red, and only the product's link (the serial stays private).
    await page.goto(`${base}/verify/${warranty.warrantyCode}?serialNumber=NOT-IT`)
    await page.getByText('Not the certificate of this product', { exact: true }).waitFor()
    expect(await page.getByText('Genuine', { exact: true }).count()).toBe(0)
    expect(
      await decodeShown(page.getByRole('img', { name: 'QR code of the Digital Link of this product' })),
    ).toBe(`${base}/01/0${gtin}`)
    await expectCleanPage(page, watched)
    await context.close()
  }, 120_000)

  it('the console’s label page names every bad line, previews a label and downloads the sheet', async () => {
    const { context, page, watched } = await freshPage(browser, PHONE)
    await page.goto(`${base}/login`)
    await page.getByLabel('E-mail address').fill(tenant.owner.email)
    await page.getByLabel('Password').fill(tenant.owner.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${base}/merchant`)
    await page.goto(`${base}/merchant/products`)
    await page.getByRole('link', { name: 'Labels for Kettle K2' }).click()
    await page.waitForURL(`${base}/merchant/labels?product=${productId}`)
    await expect.poll(() => page.getByLabel('Product').inputValue()).toBe(productId)

    await page
      .getByLabel('Serial numbers, one a line')
      .fill(['RUN-001', 'has space', 'RUN-002', 'run-001', 'RUN-003'].join('\n'))
    await page.getByRole('button', { name: 'Make the label sheet' }).click()
    const problems = await textOf(page.getByRole('alert').filter({ hasText: 'correcting' }))
    expect(problems).toContain('Line 2: has space')
    expect(problems).toContain('Line 4: run-001 repeats line 1')
    await expectCleanPage(page, watched)

    await page.getByLabel('Serial numbers, one a line').fill(['RUN-001', 'RUN-002', 'RUN-003'].join('\n'))
    await onEachViewport(page, watched, async () => {
      for (const format of ['SVG (for print)', 'PNG']) {
        await page.getByLabel(format).check()
        expect(
          await decodeShown(page.getByRole('img', { name: 'QR code of the Digital Link of serial RUN-001' })),
        ).toBe(`${base}/01/0${gtin}/21/RUN-001`)
      }
    })
    await page.getByRole('button', { name: 'Make the label sheet' }).click()
    await page.getByRole('heading', { name: 'The label sheet is ready' }).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download sheet 1' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('labels-K2-1.html')
    const html = await readFile((await download.path()) ?? '', 'utf8')
    for (const s of ['RUN-001', 'RUN-002', 'RUN-003']) expect(html).toContain(`(21) ${s}`)
    expect(html.match(/<svg/g)?.length).toBe(3)
    await expectCleanPage(page, watched)
    await context.close()
  }, 120_000)
})

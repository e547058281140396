import { eq } from 'drizzle-orm'
import jsQRModule from 'jsqr'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, PASSWORD, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { linksIn, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import { createMerchantProduct } from '../support/warranty-factories.js'
import { expectCleanPage, freePort, freshPage, launchBrowser, PHONE, textOf } from './support/browser.js'
import { receiptPhoto } from './support/receipt-photo.js'

// Registration by the buyer in Debian's Chromium on a phone, against the real service with real
// SMTP (a sink), OCR and minting on the embedded chain: the buyer opens the Digital Link decoded
// from the service's own QR code, signs in from the e-mailed link (and lands back on the
// registration), photographs the receipt, sees its date and shop filled in, registers, and finds
// the warranty in the wallet, minted, covered from the receipt's date. A second buyer of the same
// serial ends in the merchant's disputes, with no second warranty.
let svc: TestService
let sink: SmtpSink
let browser: Browser
let base: string
let brand: Awaited<ReturnType<typeof createMerchantWithUsers>>
let productId = ''
const GTIN = '09506000134352'
const SERIAL = 'KT-2026-0042'
const MONTHS = 24
/** The receipt's date: three days ago (the brand's rule approves receipts up to 30 days old). */
const RECEIPT_DAY = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)

/** jsqr is CommonJS with a `default` in its types: the function either way. */
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null

async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  })
  const text = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
  )
  if (!text) throw new Error('the QR code does not decode')
  return text.data
}

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  sink = await startSmtpSink()
  svc = await createTestService({
    mail: true,
    mint: true,
    env: { SMTP_URL: sink.url, PUBLIC_API_URL: base, APP_URL: base },
  })
  await svc.app.listen({ port, host: '127.0.0.1' })
  brand = await createMerchantWithUsers(svc.deps, 'Kettle Works')
  productId = (
    await createMerchantProduct(svc.deps.db, brand.merchant.id, { title: 'Kettle K2', gtin: GTIN })
  ).id
  const set = await svc.request({
    method: 'PUT',
    url: `/v1/merchant/products/${productId}/registration`,
    token: brand.owner.token,
    payload: {
      enabled: true,
      coverageMonths: MONTHS,
      coverageStart: 'PURCHASE_DATE',
      autoApproveMaxAgeDays: 30,
      requireKnownSerial: true,
    },
  })
  expect(set.statusCode).toBe(200)
  const upload = await svc.request({
    method: 'POST',
    url: `/v1/merchant/products/${productId}/serials`,
    token: brand.owner.token,
    headers: { 'content-type': 'text/csv' },
    payload: `serial\nKT-2026-0041\n${SERIAL}\nKT-2026-0043\n`,
  })
  expect(upload.statusCode).toBe(202)
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
  await sink?.close()
})

async function linkFromMail(email: string, prefix: string): Promise<string> {
  const message = await sink.waitForMessage(
    (m) => m.envelope.to.includes(email) && linksIn(m).some((l) => l.startsWith(prefix)),
    20_000,
  )
  const link = linksIn(message).find((l) => l.startsWith(prefix))
  if (!link) throw new Error(`no ${prefix} link`)
  return link
}

/** A buyer on a phone: the scanned link, sign-in by e-mail, the receipt, the submission. */
async function registerOnPhone(page: Page, digitalLink: string, email: string) {
  await page.goto(digitalLink)
  await page.waitForURL(`${base}/register?gtin=${GTIN}&serial=${SERIAL}`)
  await page.getByRole('heading', { name: 'Kettle K2' }).waitFor()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await page.getByText('A sign-in link is on its way').waitFor()
  const magic = await linkFromMail(email, `${base}/auth/magic?token=`)
  await page.goto(magic)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Back on the registration page, signed in.
  await page.waitForURL(`${base}/register?gtin=${GTIN}&serial=${SERIAL}`)
  await page.getByLabel('Photo or PDF of the receipt').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await receiptPhoto(RECEIPT_DAY),
  })
  await page.getByLabel('Date of purchase').waitFor({ timeout: 90_000 })
  expect(await page.getByLabel('Date of purchase').inputValue()).toBe(RECEIPT_DAY)
  expect((await page.getByLabel('Shop').inputValue()).toUpperCase()).toContain('CORNER ELECTRONICS')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  return page.getByTestId('registration-result')
}

describe('registration by the buyer in the browser', () => {
  it('the first buyer registers from the QR code and finds the warranty in the wallet, minted, covered from the receipt’s date', async () => {
    const qr = await svc.request({
      method: 'GET',
      url: `/v1/global/digital-link/qr?gtin=${GTIN}&serial=${SERIAL}&format=png`,
    })
    const digitalLink = await decodeQr(qr.rawPayload)
    expect(digitalLink).toBe(`${base}/01/${GTIN}/21/${SERIAL}`)
    await waitFor(async () => {
      const check = await svc.request({
        method: 'GET',
        url: `/v1/global/registrations/check?gtin=${GTIN}&serial=${SERIAL}`,
      })
      return check.json().reason === 'registrable'
    })

    const { context, page, watched } = await freshPage(browser, PHONE)
    const email = uniqueEmail('buyer')
    const result = await registerOnPhone(page, digitalLink, email)
    await result.getByText('Registered. The warranty is in your wallet.').waitFor()
    await expectCleanPage(page, watched)
    const code = (await textOf(result.locator('strong.code'))).trim()
    expect(code).toMatch(/^WR-/)

    const [row] = await svc.deps.db.select().from(warranties).where(eq(warranties.warrantyCode, code))
    expect(row?.purchaseDate?.toISOString().slice(0, 10)).toBe(RECEIPT_DAY)
    const end = new Date(`${RECEIPT_DAY}T00:00:00Z`)
    end.setUTCMonth(end.getUTCMonth() + MONTHS)
    expect(row?.expiresAt.toISOString().slice(0, 10)).toBe(end.toISOString().slice(0, 10))
    await waitFor(async () => {
      const res = await svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
      return res.json().mintStatus === 'MINTED'
    }, 60_000)

    await page.getByRole('link', { name: 'Open the warranty' }).click()
    await page.getByText(code).first().waitFor()
    await page.reload()
    await page.getByText('This warranty is recorded on the blockchain').waitFor({ timeout: 30_000 })
    await page.goto(`${base}/wallet`)
    await page.getByText('Kettle K2').first().waitFor()
    await expectCleanPage(page, watched)
    // The resolver now sends the item to its certificate.
    const resolved = await svc.request({ method: 'GET', url: `/01/${GTIN}/21/${SERIAL}` })
    expect(resolved.headers.location).toBe(`${base}/verify/${code}?serialNumber=${SERIAL}`)
    await context.close()
  }, 240_000)

  it('a second buyer of the same serial ends in the merchant’s disputes, not in a second warranty', async () => {
    const { context, page } = await freshPage(browser, PHONE)
    // The item now has a warranty: the default link is the certificate, the registration page is typed.
    const result = await registerOnPhone(
      page,
      `${base}/register?gtin=${GTIN}&serial=${SERIAL}`,
      uniqueEmail('second'),
    )
    await result.getByText('This item is registered already').waitFor()
    await context.close()
    const issued = await svc.deps.db
      .select()
      .from(warranties)
      .where(eq(warranties.merchantProductId, productId))
    expect(issued).toHaveLength(1)

    const staff = await freshPage(browser, PHONE)
    await staff.page.goto(`${base}/login`)
    await staff.page.getByLabel('E-mail address').fill(brand.user.email)
    await staff.page.getByLabel('Password').fill(PASSWORD)
    await staff.page.getByRole('button', { name: 'Sign in' }).click()
    await staff.page.waitForURL(`${base}/merchant`)
    await staff.page.goto(`${base}/merchant/registrations?status=DISPUTE`)
    const row = staff.page.locator('tr', { hasText: SERIAL })
    await row.getByText('Dispute').waitFor()
    await row.getByText('registered by another buyer').waitFor()
    await expectCleanPage(staff.page, staff.watched)
    await staff.context.close()
  }, 240_000)
})

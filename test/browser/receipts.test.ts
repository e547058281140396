import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { photo, RECEIPTS } from '../support/receipt-factories.js'
import { linksIn, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import {
  DESKTOP,
  expectCleanPage,
  freePort,
  freshPage,
  launchBrowser,
  PHONE,
  textOf,
} from './support/browser.js'

// Issue 33's receipts in Debian's Chromium against the real service (its own, run alone:
// `BROWSER_TESTS=1 npx vitest run --project browser test/browser/receipts.test.ts`): the inbox
// address copied, folders renamed and deleted, a receipt edited after the save, a link made,
// copied and opened, then revoked. The clipboard is read back from the browser.
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
    env: { SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_API_URL: base, APP_URL: base },
  })
  await svc.app.listen({ port, host: '127.0.0.1' })
  tenant = await createMerchantWithUsers(svc.deps, 'Receipts Electronics')
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
  await sink?.close()
})

async function sessionToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() =>
    (
      globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
    ).sessionStorage.getItem('wr.session'),
  )
  return (JSON.parse(raw ?? '{}') as { token: string }).token
}

const clipboard = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  )

/** No sideways scrolling: the page fits the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } }
      innerWidth: number
    }
    return g.document.documentElement.scrollWidth <= g.innerWidth
  })

describe('receipts in the browser', () => {
  it('copies the inbox address, renames and deletes folders, edits a receipt, copies a link and revokes it', async () => {
    const email = `keeper-${Math.random().toString(36).slice(2, 8)}@example.com`
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: tenant.owner.token,
      payload: { serialNumber: `SN-${Math.random().toString(36).slice(2, 10)}`, customerEmail: email },
    })
    expect(issued.statusCode).toBe(200)
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email), 20_000)
    const claimUrl = linksIn(mail).find((l) => l.startsWith(`${base}/claim?claimId=`)) ?? ''

    const { context, page, watched } = await freshPage(browser, DESKTOP)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
    await page.goto(claimUrl)
    await page.getByRole('button', { name: 'Add to my wallet' }).click()
    await page.waitForURL(`${base}/wallet`)

    // What the customer already keeps: two folders, a receipt in one, read with mistakes.
    const token = await sessionToken(page)
    const folder = async (name: string) =>
      (await svc.request({ method: 'POST', url: `${RECEIPTS}/folders`, token, payload: { name } })).json()
    const kitchen = await folder('Kitchen')
    await folder('Garden')
    const saved = await svc.request({
      method: 'POST',
      url: RECEIPTS,
      token,
      payload: {
        imageBase64: (await photo({ exif: false })).toString('base64'),
        folderId: kitchen.id,
        ocrData: {
          merchant: 'C0RNER SH0P',
          date: '2026-11-02',
          total: '44.49',
          items: [{ name: 'Kettel', price: '39.99' }],
        },
      },
    })
    expect(saved.statusCode).toBe(200)
    const receiptId = saved.json().id as string

    // The inbox address, copied with one click.
    const inbox = (await svc.request({ method: 'GET', url: '/v1/customer/inbox-address', token })).json()
    await page.getByRole('link', { name: 'Receipts' }).click()
    await page.waitForURL(`${base}/receipts`)
    expect(await page.getByLabel('Your receipt inbox address', { exact: true }).inputValue()).toBe(
      inbox.address,
    )
    await page.getByRole('button', { name: 'Copy Your receipt inbox address' }).click()
    await page.getByText('Copied.').waitFor()
    expect(await clipboard(page)).toBe(inbox.address)

    // Folders: each with its count; rename one, refuse a name already used, delete one.
    const folders = page.locator('#folder-list')
    await expect.poll(() => textOf(folders)).toMatch(/Kitchen\s+1 receipt/)
    expect(await textOf(folders)).toMatch(/Garden\s+0 receipts/)
    await page.getByRole('button', { name: 'Rename folder Kitchen' }).click()
    await page.getByLabel('New name for Kitchen').fill('Home')
    await page.getByRole('button', { name: 'Save name' }).click()
    await page.getByText('Folder renamed to “Home”.').waitFor()
    await expect.poll(() => textOf(folders)).toMatch(/Home\s+1 receipt/)
    expect(await textOf(folders)).not.toContain('Kitchen')

    watched.allow(/^409 PATCH .*\/v1\/customer\/receipts\/folders\//)
    await page.getByRole('button', { name: 'Rename folder Garden' }).click()
    await page.getByLabel('New name for Garden').fill('home')
    await page.getByRole('button', { name: 'Save name' }).click()
    await page.getByText('You already have a folder called “home”.').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).last().click()
    await expectCleanPage(page, watched)

    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Delete folder Home' }).click()
    await page.getByText('Folder “Home” deleted.').waitFor()
    expect(asked).toBe('Delete the folder “Home”? Its receipt stays, in no folder.')
    await expect.poll(() => textOf(folders)).not.toContain('Home')
    const afterDelete = await svc.request({ method: 'GET', url: `${RECEIPTS}/folders`, token })
    expect(afterDelete.json().items.map((f: { name: string }) => f.name)).toEqual(['Garden'])
    const unfiled = await svc.request({ method: 'GET', url: `${RECEIPTS}/${receiptId}`, token })
    expect(unfiled.json().folderId).toBeNull()
    await expectCleanPage(page, watched)

    // Edit after the save: the shop, the total removed, an item corrected and one added.
    await page.getByRole('link', { name: 'C0RNER SH0P' }).click()
    await page.waitForURL(`${base}/receipts/${receiptId}`)
    await page.getByRole('button', { name: 'Edit details' }).click()
    expect(await page.getByLabel('Shop').inputValue()).toBe('C0RNER SH0P')
    await page.getByLabel('Shop').fill('Corner Shop')
    await page.getByLabel('Total').fill('')
    await page.getByLabel('Item 1', { exact: true }).fill('Kettle')
    await page.getByRole('button', { name: 'Add an item' }).click()
    await page.getByLabel('Item 2', { exact: true }).fill('Descaler')
    await page.getByLabel('Price of item 2').fill('4.50')
    await expectCleanPage(page, watched)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Changes saved.').waitFor()
    const facts = await textOf(page.locator('#receipt-facts'))
    expect(facts).toMatch(/Shop\s+Corner Shop/)
    expect(facts).toMatch(/Total\s+—/)
    expect(await textOf(page.locator('#receipt-items'))).toMatch(/Kettle — 39\.99\s+Descaler — 4\.50/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Corner Shop')
    const edited = await svc.request({ method: 'GET', url: `${RECEIPTS}/${receiptId}`, token })
    expect(edited.json().ocrData).toEqual({
      merchant: 'Corner Shop',
      date: '2026-11-02',
      items: [
        { name: 'Kettle', price: '39.99' },
        { name: 'Descaler', price: '4.50' },
      ],
    })

    // A link to copy: made, copied, opened by someone else.
    await page.getByRole('button', { name: 'Make a link to copy' }).click()
    await page.getByText('Link made. Copy it now').waitFor()
    const link = await page.getByLabel('Link to this receipt', { exact: true }).inputValue()
    expect(link).toMatch(new RegExp(`^${base}/v1/global/receipt-share/[A-Za-z0-9_-]{43}$`))
    await page.getByRole('button', { name: 'Copy Link to this receipt' }).click()
    await page.getByText('Copied.').waitFor()
    expect(await clipboard(page)).toBe(link)
    const stranger = await freshPage(browser, PHONE)
    await stranger.page.goto(link)
    const shared = await textOf(stranger.page.locator('body'))
    expect(shared).toContain('Corner Shop')
    expect(shared).not.toContain(email)

    // Shared by e-mail too; both links are listed, each can be stopped.
    const friend = `friend-${Math.random().toString(36).slice(2, 8)}@example.com`
    await page.getByLabel('E-mail address to send it to').fill(friend)
    await page.getByRole('button', { name: 'Send a link' }).click()
    await page.getByText(`Sent to ${friend}`).waitFor()
    const active = page.locator('#active-shares')
    await expect.poll(() => textOf(active)).toContain(`E-mailed to ${friend}`)
    expect(await textOf(active)).toContain('Link to copy')
    await expectCleanPage(page, watched)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Stop this link: Link to copy' }).click()
    await page.getByText('The link no longer works.').waitFor()
    await expect.poll(() => textOf(active)).not.toContain('Link to copy')
    expect(await textOf(active)).toContain(`E-mailed to ${friend}`)
    const shares = await svc.request({ method: 'GET', url: `${RECEIPTS}/${receiptId}/shares`, token })
    expect(
      shares.json().items.map((s: { toEmail: string | null; status: string }) => [s.toEmail, s.status]),
    ).toEqual([
      [friend, 'ACTIVE'],
      [null, 'REVOKED'],
    ])
    const refused = await stranger.page.goto(link)
    expect(refused?.status()).toBe(404)
    expect(await textOf(stranger.page.locator('body'))).toContain('This link does not work')
    await stranger.context.close()
    await expectCleanPage(page, watched)

    // The same pages on a phone (the same session, in a new tab): clean, nothing wider than the screen.
    const session = await page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem('wr.session'),
    )
    const phone = await freshPage(browser, PHONE)
    await phone.context.addInitScript((raw) => {
      const store = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
        .sessionStorage
      store.setItem('wr.session', raw)
    }, session ?? '')
    for (const path of ['/receipts', `/receipts/${receiptId}`]) {
      await phone.page.goto(`${base}${path}`)
      await phone.page.getByRole('heading', { level: 2 }).first().waitFor()
      await expectCleanPage(phone.page, phone.watched)
      expect(await fitsWidth(phone.page), path).toBe(true)
    }
    await phone.context.close()
    await context.close()
  })
})

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestService } from '../support/harness.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE } from './support/browser.js'
import { serveWithBrowser, stopServed } from './support/served.js'

// Staff who land on the customer sign-in find the console's: a link from /signin to /login.
let svc: TestService
let browser: Browser
let base: string

beforeAll(async () => {
  ;({ svc, browser, base } = await serveWithBrowser())
}, 120_000)
afterAll(() => stopServed({ browser, svc }))

describe('the customer sign-in page', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('links to the staff console on %s', async (_name, device) => {
    const { context, page, watched } = await freshPage(browser, device)
    try {
      await page.goto(`${base}/signin`)
      const link = page.getByRole('link', { name: 'Staff sign in' })
      await link.waitFor()
      await expectCleanPage(page, watched)
      await link.click()
      await page.waitForURL(`${base}/login`)
      await page.getByLabel('Password').waitFor()
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Staff sign-in')
    } finally {
      await context.close()
    }
  })
})

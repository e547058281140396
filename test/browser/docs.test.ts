import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'
import { freePort, launchBrowser } from './support/browser.js'

// "Try it out" in /docs calls the origin the page was opened from: from 127.0.0.1 (the
// README's link) and from localhost alike, whatever PUBLIC_API_URL says.
let svc: TestService
let browser: Browser
let port: number

beforeAll(async () => {
  port = await freePort()
  svc = await createTestService({ env: { PUBLIC_API_URL: `http://127.0.0.1:${port}` } })
  await svc.app.listen({ port, host: '127.0.0.1' })
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await svc?.close()
})

describe('/docs "Try it out" in Chromium', () => {
  it.each(['127.0.0.1', 'localhost'])('calls the API from a page opened at %s', async (host) => {
    const origin = `http://${host}:${port}`
    const page = await browser.newPage()
    try {
      await page.goto(`${origin}/docs`)
      const op = page.locator('.opblock', { has: page.locator('[data-path="/health"]') }).first()
      await op.locator('.opblock-summary').click()
      await op.getByRole('button', { name: 'Try it out' }).click()
      await op.getByRole('button', { name: 'Execute' }).click()
      const status = op.locator('.live-responses-table tbody .response-col_status').first()
      await status.waitFor()
      expect((await status.textContent())?.trim()).toBe('200')
      expect(await op.locator('.request-url pre').first().textContent()).toBe(`${origin}/health`)
    } finally {
      await page.close()
    }
  })
})

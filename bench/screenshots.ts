/**
 * `npm run screenshots`: every page of the web app at 390×844 (a phone) and 1280×800 (a
 * desktop), against a started service with a seeded wallet, into screenshots/ (not committed).
 */
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import { seedWebApp } from './web-seed.js'

const OUT = 'screenshots'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

const seed = await seedWebApp()
mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
const signIn = async (page: Page) => {
  await page.goto(`${seed.url}/verify`)
  await page.evaluate((s) => {
    const store = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
      .sessionStorage
    store.setItem('wr.session', JSON.stringify({ ...s, expiresAt: Date.now() + 3_600_000 }))
  }, seed.session)
}
const pages: [string, string, boolean][] = [
  ['claim', seed.claimUrl, false],
  ['claim-used', `${seed.url}/claim?claimId=used-or-unknown-link`, false],
  ['magic-used', `${seed.url}/auth/magic?token=used-or-unknown-token`, false],
  ['signin', `${seed.url}/signin`, false],
  ['verify', `${seed.url}/verify`, false],
  ['verify-real', `${seed.url}/verify/${seed.warrantyCode}?serialNumber=${seed.serialNumber}`, false],
  ['verify-forged', `${seed.url}/verify/WR-AAAA-BBBB-CCCC`, false],
  ['wallet', `${seed.url}/wallet`, true],
  ['warranty', `${seed.url}/wallet/${seed.warrantyId}`, true],
  ['receipts', `${seed.url}/receipts`, true],
  ['profile', `${seed.url}/profile`, true],
]
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 })
    const page = await context.newPage()
    for (const [name, url, needsSession] of pages) {
      if (needsSession) await signIn(page)
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      const path = `${OUT}/${name}-${viewport.width}x${viewport.height}.png`
      await page.screenshot({ path, fullPage: true })
      console.log(path)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await seed.service.stop()
}

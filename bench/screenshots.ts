/**
 * `npm run screenshots`: every page of the web app at 390×844 (a phone) and 1280×800 (a
 * desktop), in the light and the dark theme (the system setting the app follows: `*-dark-*`),
 * against a started service with a seeded wallet, into screenshots/ (not committed); then
 * every page of the merchant and admin console against a service with a seeded merchant (300
 * warranties), named console-*.
 */
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import { seedConsole, seedWebApp } from './web-seed.js'

const OUT = 'screenshots'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]
const THEMES = ['light', 'dark'] as const

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
  ['warranty-print', `${seed.url}/wallet/${seed.warrantyId}/print`, true],
  ['register', `${seed.url}/register`, false],
  ['receipts', `${seed.url}/receipts`, true],
  ['profile', `${seed.url}/profile`, true],
]
async function shoot(list: [string, string, ((page: Page) => Promise<void>) | null][]) {
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of THEMES) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: viewport.width < 500 ? 2 : 1,
        colorScheme,
      })
      const page = await context.newPage()
      const theme = colorScheme === 'dark' ? '-dark' : ''
      for (const [name, url, prepare] of list) {
        if (prepare) await prepare(page)
        await page.goto(url)
        await page.waitForLoadState('networkidle')
        const path = `${OUT}/${name}${theme}-${viewport.width}x${viewport.height}.png`
        await page.screenshot({ path, fullPage: true })
        console.log(path)
      }
      await context.close()
    }
  }
}

try {
  await shoot(pages.map(([name, url, needsSession]) => [name, url, needsSession ? signIn : null]))
} finally {
  await seed.service.stop()
}

// The console: the staff session goes where the console keeps it (sessionStorage wr.staff).
const staff = await seedConsole(300)
const as = (session: object) => async (page: Page) => {
  await page.goto(`${staff.url}/login`)
  await page.evaluate((s) => {
    const store = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
      .sessionStorage
    store.setItem('wr.staff', JSON.stringify({ ...s, expiresAt: Date.now() + 3_600_000 }))
  }, session)
}
const owner = as(staff.big)
const admin = as(staff.admin)
try {
  await shoot([
    ['console-login', `${staff.url}/login`, null],
    ['console-forgot-password', `${staff.url}/login/forgot`, null],
    ['console-dashboard', `${staff.url}/merchant`, owner],
    ['console-issue', `${staff.url}/merchant/issue`, owner],
    ['console-import', `${staff.url}/merchant/import`, owner],
    ['console-warranties', `${staff.url}/merchant/warranties`, owner],
    ['console-warranty', `${staff.url}/merchant/warranties/${staff.warrantyId}`, owner],
    ['console-products', `${staff.url}/merchant/products`, owner],
    ['console-senders', `${staff.url}/merchant/senders`, owner],
    ['console-claims', `${staff.url}/merchant/claims`, owner],
    ['console-registrations', `${staff.url}/merchant/registrations`, owner],
    ['console-labels', `${staff.url}/merchant/labels`, owner],
    ['console-team', `${staff.url}/merchant/team`, owner],
    ['console-providers', `${staff.url}/merchant/providers`, owner],
    ['console-account', `${staff.url}/account`, owner],
    ['console-admin', `${staff.url}/admin`, admin],
    ['console-merchants', `${staff.url}/admin/merchants`, admin],
    ['console-merchant', `${staff.url}/admin/merchants/${staff.merchantId}`, admin],
    ['console-catalogue', `${staff.url}/admin/catalogue`, admin],
    ['console-audit', `${staff.url}/admin/audit`, admin],
    ['console-admins', `${staff.url}/admin/admins`, admin],
    ['console-admin-providers', `${staff.url}/admin/providers`, admin],
  ])
} finally {
  await browser.close()
  await staff.service.stop()
}

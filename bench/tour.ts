/**
 * `npm run screenshots:tour`: the few pictures of the README's five-minute tour, taken of the
 * real pages (the seeded service of `npm run screenshots`) and kept small: JPEG, the phone
 * pages 300 px wide and the console 640 px, into docs/tour/ (committed, about 20–60 kB each).
 * `npm run screenshots` takes every page at full size into screenshots/ (not committed).
 */
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import sharp from 'sharp'
import { seedConsole, seedWebApp } from './web-seed.js'

const OUT = 'docs/tour'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PHONE = { viewport: { width: 390, height: 844 }, width: 300 }
const DESKTOP = { viewport: { width: 1280, height: 800 }, width: 640 }
type Shot = [name: string, url: string, prepare: ((page: Page) => Promise<void>) | null]

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })

/** Puts a session where the app keeps it (sessionStorage), on a page of the same origin. */
const withSession = (url: string, key: string, session: object) => async (page: Page) => {
  await page.goto(url)
  await page.evaluate(
    ([k, s]) => {
      const store = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
        .sessionStorage
      store.setItem(k as string, JSON.stringify({ ...(s as object), expiresAt: Date.now() + 3_600_000 }))
    },
    [key, session] as const,
  )
}

async function shoot(shots: Shot[], size: typeof PHONE) {
  const context = await browser.newContext({ viewport: size.viewport })
  const page = await context.newPage()
  for (const [name, url, prepare] of shots) {
    if (prepare) await prepare(page)
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    const png = await page.screenshot()
    const path = `${OUT}/${name}.jpg`
    await sharp(png).resize({ width: size.width }).jpeg({ quality: 70, mozjpeg: true }).toFile(path)
    console.log(path)
  }
  await context.close()
}

try {
  const staff = await seedConsole(30)
  try {
    const admin = withSession(`${staff.url}/login`, 'wr.staff', staff.admin)
    const owner = withSession(`${staff.url}/login`, 'wr.staff', staff.big)
    await shoot(
      [
        ['1-console-merchants', `${staff.url}/admin/merchants`, admin],
        ['2-console-issue', `${staff.url}/merchant/issue`, owner],
        ['3-console-warranty', `${staff.url}/merchant/warranties/${staff.warrantyId}`, owner],
      ],
      DESKTOP,
    )
  } finally {
    await staff.service.stop()
  }
  const seed = await seedWebApp()
  try {
    const customer = withSession(`${seed.url}/verify`, 'wr.session', seed.session)
    await shoot(
      [
        ['4-claim', seed.claimUrl, null],
        ['5-wallet', `${seed.url}/wallet`, customer],
        ['6-verify', `${seed.url}/verify/${seed.warrantyCode}?serialNumber=${seed.serialNumber}`, null],
      ],
      PHONE,
    )
  } finally {
    await seed.service.stop()
  }
} finally {
  await browser.close()
}

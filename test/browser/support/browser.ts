import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'

/** Debian's Chromium (.ci/run installs it); playwright-core downloads no browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}
export const DESKTOP = { viewport: { width: 1280, height: 800 } }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
}

/** A free TCP port on 127.0.0.1 (the service's APP_URL must be known before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * What a page did wrong: console errors, failed requests, error answers. An answer the test
 * expects (a refused link's 401) is listed by `allow`, matched against its URL.
 */
export interface PageWatch {
  problems: string[]
  allow(pattern: RegExp): void
}

export function watch(page: Page): PageWatch {
  const problems: string[] = []
  const allowed: RegExp[] = []
  const isAllowed = (text: string) => allowed.some((a) => a.test(text))
  const refused: string[] = []
  page.on('response', (res) => {
    if (res.status() >= 400) {
      const line = `${res.status()} ${res.request().method()} ${res.url()}`
      refused.push(line)
      if (!isAllowed(line)) problems.push(`answer ${line}`)
    }
  })
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    // Chromium logs every error answer too; those are judged by the response handler above.
    if (/^Failed to load resource: the server responded with a status of \d+/.test(msg.text())) return
    problems.push(`console ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`page error ${err.message}`))
  page.on('requestfailed', (req) => {
    const line = `${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`
    // A read still in flight when the test moves to the next page is cancelled by the navigation
    // (CI once saw the admin dashboard's stats read so): not the page's fault. Other failures are.
    if (req.method() === 'GET' && req.failure()?.errorText === 'net::ERR_ABORTED') return
    if (!isAllowed(line)) problems.push(`request failed ${line}`)
  })
  return { problems, allow: (pattern) => allowed.push(pattern) }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/** axe-core on the page as it is now: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays on.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: unknown[] }> }
      document: unknown
    }
    return (await g.axe.run(g.document, { resultTypes: ['violations'] })).violations
  })
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    )
}

/** The checks every page gets: no serious or critical axe violation, nothing wrong in the console. */
export async function expectCleanPage(page: Page, watched: PageWatch): Promise<void> {
  await page.waitForLoadState('networkidle')
  expect(await seriousViolations(page), `axe on ${page.url()}`).toEqual([])
  expect(watched.problems, `console and network of ${page.url()}`).toEqual([])
}

/** The text of an element as the user sees it (innerText: line breaks between blocks). */
export function textOf(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is what a reader sees
  return locator.innerText()
}

/** A fresh page in a fresh context (no session, no storage), watched. */
export async function freshPage(
  browser: Browser,
  device: object = PHONE,
): Promise<{ context: BrowserContext; page: Page; watched: PageWatch }> {
  const context = await browser.newContext(device)
  const page = await context.newPage()
  return { context, page, watched: watch(page) }
}

/**
 * A fresh page whose tab holds a session under `key` of sessionStorage before any page script
 * runs: 'wr.session' for the customer app (web/src/lib/session.ts), 'wr.staff' for the console.
 */
export async function pageWithSession(
  browser: Browser,
  key: 'wr.session' | 'wr.staff',
  session: object,
  device: object = PHONE,
): Promise<{ context: BrowserContext; page: Page; watched: PageWatch }> {
  const opened = await freshPage(browser, device)
  await opened.context.addInitScript(
    ([k, value]) => {
      ;(
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem(k, value)
    },
    [key, JSON.stringify(session)] as const,
  )
  return opened
}

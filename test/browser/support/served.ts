import type { Browser, Page } from 'playwright-core'
import { createTestService, type TestService } from '../../support/harness.js'
import { freePort, launchBrowser } from './browser.js'

/**
 * What most browser tests start with: the service listening on a free port of 127.0.0.1, its
 * links (PUBLIC_API_URL, APP_URL) pointing at itself, and Debian's Chromium. `env` adds settings.
 */
export async function serveWithBrowser(
  env: Record<string, string> = {},
): Promise<{ svc: TestService; browser: Browser; base: string }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const svc = await createTestService({ env: { PUBLIC_API_URL: base, APP_URL: base, ...env } })
  await svc.app.listen({ port, host: '127.0.0.1' })
  const browser = await launchBrowser()
  return { svc, browser, base }
}

/** Closes what serveWithBrowser started (either may be missing when the start failed). */
export async function stopServed(served: { browser?: Browser | undefined; svc?: TestService | undefined }) {
  await served.browser?.close()
  await served.svc?.close()
}

/** The page's `<html lang>`. */
export const htmlLang = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  )

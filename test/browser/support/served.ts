import type { Browser, Page } from 'playwright-core'
import type { TestUser } from '../../support/factories.js'
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

/**
 * The staff session `who` gets from signing in (`POST /v1/auth/login`), as the console keeps it
 * in the tab (`wr.staff`): for pageWithSession(browser, 'wr.staff', …).
 */
export async function staffSessionOf(
  svc: TestService,
  who: Pick<TestUser, 'email' | 'password'>,
): Promise<{ token: string; user: unknown; expiresAt: number }> {
  const login = await svc.request({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: who.email, password: who.password },
  })
  if (login.statusCode !== 200)
    throw new Error(`${who.email} could not sign in: ${login.statusCode} ${login.body}`)
  const { token, user } = login.json() as { token: string; user: unknown }
  return { token, user, expiresAt: Date.now() + 3_600_000 }
}

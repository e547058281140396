import type { Browser } from 'playwright-core'
import { createTestService, type TestService } from '../../support/harness.js'
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'
import { freePort, launchBrowser } from './browser.js'

/**
 * What every browser suite shares (started once for the whole run, test/browser/web.test.ts):
 * the real service listening on a free port (its APP_URL and PUBLIC_API_URL set to it), e-mail
 * delivered over SMTP to a sink, minting on the embedded chain, and one Chromium.
 */
export interface World {
  sink: SmtpSink
  svc: TestService
  browser: Browser
  base: string
}

let started: Promise<World> | null = null

export function sharedWorld(): Promise<World> {
  started ??= (async () => {
    const sink = await startSmtpSink()
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const svc = await createTestService({
      mail: true,
      mint: true,
      env: { SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_API_URL: base, APP_URL: base },
    })
    await svc.app.listen({ port, host: '127.0.0.1' })
    const browser = await launchBrowser()
    return { sink, svc, browser, base }
  })()
  return started
}

export async function stopWorld(): Promise<void> {
  const world = await started?.catch(() => null)
  started = null
  await world?.browser.close()
  await world?.svc.close()
  await world?.sink.close()
}

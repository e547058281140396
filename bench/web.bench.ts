/**
 * `npm run bench:web`: Lighthouse (mobile settings: a mid-range phone, simulated slow 4G) on the
 * web app's claim landing and wallet, against a started service and Debian's Chromium, and the
 * JavaScript the claim landing loads (gzip); then Lighthouse with desktop settings on the
 * merchant console's dashboard and warranty list of a merchant with 10,000 warranties
 * (BENCH_WARRANTIES), the list of a merchant with 10 as the baseline. With mobile settings too,
 * the pages the first-hour goals name (≥ 95 performance, 100 accessibility, 100 best practices):
 * the claim landing, wallet, warranty, receipts and verify pages, and the console's dashboard and
 * warranty page; the run ends with which of them meet the goals. Results in
 * bench/results/web.json, each page with where its main thread's time went (Lighthouse's
 * diagnostics: work by kind, by script, long tasks, unused JavaScript); see docs/performance.md.
 * CHROMIUM_PATH overrides /usr/bin/chromium; BENCH_WEB_ONLY=customer|console audits one part.
 */
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import lighthouse, { type Config } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { seedConsole, seedWebApp } from './web-seed.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
/** `customer` or `console`: audit only that part (the full run is what docs/performance.md records). */
const ONLY = process.env.BENCH_WEB_ONLY
if (ONLY && ONLY !== 'customer' && ONLY !== 'console')
  throw new Error(`BENCH_WEB_ONLY is 'customer' or 'console', not '${ONLY}'`)

interface PageResult {
  page: string
  finalUrl: string
  scores: Record<string, number>
  metrics: Record<string, number>
  scriptBytes: { transferred: number; gzip: number; files: string[] }
  /** Where the main thread's time went (Lighthouse's diagnostics), to find what a slow page pays for. */
  mainThread: {
    byGroupMs: Record<string, number>
    byScriptMs: { file: string; totalMs: number; scriptingMs: number; parseCompileMs: number }[]
    longTasks: { file: string; startMs: number; durationMs: number }[]
    unusedScriptKb: { file: string; totalKb: number; unusedKb: number }[]
  }
}

type Items = Record<string, unknown>[]
const itemsOf = (audit: { details?: unknown } | undefined): Items =>
  ((audit?.details as { items?: Items } | undefined)?.items ?? []) as Items
const fileOf = (url: unknown) => {
  try {
    return new URL(String(url)).pathname
  } catch {
    return String(url)
  }
}
const ms = (v: unknown) => Math.round(Number(v ?? 0))
const kb = (v: unknown) => Math.round(Number(v ?? 0) / 102.4) / 10

async function audit(page: Page, name: string, url: string, config?: Config): Promise<PageResult> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
    config,
    page,
  )
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  const { lhr } = result
  // A run that could not measure (no paint in time, a crashed tab) scores 0: say why.
  if (lhr.runtimeError) console.error(`  ${name}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  )
  const numeric = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? 0))
  const requests = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
    []) as { url: string; resourceType?: string; transferSize?: number }[]
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  let gzip = 0
  for (const s of scripts)
    gzip += gzipSync(Buffer.from(await (await fetch(s.url)).arrayBuffer()), { level: 9 }).length
  const failed = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
  )
  for (const a of failed) console.error(`  ${name}: ${a.id}: ${a.title}`)
  return {
    page: name,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      cumulativeLayoutShiftX1000: Math.round(
        Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000,
      ),
      speedIndexMs: numeric('speed-index'),
    },
    scriptBytes: {
      transferred: scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0),
      gzip,
      files: scripts.map((s) => new URL(s.url).pathname),
    },
    mainThread: {
      byGroupMs: Object.fromEntries(
        itemsOf(lhr.audits['mainthread-work-breakdown']).map((i) => [String(i.group), ms(i.duration)]),
      ),
      byScriptMs: itemsOf(lhr.audits['bootup-time']).map((i) => ({
        file: fileOf(i.url),
        totalMs: ms(i.total),
        scriptingMs: ms(i.scripting),
        parseCompileMs: ms(i.scriptParseCompile),
      })),
      longTasks: itemsOf(lhr.audits['long-tasks']).map((i) => ({
        file: fileOf(i.url),
        startMs: ms(i.startTime),
        durationMs: ms(i.duration),
      })),
      unusedScriptKb: itemsOf(lhr.audits['unused-javascript']).map((i) => ({
        file: fileOf(i.url),
        totalKb: kb(i.totalBytes),
        unusedKb: kb(i.wastedBytes),
      })),
    },
  }
}

/** Puts a session into the tab's sessionStorage, where the app keeps it. */
async function remember(page: Page, url: string, key: string, session: object) {
  await page.goto(`${url}/verify`)
  await page.evaluate(
    (k, s) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem(k, JSON.stringify({ ...s, expiresAt: Date.now() + 3_600_000 })),
    key,
    session,
  )
}

async function customerPages(browser: Browser): Promise<PageResult[]> {
  const seed = await seedWebApp()
  try {
    const check = await fetch(
      `${seed.url}/v1/customer/auth/validate-claim?claimId=${new URL(seed.claimUrl).searchParams.get('claimId')}`,
    )
    if (!check.ok) throw new Error(`the claim link is not valid: ${check.status}`)
    const page = await browser.newPage()
    const claim = await audit(page, 'claim landing', seed.claimUrl)
    await remember(page, seed.url, 'wr.session', seed.session)
    const wallet = await audit(page, 'wallet', `${seed.url}/wallet`)
    const warranty = await audit(page, 'warranty', `${seed.url}/wallet/${seed.warrantyId}`)
    const receipts = await audit(page, 'receipts', `${seed.url}/receipts`)
    const verify = await audit(
      page,
      'verify',
      `${seed.url}/verify/${seed.warrantyCode}?serialNumber=${encodeURIComponent(seed.serialNumber)}`,
    )
    await page.close()
    return [claim, wallet, warranty, receipts, verify]
  } finally {
    await seed.service.stop()
  }
}

async function consolePages(browser: Browser): Promise<PageResult[]> {
  const seed = await seedConsole()
  const desktop = desktopConfig as Config
  try {
    const page = await browser.newPage()
    await remember(page, seed.url, 'wr.staff', seed.small)
    const baseline = await audit(
      page,
      'console: warranty list, 10 warranties (baseline)',
      `${seed.url}/merchant/warranties`,
      desktop,
    )
    await remember(page, seed.url, 'wr.staff', seed.big)
    const dashboard = await audit(
      page,
      'console: dashboard, 10,000 warranties',
      `${seed.url}/merchant`,
      desktop,
    )
    const list = await audit(
      page,
      'console: warranty list, 10,000 warranties',
      `${seed.url}/merchant/warranties`,
      desktop,
    )
    const search = await audit(
      page,
      'console: warranty search, 10,000 warranties',
      `${seed.url}/merchant/warranties?q=customer-4242`,
      desktop,
    )
    const phoneDashboard = await audit(page, 'console (mobile): dashboard', `${seed.url}/merchant`)
    const phoneWarranty = await audit(
      page,
      'console (mobile): warranty page',
      `${seed.url}/merchant/warranties/${seed.warrantyId}`,
    )
    await page.close()
    return [baseline, dashboard, list, search, phoneDashboard, phoneWarranty]
  } finally {
    await seed.service.stop()
  }
}

const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
try {
  const pages = [
    ...(ONLY === 'console' ? [] : await customerPages(browser)),
    ...(ONLY === 'customer' ? [] : await consolePages(browser)),
  ]
  const results = { date: new Date().toISOString(), chromium: await browser.version(), pages }
  // A part alone (BENCH_WEB_ONLY, while working on it) is kept apart, out of the repository.
  const out = ONLY ? `bench/results/web.${ONLY}.tmp` : 'bench/results/web.json'
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`)
  console.log(
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS ×1000 | JS transferred | JS gzip |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of results.pages) {
    console.log(
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.metrics.firstContentfulPaintMs} | ${r.metrics.largestContentfulPaintMs} | ${r.metrics.totalBlockingTimeMs} | ${r.metrics.cumulativeLayoutShiftX1000} | ${(r.scriptBytes.transferred / 1024).toFixed(1)} KB | ${(r.scriptBytes.gzip / 1024).toFixed(1)} KB |`,
    )
  }
  const lcp = (name: string) =>
    pages.find((p) => p.page.startsWith(name))?.metrics.largestContentfulPaintMs ?? 0
  const ratio = lcp('console: warranty list, 10,000') / Math.max(1, lcp('console: warranty list, 10 '))
  console.log(`\nconsole warranty list LCP, 10,000 warranties vs 10: ×${ratio.toFixed(2)}`)
  const goalPages = [
    'claim landing',
    'wallet',
    'warranty',
    'receipts',
    'verify',
    'console (mobile): dashboard',
    'console (mobile): warranty page',
  ]
  for (const name of goalPages) {
    const r = pages.find((p) => p.page === name)
    if (!r) continue
    const met =
      (r.scores.performance ?? 0) >= 95 &&
      r.scores.accessibility === 100 &&
      r.scores['best-practices'] === 100
    console.log(`${met ? 'meets' : 'MISSES'} the mobile goals (≥ 95 / 100 / 100): ${name}`)
  }
} finally {
  await browser.close()
}

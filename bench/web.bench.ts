/**
 * `npm run bench:web`: Lighthouse (mobile settings: a mid-range phone, simulated slow 4G) on the
 * web app's claim landing and wallet, against a started service and Debian's Chromium, and the
 * JavaScript the claim landing loads (gzip). Results in bench/results/web.json; see
 * docs/performance.md. CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import { seedWebApp } from './web-seed.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

interface PageResult {
  page: string
  finalUrl: string
  scores: Record<string, number>
  metrics: Record<string, number>
  scriptBytes: { transferred: number; gzip: number; files: string[] }
}

async function audit(page: Page, name: string, url: string): Promise<PageResult> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
    undefined,
    page,
  )
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  const { lhr } = result
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
  }
}

const seed = await seedWebApp()
const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
try {
  const check = await fetch(
    `${seed.url}/v1/customer/auth/validate-claim?claimId=${new URL(seed.claimUrl).searchParams.get('claimId')}`,
  )
  if (!check.ok) throw new Error(`the claim link is not valid: ${check.status}`)
  const page = await browser.newPage()
  const claim = await audit(page, 'claim landing', seed.claimUrl)
  // The wallet needs the session in this tab's sessionStorage, where the app keeps it.
  await page.goto(`${seed.url}/verify`)
  await page.evaluate(
    (s) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem('wr.session', JSON.stringify({ ...s, expiresAt: Date.now() + 3_600_000 })),
    seed.session,
  )
  const wallet = await audit(page, 'wallet', `${seed.url}/wallet`)
  const results = {
    date: new Date().toISOString(),
    chromium: await browser.version(),
    pages: [claim, wallet],
  }
  writeFileSync('bench/results/web.json', `${JSON.stringify(results, null, 2)}\n`)
  execFileSync('npx', ['biome', 'format', '--write', 'bench/results/web.json'], { stdio: 'ignore' })
  console.log(
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS ×1000 | JS transferred | JS gzip |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of results.pages) {
    console.log(
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.metrics.firstContentfulPaintMs} | ${r.metrics.largestContentfulPaintMs} | ${r.metrics.totalBlockingTimeMs} | ${r.metrics.cumulativeLayoutShiftX1000} | ${(r.scriptBytes.transferred / 1024).toFixed(1)} KB | ${(r.scriptBytes.gzip / 1024).toFixed(1)} KB |`,
    )
  }
} finally {
  await browser.close()
  await seed.service.stop()
}

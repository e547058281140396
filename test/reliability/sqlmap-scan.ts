/**
 * Issue 18: sqlmap (Debian's package, `apt-get install sqlmap`) against the parameterised
 * routes of the built service. Opt-in, not part of `npm test` or CI:
 *
 *   npm run test:sqlmap                       # the embedded database server
 *   DATABASE_URL=postgres://… npm run test:sqlmap   # a PostgreSQL database it may fill
 *   SQLMAP_LEVEL=3 SQLMAP_RISK=2 SQLMAP_ONLY=warranties npm run test:sqlmap
 *
 * It starts the service (its own data folder, the test's anvil, an SMTP sink), seeds an admin,
 * a merchant OWNER with a product and warranties, a customer (signed in through the claim
 * e-mail) with a folder and a receipt, and a global product; then runs sqlmap in batch mode
 * against every GET operation of the OpenAPI document with a path or query parameter (path
 * parameters marked with `*`, query parameters with real values: ids, a cursor from the
 * route's own first page, enum members) and a set of JSON bodies (sign-in, access requests,
 * claims, issue, products, folders, merchants), each as the caller the route is for. Every
 * request carries a random X-Forwarded-For (sqlmap's `xforwardedfor` tamper; the service
 * trusts 127.0.0.1), so that per-address rate limits do not stop the scan. The result: every
 * parameter sqlmap tested, and the injectable ones (the run fails unless there are none and
 * every target was tested). Report: `SQLMAP_REPORT` (default `sqlmap-report.json` in the
 * scan's folder, which is printed). Results: docs/reliability.md.
 */
import { execFile, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { startExternalChain } from '../support/mint-fixtures.js'
import { startSmtpSink } from '../support/smtp-sink.js'
import { ensureBuilt, projectRoot } from './support/build.js'
import { externalChainEnv } from './support/crash-checks.js'
import { ADMIN, call, login, request, setUpMerchant } from './support/service-api.js'
import { ServiceProcess } from './support/service-process.js'

const LEVEL = process.env.SQLMAP_LEVEL ?? '2'
const RISK = process.env.SQLMAP_RISK ?? '1'
const ONLY = process.env.SQLMAP_ONLY ? new RegExp(process.env.SQLMAP_ONLY) : null
const PARALLEL = Number(process.env.SQLMAP_PARALLEL ?? 2)

type Caller = 'admin' | 'merchant' | 'customer' | 'anonymous'

interface Target {
  name: string
  method: 'GET' | 'POST' | 'PATCH'
  /** Path and query; `*` after a path value marks it for injection. */
  url: string
  caller: Caller
  body?: Record<string, unknown>
  /** Parameters sqlmap must report as tested: path markers, query names, JSON keys. */
  parameters: number
  /** Names sqlmap would skip by their looks (`token`: "anti-CSRF"), passed with -p. */
  force?: string[]
  /** What was made up for want of a real value (e.g. a cursor of a list with one page). */
  madeUp?: string[]
}

interface Operation {
  method: string
  path: string
  parameters: { name: string; in: string; schema?: { type?: string; format?: string; enum?: string[] } }[]
}

interface World {
  tokens: Record<Caller, string | null>
  ids: Record<string, string>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** The people and things the targets need real values of, created through the API. */
async function seed(url: string, sink: Awaited<ReturnType<typeof startSmtpSink>>): Promise<World> {
  const admin = await login(url, ADMIN.email, ADMIN.password)
  const { token: merchant, productId } = await setUpMerchant(url)
  const customerEmail = `sqlmap-${randomUUID().slice(0, 8)}@customer.example.com`
  const issued = await call<{ id: string; warrantyCode: string; merchantId: string }>(
    url,
    'POST',
    '/v1/merchant/warranties/issue',
    { token: merchant, body: { serialNumber: 'SQLMAP-1', merchantProductId: productId, customerEmail } },
  )
  for (let i = 2; i <= 3; i++) {
    await call(url, 'POST', '/v1/merchant/warranties/issue', {
      token: merchant,
      body: { serialNumber: `SQLMAP-${i}`, merchantProductId: productId },
    })
  }
  const mail = await sink.waitForMessage((m) => m.envelope.to.includes(customerEmail), 60_000)
  const claimId = /claimId=([\w-]+)/.exec(mail.text ?? '')?.[1]
  if (!claimId) throw new Error('no claim id in the claim e-mail')
  const { token: customer } = await call<{ token: string }>(url, 'POST', '/v1/customer/auth/claim', {
    body: { claimId },
  })
  const folder = await call<{ id: string }>(url, 'POST', '/v1/customer/receipts/folders', {
    token: customer,
    body: { name: 'Kitchen' },
  })
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
    .png()
    .toBuffer()
  const receipt = await call<{ id: string }>(url, 'POST', '/v1/customer/receipts', {
    token: customer,
    body: {
      imageBase64: png.toString('base64'),
      ocrData: { merchant: 'Shop', total: '9.99' },
      folderId: folder.id,
    },
  })
  const globalProduct = await call<{ id: string }>(url, 'POST', '/v1/admin/global-products', {
    token: admin,
    body: { brand: 'Sonix', model: 'WH-900', category: 'Audio' },
  })
  return {
    tokens: { admin, merchant, customer, anonymous: null },
    ids: {
      warrantyId: issued.id,
      warrantyCode: issued.warrantyCode,
      merchantId: issued.merchantId,
      productId,
      folderId: folder.id,
      receiptId: receipt.id,
      globalProductId: globalProduct.id,
      claimId,
      customerEmail,
    },
  }
}

const callerOf = (path: string): Caller =>
  path.startsWith('/v1/admin')
    ? 'admin'
    : path.startsWith('/v1/merchant')
      ? 'merchant'
      : path.startsWith('/v1/customer')
        ? 'customer'
        : 'anonymous'

/** A real value for a path parameter of this route. */
function pathValue(path: string, name: string, ids: World['ids']): string {
  if (name === 'warrantyCode' || name === 'identifier') return ids.warrantyCode!
  if (name === 'folderId') return ids.folderId!
  if (name !== 'id') return randomUUID().replaceAll('-', '') // tokens, CIDs, addresses: made-up
  if (path.startsWith('/v1/admin/merchants')) return ids.merchantId!
  if (path.startsWith('/v1/admin/global-products')) return ids.globalProductId!
  if (path.startsWith('/v1/merchant/products')) return ids.productId!
  if (path.startsWith('/v1/customer/receipts')) return ids.receiptId!
  if (path.includes('/warranties/')) return ids.warrantyId!
  return randomUUID()
}

function queryValue(name: string, schema: Operation['parameters'][number]['schema'], ids: World['ids']) {
  if (schema?.enum?.length) return schema.enum[0]!
  if (name in ids) return ids[name]!
  if (schema?.format === 'uuid') return name === 'warrantyId' ? ids.warrantyId! : randomUUID()
  if (schema?.format === 'date-time') return new Date().toISOString()
  if (schema?.type === 'integer' || schema?.type === 'number') return name === 'limit' ? '5' : '1'
  if (schema?.type === 'boolean') return 'true'
  return name === 'q' ? 'SQLMAP' : 'a'
}

function bodyTarget(t: Omit<Target, 'parameters'>): Target {
  const keys = Object.keys(t.body ?? {})
  return { ...t, parameters: keys.length, ...(keys.includes('token') ? { force: ['token'] } : {}) }
}

/**
 * The JSON bodies scanned, each as its caller: method, path (a `{name}` gets a real value, as
 * for the GET targets), caller, and the body (every key is a parameter sqlmap tests).
 */
const BODY_TARGETS: [Target['method'], string, Caller, (ids: World['ids']) => Record<string, unknown>][] = [
  [
    'POST',
    '/v1/auth/login',
    'anonymous',
    () => ({ email: 'seller@reliability.example.com', password: 'wrong-password' }),
  ],
  ['POST', '/v1/customer/auth/request-access', 'anonymous', (ids) => ({ email: ids.customerEmail })],
  ['POST', '/v1/customer/auth/validate-claim', 'anonymous', () => ({ claimId: 'not-a-claim-id-0123456789' })],
  ['POST', '/v1/customer/auth/resend-link', 'anonymous', () => ({ claimId: 'not-a-claim-id-0123456789' })],
  ['POST', '/v1/customer/auth/magic-link', 'anonymous', () => ({ token: 'not-a-token-0123456789' })],
  [
    'POST',
    '/v1/merchant/warranties/issue',
    'merchant',
    () => ({ serialNumber: 'SQLMAP-X', customerName: 'Jane', invoiceNumber: 'INV-1', customerPhone: '+100' }),
  ],
  ['POST', '/v1/merchant/products', 'merchant', () => ({ merchantSku: 'SQL-1', title: 'Probe' })],
  ['PATCH', '/v1/merchant/products/{id}', 'merchant', () => ({ title: 'Crash Test Speaker' })],
  ['POST', '/v1/customer/receipts/folders', 'customer', () => ({ name: 'Garage' })],
  ['PATCH', '/v1/customer/me', 'customer', () => ({ subscriptionTier: 'FREE' })],
  ['POST', '/v1/admin/merchants', 'admin', () => ({ name: 'Probe Shop' })],
  ['POST', '/v1/admin/global-products', 'admin', () => ({ brand: 'B', model: 'M', category: 'C' })],
]

async function getTargets(url: string, world: World): Promise<Target[]> {
  const doc = JSON.parse((await request(`${url}/openapi.json`)).body) as {
    paths: Record<string, Record<string, { parameters?: Operation['parameters'] }>>
  }
  const targets: Target[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    const get = methods.get
    if (!get || path.startsWith('/ipfs')) continue
    const parameters = (get.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')
    if (parameters.length === 0) continue
    const caller = callerOf(path)
    let concrete = path
    for (const p of parameters.filter((p) => p.in === 'path'))
      concrete = concrete.replace(`{${p.name}}`, `${pathValue(path, p.name, world.ids)}*`)
    const query = new Map<string, string>()
    const madeUp: string[] = []
    for (const p of parameters.filter((p) => p.in === 'query' && p.name !== 'cursor'))
      query.set(p.name, queryValue(p.name, p.schema, world.ids))
    if (parameters.some((p) => p.name === 'cursor')) {
      // A real cursor: the second page's, from the route's own first page of one; else one
      // made up (a list of one page has none), which the cursor decoder refuses.
      const first = await request(`${url}${concrete.replaceAll('*', '')}?limit=1`, {
        headers: world.tokens[caller] ? { authorization: `Bearer ${world.tokens[caller]}` } : {},
      })
      const next =
        first.status === 200 ? (JSON.parse(first.body) as { nextCursor?: string }).nextCursor : null
      query.set('cursor', next ?? Buffer.from('{"id":"x"}').toString('base64url'))
      if (!next) madeUp.push('cursor')
    }
    // With a `*` in the path, sqlmap tests only the marked places: mark every query value too.
    const marked = concrete.includes('*')
    const search = [...query]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}${marked ? '*' : ''}`)
      .join('&')
    targets.push({
      name: `GET ${path}`,
      method: 'GET',
      url: search ? `${concrete}?${search}` : concrete,
      caller,
      parameters: parameters.length,
      ...(query.has('token') ? { force: ['token'] } : {}),
      ...(madeUp.length ? { madeUp } : {}),
    })
  }
  const posts = BODY_TARGETS.map(([method, path, caller, body]) =>
    bodyTarget({
      name: `${method} ${path}`,
      method,
      url: path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(path, name, world.ids)),
      caller,
      body: body(world.ids),
    }),
  )
  return [...targets, ...posts].filter((t) => !ONLY || ONLY.test(t.name))
}

interface Result {
  target: string
  url: string
  madeUp: string[]
  caller: Caller
  seconds: number
  exitCode: number | null
  tested: string[]
  injectable: string[]
  heuristicHints: string[]
  /** Payload families sqlmap sent ("testing '…'" lines). */
  techniquesTried: number
  /** sqlmap's count of the error statuses it got, e.g. "404 (Not Found) - 141 times". */
  errorStatuses: string | null
  completed: boolean
  problems: string[]
}

function runSqlmap(baseUrl: string, target: Target, world: World, outDir: string): Promise<Result> {
  const token = world.tokens[target.caller]
  const args = [
    '-u',
    `${baseUrl}${target.url}`,
    '--method',
    target.method,
    '--batch',
    '--dbms=PostgreSQL',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    '--threads=4',
    '--flush-session',
    '--disable-coloring',
    '--tamper=xforwardedfor',
    // The service refuses malformed input with 400 before any SQL: sqlmap's WAF heuristic
    // reads that as a firewall; test every payload anyway.
    '--skip-waf',
    `--output-dir=${outDir}`,
    // Refused input (400), unknown rows (404), conflicts and limits are pages to compare, not failures.
    '--ignore-code=400,401,403,404,409,422,429',
    ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
    ...(target.body ? ['--data', JSON.stringify(target.body)] : []),
    ...(target.force ? ['-p', target.force.join(',')] : []),
  ]
  const started = Date.now()
  return new Promise((resolve) => {
    execFile('sqlmap', args, { maxBuffer: 64 * 1024 * 1024, timeout: 30 * 60_000 }, (err, stdout, stderr) => {
      const text = `${stdout}\n${stderr}`
      writeFileSync(join(outDir, `${target.name.replace(/[^\w]+/g, '_')}.txt`), text)
      const tested = [
        ...text.matchAll(/(?:parameter|URI parameter) '([^']+)' does not seem to be injectable/g),
      ].map((m) => m[1]!)
      const injectable = [...text.matchAll(/^Parameter: (.+)$/gm)].map((m) => m[1]!.trim())
      const heuristicHints = [
        ...text.matchAll(/heuristic \(basic\) test shows that (.+?) might be injectable/g),
      ].map((m) => m[1]!)
      // Done when sqlmap ended its run normally and reported every parameter as tested.
      const completed =
        injectable.length > 0 ||
        (/all tested parameters do not appear to be injectable/.test(text) &&
          tested.length >= target.parameters)
      const problems = [...text.matchAll(/\[CRITICAL\] (.+)/g)]
        .map((m) => m[1]!)
        .filter((line) => !/all tested parameters do not appear to be injectable/.test(line))
      resolve({
        target: target.name,
        url: target.url,
        madeUp: target.madeUp ?? [],
        caller: target.caller,
        seconds: Math.round((Date.now() - started) / 1000),
        exitCode: err ? ((err as { code?: number }).code ?? null) : 0,
        tested,
        injectable,
        heuristicHints,
        techniquesTried: (text.match(/\[INFO\] testing '/g) ?? []).length,
        errorStatuses: /HTTP error codes detected during run:\s*\n(.+)/.exec(text)?.[1]?.trim() ?? null,
        completed,
        problems,
      })
    })
  })
}

async function main(): Promise<void> {
  const version = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' })
  if (version.error) throw new Error('sqlmap is not installed: apt-get install -y sqlmap')
  await ensureBuilt()
  const workDir = mkdtempSync(join(tmpdir(), 'wt-sqlmap-'))
  const outDir = join(workDir, 'sqlmap')
  mkdirSync(outDir)
  const sink = await startSmtpSink()
  const chain = await startExternalChain({ blockTimeSeconds: 1 })
  const service = new ServiceProcess({
    root: projectRoot,
    dataDir: join(workDir, 'data'),
    port: await freePort(),
    logFile: join(workDir, 'service.log'),
    env: {
      LOG_LEVEL: 'info',
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '127.0.0.1',
      ...externalChainEnv(chain),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  })
  let failed = true
  try {
    await service.start()
    const world = await seed(service.url, sink)
    const targets = await getTargets(service.url, world)
    console.info(`sqlmap ${version.stdout.trim()}: ${targets.length} targets, level ${LEVEL}, risk ${RISK}`)
    const results: Result[] = []
    const queue = [...targets]
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let target = queue.shift(); target; target = queue.shift()) {
          const result = await runSqlmap(service.url, target, world, outDir)
          results.push(result)
          console.info(
            `${result.completed ? 'ok  ' : 'FAIL'} ${result.target} (${result.seconds} s, ${result.techniquesTried} payload families): tested ${result.tested.join(', ') || '-'}; injectable ${result.injectable.join(', ') || 'none'}${result.problems.length ? `; ${result.problems.join(' | ')}` : ''}`,
          )
        }
      }),
    )
    const summary = {
      at: new Date().toISOString(),
      sqlmap: version.stdout.trim(),
      level: LEVEL,
      risk: RISK,
      database: process.env.DATABASE_URL ? 'postgres' : 'embedded',
      targets: results.length,
      parametersTested: results.reduce((n, r) => n + r.tested.length, 0),
      injectable: results.flatMap((r) => r.injectable.map((p) => `${r.target}: ${p}`)),
      notCompleted: results.filter((r) => !r.completed).map((r) => r.target),
      heuristicHints: results.flatMap((r) => r.heuristicHints.map((h) => `${r.target}: ${h}`)),
      serviceErrorLines: service.totals().errorCount,
      results: results.sort((a, b) => a.target.localeCompare(b.target)),
    }
    const reportFile = process.env.SQLMAP_REPORT ?? join(workDir, 'sqlmap-report.json')
    writeFileSync(reportFile, `${JSON.stringify(summary, null, 2)}\n`)
    console.info(
      `\n${summary.targets} targets, ${summary.parametersTested} parameters tested, ${summary.injectable.length} injectable, ${summary.notCompleted.length} not completed, ${summary.serviceErrorLines} error-level service log lines\nreport: ${reportFile}\nservice log: ${service.logFile}`,
    )
    failed = summary.injectable.length > 0 || summary.notCompleted.length > 0
  } finally {
    await service.dispose()
    await chain.close()
    await sink.close()
    console.info(`(the scan's folder ${workDir} is kept, with sqlmap's own logs; remove it when done)`)
  }
  if (failed) process.exitCode = 1
}

await main()

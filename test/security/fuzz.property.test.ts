import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchants, users } from '../../src/db/schema/index.js'
import { ERROR_STATUS } from '../../src/errors.js'
import type { RouteAuth } from '../../src/http/auth.js'
import { longestStall } from '../support/event-loop.js'
import type { TestUser } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'
import {
  leakIn,
  type OpenApiDocument,
  ResponseSchemas,
  requestArbitrary,
  type Target,
  targetsOf,
} from './support/openapi-operations.js'
import { createWorld, type RouteCase, WALK_ENV, type World } from './world.js'

// Generated requests (issue 18) for every operation of the served OpenAPI document, from its
// parameters' and body's JSON schemas, as each kind of caller. In-process (app.inject): the
// same app, hooks and database as a real process, thousands of requests a minute.
// FUZZ_RUNS cases per operation and caller: 20 in the normal suite, 200 in
// `npm run test:reliability`. FUZZ_SEED replays a run.
// In the compatibility pass on an external PostgreSQL (TEST_DATABASE_URL) only when FUZZ_RUNS is
// set, as the full run does: the CI slice runs one pass, on the embedded server.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const FUZZ = !process.env.TEST_DATABASE_URL || process.env.FUZZ_RUNS !== undefined
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
const CRON_SECRET = 'cron-secret-for-the-fuzzer'
const SERIAL_SALT = 'test-serial-salt-0123456789'

const modules = import.meta.glob<{ cases: RouteCase[] }>('./cases/*.cases.ts', { eager: true })
const allCases = Object.values(modules).flatMap((m) => m.cases)

let svc: TestService
let world: World
let doc: OpenApiDocument
let schemas: ResponseSchemas
let known: string[]

/** Every string of the valid requests of the access walk: real ids, claim ids, tokens, codes. */
async function seedPool(w: World): Promise<string[]> {
  const found = new Set<string>([w.a.merchant.id, w.b.merchant.id, w.customer.id, w.a.owner.id, w.a.user.id])
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value.length > 0 && value.length < 200) found.add(value)
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v)
  }
  for (const routeCase of allCases) {
    const req = await routeCase.request(w)
    const url = new URL(req.url, 'http://x')
    for (const segment of url.pathname.split('/').slice(3)) walk(decodeURIComponent(segment))
    for (const value of url.searchParams.values()) walk(value)
    walk(req.payload)
  }
  for (const email of [w.customer.email, w.a.owner.email, w.b.owner.email]) found.add(email)
  return [...found]
}

beforeAll(async () => {
  svc = await createTestService({ env: { CRON_SECRET, ...WALK_ENV } })
  world = await createWorld(svc)
  doc = (await svc.request({ method: 'GET', url: '/openapi.json' })).json()
  schemas = new ResponseSchemas(doc)
  // A literal segment of a documented path drawn as an id addresses another route
  // (`/v1/customer/receipts/folders` for `/v1/customer/receipts/{id}`), whose answer the id's
  // route does not declare: such words are not ids.
  const literal = new Set(
    Object.keys(doc.paths).flatMap((p) => p.split('/').filter((s) => !s.startsWith('{'))),
  )
  known = (await seedPool(world)).filter((value) => !literal.has(value))
}, 120_000)
afterAll(() => svc?.close())

interface Caller {
  label: string
  user: () => TestUser | undefined
}
const callers: Caller[] = [
  { label: 'anonymous', user: () => undefined },
  { label: 'admin', user: () => world.admin },
  { label: 'merchant OWNER', user: () => world.a.owner },
  { label: 'merchant USER', user: () => world.a.user },
  { label: 'customer', user: () => world.customer },
  { label: "another tenant's OWNER", user: () => world.b.owner },
]

/**
 * Undoes what earlier generated requests may have done to the callers themselves (a suspended
 * merchant or user, a changed password or "sign out everywhere" that bumped the token version),
 * so that each operation meets callers who can still get in.
 */
async function restoreCallers(w: World) {
  const everyone = [w.admin, w.customer, w.a.owner, w.a.user, w.b.owner]
  await svc.deps.db
    .update(merchants)
    .set({ status: 'ACTIVE' })
    .where(inArray(merchants.id, [w.a.merchant.id, w.b.merchant.id]))
  await svc.deps.db
    .update(users)
    .set({ status: 'ACTIVE' })
    .where(
      inArray(
        users.id,
        everyone.map((u) => u.id),
      ),
    )
  for (const user of everyone) {
    const [row] = await svc.deps.db.select().from(users).where(eq(users.id, user.id))
    if (row) user.token = await svc.deps.tokens.issue({ sub: row.id, role: row.role, tv: row.tokenVersion })
  }
}

/** Why this answer breaks a promise, or null. */
function problemWith(
  target: Target,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`
  const contentType = String(res.headers['content-type'] ?? '')
  const textual = /json|text|html|calendar|xml/.test(contentType)
  if (textual) {
    const leak = leakIn(res.body, [TEST_JWT_SECRET, SERIAL_SALT, CRON_SECRET])
    if (leak) return `leaks ${leak}`
  }
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as { error: keyof typeof ERROR_STATUS }
    if (ERROR_STATUS[body.error] !== res.statusCode)
      return `error ${body.error} with status ${res.statusCode}`
  }
  return schemas.check(target, res.statusCode, contentType, res.body)
}

/**
 * The event loop's longest stall allowed while an operation's generated requests are answered
 * (issue 26: no input holds the event loop). Measured in this process, where the service runs
 * (app.inject): `monitorEventLoopDelay`'s longest delay, and the CPU the loop's thread spent in
 * that stall without garbage collection (test/support/event-loop.ts). On a loaded 2-core machine
 * the wall delay alone reached 130 to 250 ms on a dozen operations that do no heavy work (the
 * thread waiting for a core, a collection); what fails is a stall the thread spent working.
 */
const MAX_STALL_MS = 100

describe.skipIf(!FUZZ)('generated requests on every operation of the OpenAPI document', () => {
  it(`answer no 5xx, nothing undeclared, no leak and no stall over ${MAX_STALL_MS} ms (${RUNS} per operation and caller)`, async () => {
    const targets = targetsOf(doc)
    expect(targets.length).toBeGreaterThan(60)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    const seconds: [string, number][] = []
    const stalls: [string, number][] = []
    const wallStalls: [string, number][] = []

    /** Every caller's generated requests on one operation; `seeds` replays an earlier walk. */
    const walk = async (target: Target, seeds?: number[]) => {
      const found: string[] = []
      const used: number[] = []
      const { maxMs, cpuMs } = await longestStall(async () => {
        for (const [i, caller] of callers.entries()) {
          const user = caller.user()
          const property = fc.asyncProperty(
            requestArbitrary(target, { components: doc.components.schemas, known }),
            async (req) => {
              const res = await svc.app.inject({
                method: target.method as 'GET',
                url: req.url,
                headers: { ...req.headers, ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
                ...(req.payload !== undefined ? { payload: req.payload } : {}),
              })
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
              // Back to the event loop between requests, as requests arriving on sockets do: injected
              // one after another on promises alone, twenty requests are one long turn of the loop.
              await new Promise((resolve) => setImmediate(resolve))
              const problem = problemWith(target, res)
              if (problem) {
                throw new Error(
                  `${problem}: ${target.method} ${req.url} ${req.payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`,
                )
              }
            },
          )
          const seed = seeds?.[i] ?? SEED
          const result = await fc.check(property, {
            numRuns: RUNS,
            endOnFailure: true,
            ...(seed !== undefined ? { seed } : {}),
          })
          used.push(result.seed)
          if (result.failed) {
            found.push(
              `${target.method} ${target.path} as ${caller.label} (seed ${result.seed}): ${(result.errorInstance as Error | undefined)?.message ?? ''}`,
            )
          }
        }
      })
      return { found, used, maxMs, cpuMs }
    }

    for (const target of targets) {
      const started = performance.now()
      await restoreCallers(world)
      const first = await walk(target)
      failures.push(...first.found)
      let stall = first.cpuMs
      // A stall of the machine does not come back with the same requests; a parser's does.
      if (stall > MAX_STALL_MS) {
        await restoreCallers(world)
        stall = Math.min(stall, (await walk(target, first.used)).cpuMs)
      }
      const operation = `${target.method} ${target.path}`
      stalls.push([operation, stall])
      wallStalls.push([operation, first.maxMs])
      if (stall > MAX_STALL_MS)
        failures.push(
          `${operation} held the event loop ${stall.toFixed(0)} ms of CPU (delay ${first.maxMs.toFixed(0)} ms; seeds ${first.used.join(', ')})`,
        )
      seconds.push([operation, (performance.now() - started) / 1000])
    }
    const slowest = seconds.sort((a, b) => b[1] - a[1]).slice(0, 6)
    console.info(
      `[fuzz] slowest operations (s): ${slowest.map(([op, s]) => `${op} ${s.toFixed(1)}`).join(', ')}`,
    )
    const top = (list: [string, number][]) =>
      list
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([op, ms]) => `${op} ${ms.toFixed(0)}`)
        .join(', ')
    console.info(`[fuzz] longest event-loop delays (ms): ${top(wallStalls)}`)
    console.info(`[fuzz] most event-loop CPU in one stall (ms): ${top(stalls)}`)
    console.info(
      `[fuzz] ${RUNS} per operation and caller; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    expect(failures).toEqual([])
  }, 1_800_000)
})

/** A PDF receipt whose content stream shows `text` on one line, `before` ahead of its object. */
function pdfShowing(text: string, before = ''): Buffer {
  const content = `BT /F1 9 Tf 20 800 Td (${text}) Tj ET`
  return Buffer.from(
    `%PDF-1.4\n${before}\n1 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n%%EOF\n`,
    'latin1',
  )
}

describe('hostile parser inputs never stall the event loop', () => {
  it(`a PDF with one 40 K-character line to the anonymous OCR route: under ${MAX_STALL_MS} ms`, async () => {
    const imageBase64 = pdfShowing(`ACME STORE ${'a1 a 1 '.repeat(5_800)}`).toString('base64')
    await svc.deps.ocr.warm()
    const { value: res, cpuMs } = await longestStall(() =>
      // An address of its own: the walk above used the route's per-address limit.
      svc.app.inject({
        method: 'POST',
        url: '/v1/customer/receipts/ocr',
        payload: { imageBase64 },
        remoteAddress: '198.51.100.226',
      }),
    )
    expect(cpuMs).toBeLessThan(MAX_STALL_MS)
    expect(res.statusCode).toBe(200)
  }, 60_000)
})

/** Fields a client must never set itself: a role, a tenant, a state, the chain's answers. */
const MASS_ASSIGNMENT = {
  role: 'ADMIN',
  merchantId: '00000000-0000-4000-8000-000000000001',
  merchantRole: 'OWNER',
  adminRole: 'SUPER_ADMIN',
  status: 'ACTIVE',
  tokenId: '1',
  tokenVersion: 0,
  mint: { status: 'MINTED', tokenId: '1' },
  mintStatus: 'MINTED',
  txHash: `0x${'a'.repeat(64)}`,
  contractAddress: `0x${'b'.repeat(40)}`,
  chainId: 31337,
  metadataCid: 'bafy',
  claimed: true,
  passwordHash: '$argon2id$v=19$m=1,t=1,p=1$x$y',
  id: '00000000-0000-4000-8000-000000000002',
  customerId: '00000000-0000-4000-8000-000000000003',
  createdAt: '2020-01-01T00:00:00.000Z',
}

const isCron = (auth: unknown) =>
  typeof auth === 'object' && auth !== null && 'secret' in auth && auth.secret === 'cron'

function admittedToken(auth: RouteAuth): string | undefined {
  if (auth === 'public' || 'secret' in auth) return undefined
  const role = auth.roles[0]
  if (role === 'ADMIN') return world.admin.token
  if (role === 'CUSTOMER') return world.customer.token
  if (role === 'MERCHANT_USER') return world.a.owner.token
  if (role === 'SERVICE_PROVIDER') return world.serviceProvider.token
  return undefined
}

describe('mass assignment', () => {
  it('answers 400 for every undeclared privileged field in every JSON body, as an admitted caller', async () => {
    await restoreCallers(world)
    const caseOf = new Map(allCases.map((c) => [`${c.method} ${c.route}`, c]))
    const failures: string[] = []
    let tried = 0
    for (const target of targetsOf(doc)) {
      const schema = target.operation.requestBody?.content?.['application/json']?.schema
      if (!schema) continue
      const declared = Object.keys((schema.properties as object | undefined) ?? {})
      const routeCase = caseOf.get(`${target.method} ${target.route}`)
      const entry = svc.app.routeTable.find((r) => r.method === target.method && r.url === target.route)
      if (!routeCase || !entry) {
        failures.push(`${target.method} ${target.route}: no valid request to start from`)
        continue
      }
      for (const [field, value] of Object.entries(MASS_ASSIGNMENT)) {
        if (declared.includes(field)) continue
        const req = await routeCase.request(world)
        const token = admittedToken(entry.auth as RouteAuth)
        const res = await svc.request({
          method: target.method as 'POST',
          url: req.url,
          payload: { ...(req.payload as object), [field]: value },
          headers: { ...req.headers, ...(isCron(entry.auth) ? { 'x-cron-secret': CRON_SECRET } : {}) },
          ...(token ? { token } : {}),
        })
        tried++
        if (res.statusCode !== 400 || res.json().error !== 'validation_error') {
          failures.push(
            `${target.method} ${target.route} with ${field}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          )
        }
      }
    }
    console.info(`[fuzz] mass assignment: ${tried} requests`)
    expect(tried).toBeGreaterThan(200)
    expect(failures).toEqual([])
  }, 300_000)
})

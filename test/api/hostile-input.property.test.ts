import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../src/db/schema/index.js'
import { ERROR_STATUS } from '../../src/errors.js'
import type { RouteAuth } from '../../src/http/auth.js'
import type { RouteCase, World } from '../security/world.js'
import { createWorld, WALK_ENV } from '../security/world.js'
import { createTestService, type TestService } from '../support/harness.js'

// The valid request of each route comes from the access walk's cases; a route without one
// (the access test fails on it anyway) is called with what its OpenAPI operation declares.
const modules = import.meta.glob<{ cases: RouteCase[] }>('../security/cases/*.cases.ts', { eager: true })
const caseByRoute = new Map(
  Object.values(modules)
    .flatMap((m) => m.cases)
    .map((c) => [`${c.method} ${c.route}`, c]),
)

const CRON_SECRET = 'cron-secret-for-hostile-tests'
const UNSTORABLE = 'must not contain a NUL character or an unpaired UTF-16 surrogate'
const RUNS_PER_CALLER = 80

let svc: TestService
let world: World
beforeAll(async () => {
  svc = await createTestService({ env: { CRON_SECRET, ...WALK_ENV } })
  world = await createWorld(svc)
})
afterAll(() => svc?.close())

interface Operation {
  parameters?: { in: string; name: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

interface Target {
  method: string
  route: string
  auth: RouteAuth
  operation: Operation | undefined
}

/** Every operation of the OpenAPI document, with the route's auth from the route table. */
function targets(): Target[] {
  const doc = svc.app.swagger() as { paths: Record<string, Record<string, Operation>> }
  const found: Target[] = []
  for (const [path, operations] of Object.entries(doc.paths)) {
    // The wildcard `/*` is documented as a named parameter `{path}` (src/http/openapi-document.ts).
    const route = path.replace(/^(\/ipfs\/\{cid\})\/\{path\}$/, '$1/*').replace(/\{(\w+)\}/g, ':$1')
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase()
      const entry = svc.app.routeTable.find((r) => r.method === method && r.url === route)
      if (!entry) throw new Error(`${method} ${route} is in the OpenAPI document but not in the route table`)
      found.push({ method, route, auth: entry.auth as RouteAuth, operation })
    }
  }
  return found
}

/**
 * A token of a role the route admits, or the cron secret; undefined for a public route and for
 * the inbound secret (INBOUND_EMAIL_SECRET is not set here: nobody is admitted).
 */
function admittedHeaders(auth: RouteAuth): Record<string, string> | undefined {
  if (auth === 'public') return undefined
  if ('secret' in auth) return auth.secret === 'cron' ? { 'x-cron-secret': CRON_SECRET } : undefined
  const byRole: Record<Role, string> = {
    ADMIN: world.admin.token,
    MERCHANT_USER: world.a.owner.token,
    CUSTOMER: world.customer.token,
    SERVICE_PROVIDER: world.serviceProvider.token,
  }
  const role = auth.roles[0]
  if (!role) throw new Error('a route that admits no role')
  return { authorization: `Bearer ${byRole[role]}` }
}

interface ValidRequest {
  path: string
  query: [string, string][]
  payload: unknown
  headers: Record<string, string>
}

async function validRequest(target: Target): Promise<ValidRequest> {
  const routeCase = caseByRoute.get(`${target.method} ${target.route}`)
  if (routeCase) {
    const req = await routeCase.request(world)
    const url = new URL(req.url, 'http://x')
    return {
      path: url.pathname,
      query: [...url.searchParams.entries()].map(([k, v]) => [k, v]),
      payload: req.payload,
      headers: req.headers ?? {},
    }
  }
  return {
    path: target.route.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'x'),
    query: [],
    payload: target.operation?.requestBody ? {} : undefined,
    headers: {},
  }
}

/** JSON pointers (under the body) of every string of a JSON payload, plus each declared top-level property. */
function bodyPointers(payload: unknown, operation: Operation | undefined): string[][] {
  // A text body (CSV, a raw message) has no pointers: its poison goes into its bytes (`rawPoison`).
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return []
  const pointers: string[][] = []
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') pointers.push(at)
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k])
  }
  walk(payload, [])
  const declared = operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {}
  for (const name of Object.keys(declared)) pointers.push([name])
  return pointers
}

const pointer = (keys: string[]) =>
  keys.map((k) => `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')

function withValueAt(payload: unknown, keys: string[], value: string): unknown {
  const copy = structuredClone(payload ?? {}) as Record<string, unknown>
  let node = copy
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = value
    else node = node[key] as Record<string, unknown>
  })
  return copy
}

/** What a URL mutation inserts, and what the server must make of it. */
interface UrlPoison {
  text: string
  /** Decodes to a NUL: 400 naming the parameter. */
  nul: boolean
  /** Never valid percent-encoding: 400 naming the URL when it is in the path. */
  malformed: boolean
}

const plain = fc.string({ maxLength: 6 }).map(encodeURIComponent)
const around = (poison: fc.Arbitrary<string>) =>
  fc.tuple(plain, poison, plain).map(([a, p, b]) => `${a}${p}${b}`)
const urlPoison: fc.Arbitrary<UrlPoison> = fc.oneof(
  around(fc.constantFrom('%00', '%00%00')).map((text) => ({ text, nul: true, malformed: false })),
  around(fc.constantFrom('%zz', '%c3%28')).map((text) => ({ text, nul: false, malformed: true })),
  // Malformed or unstorable depending on what follows, or kept as literal text by the query parser.
  around(fc.constantFrom('%', '%ed%a0%80', '%00%zz', '%c3')).map((text) => ({
    text,
    nul: false,
    malformed: false,
  })),
)
const jsonPoison = fc
  .tuple(
    fc.string({ maxLength: 6, unit: 'grapheme' }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u0000\ud83d'),
    fc.string({ maxLength: 6, unit: 'grapheme' }),
  )
  .map(([a, p, b]) => `${a}${p}${b}`)

/**
 * Bytes no text body may hold: a NUL (unstorable), or a sequence that is not UTF-8 (a lone
 * surrogate has no UTF-8 form: sent raw, as CESU-8 would write it, it is invalid UTF-8).
 */
const rawPoison = fc.oneof(
  fc.constant({ bytes: [0x00], message: UNSTORABLE }),
  fc
    .constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xe2, 0x82], [0x80])
    .map((bytes) => ({ bytes, message: 'is not valid UTF-8' })),
)

type Mutation =
  | { in: 'path'; segment: number; at: number; poison: UrlPoison }
  | { in: 'query'; name: string; poison: UrlPoison }
  | { in: 'body'; keys: string[]; text: string }
  | { in: 'raw'; at: number; bytes: readonly number[]; message: string }

function mutations(target: Target, valid: ValidRequest): fc.Arbitrary<Mutation> {
  const template = target.route.split('/')
  const paramSegments = template.flatMap((s, i) => (s.startsWith(':') || s === '*' ? [i] : []))
  // A route without parameters: any segment (a NUL there finds no route).
  const segments = paramSegments.length > 0 ? paramSegments : template.flatMap((s, i) => (s ? [i] : []))
  const queryNames = [
    ...new Set([
      ...valid.query.map(([k]) => k),
      ...(target.operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      'q',
    ]),
  ]
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      in: fc.constant('path' as const),
      segment: fc.constantFrom(...segments),
      at: fc.nat(),
      poison: urlPoison,
    }),
    fc.record({ in: fc.constant('query' as const), name: fc.constantFrom(...queryNames), poison: urlPoison }),
  ]
  if (typeof valid.payload === 'string') {
    options.push(
      fc
        .record({ in: fc.constant('raw' as const), at: fc.nat(), poison: rawPoison })
        .map(({ at, poison }) => ({
          in: 'raw' as const,
          at,
          ...poison,
        })),
    )
  }
  const pointers = bodyPointers(valid.payload, target.operation)
  if (pointers.length > 0) {
    options.push(
      fc.record({ in: fc.constant('body' as const), keys: fc.constantFrom(...pointers), text: jsonPoison }),
    )
  }
  return fc.oneof(...options)
}

function apply(target: Target, valid: ValidRequest, m: Mutation) {
  const segments = valid.path.split('/')
  let query = valid.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  let payload = valid.payload
  if (m.in === 'path') {
    // The wildcard of `/ipfs/:cid/*` is the last segment of the request.
    const index = target.route.split('/')[m.segment] === '*' ? segments.length - 1 : m.segment
    const segment = segments[index] ?? ''
    const at = m.at % (segment.length + 1)
    segments[index] = `${segment.slice(0, at)}${m.poison.text}${segment.slice(at)}`
  } else if (m.in === 'query') {
    query = [
      ...valid.query
        .filter(([k]) => k !== m.name)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
      `${m.name}=${m.poison.text}`,
    ]
  } else if (m.in === 'raw') {
    // Inside the text (never before its first line: a header line is refused for its own reasons).
    const text = Buffer.from(String(payload))
    const firstBreak = text.indexOf(10) + 1
    const at = firstBreak + (m.at % (text.length - firstBreak + 1))
    payload = Buffer.concat([text.subarray(0, at), Buffer.from(m.bytes), text.subarray(at)])
  } else {
    payload = withValueAt(payload, m.keys, m.text)
  }
  const url = `${segments.join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`
  return { url, payload }
}

/**
 * What the mutation must be answered with: one status (and the detail naming the poisoned
 * input, for a 400), or the statuses it may get when only "no 5xx" is certain.
 */
/**
 * The route a request whose static segment `segment` was poisoned reaches instead: a sibling
 * with a parameter at that place (`/receipts/%00folders` is `/receipts/:id`), if there is one.
 */
function siblingWithParam(target: Target, segment: number): Target | null {
  const parts = target.route.split('/')
  const found = svc.app.routeTable.find((r) => {
    const other = r.url.split('/')
    return (
      r.method === target.method &&
      other.length === parts.length &&
      other[segment]?.startsWith(':') &&
      other.every((p, i) => i === segment || p === parts[i])
    )
  })
  return found
    ? { method: target.method, route: found.url, auth: found.auth as RouteAuth, operation: target.operation }
    : null
}

function expected(
  target: Target,
  m: Mutation,
  admitted: boolean,
): { statuses: number[]; detail?: string; message?: string } {
  if (m.in === 'path' && m.poison.malformed) return { statuses: [400], detail: '/url' }
  const name = m.in === 'path' ? (target.route.split('/')[m.segment] ?? '') : ''
  const inParam = name === '*' || name.startsWith(':')
  const sibling = m.in === 'path' && !inParam ? siblingWithParam(target, m.segment) : null
  if (sibling) {
    // The poisoned segment is that route's parameter: its own guard and validation answer.
    return expected(sibling, m, admitted || sibling.auth === 'public')
  }
  // A NUL in a static segment matches no route: 404 for anyone.
  if (m.in === 'path' && m.poison.nul && !inParam) return { statuses: [404] }
  if (!admitted) {
    // The auth guard runs first; only a path the router refuses is answered before it.
    return m.in === 'path' && !m.poison.nul ? { statuses: [400, 401, 404] } : { statuses: [401] }
  }
  if (m.in === 'body') return { statuses: [400], detail: `/body${pointer(m.keys)}` }
  if (m.in === 'raw') return { statuses: [400], detail: '/body', message: m.message }
  if (m.in === 'query' && m.poison.nul) return { statuses: [400], detail: `/querystring/${m.name}` }
  if (m.in === 'path' && m.poison.nul) {
    return { statuses: [400], detail: `/params/${name === '*' ? '*' : name.slice(1)}` }
  }
  return { statuses: [] }
}

describe('hostile bytes on every route of the OpenAPI document', () => {
  it('never answer 5xx, and always answer the contract error body', async () => {
    const all = targets()
    expect(all.length).toBeGreaterThan(30)
    const failures: string[] = []
    for (const target of all) {
      const valid = await validRequest(target)
      const admittedAs = admittedHeaders(target.auth)
      const callers = [
        { label: 'anonymous', headers: undefined, admitted: target.auth === 'public' },
        ...(admittedAs ? [{ label: 'admitted', headers: admittedAs, admitted: true }] : []),
      ]
      for (const caller of callers) {
        await fc
          .assert(
            fc.asyncProperty(mutations(target, valid), async (m) => {
              const { url, payload } = apply(target, valid, m)
              const res = await svc.app.inject({
                method: target.method as 'GET',
                url,
                headers: { ...valid.headers, ...caller.headers },
                ...(payload !== undefined ? { payload: payload as object } : {}),
              })
              const where = `${target.method} ${target.route} as ${caller.label}: ${target.method} ${url} ${
                m.in === 'body'
                  ? JSON.stringify(payload)
                  : m.in === 'raw'
                    ? JSON.stringify(String(payload))
                    : ''
              } → ${res.statusCode} ${res.body.slice(0, 300)}`
              expect(res.statusCode, where).toBeLessThan(500)
              if (res.statusCode >= 400) {
                const body = res.json() as { error: keyof typeof ERROR_STATUS; message: unknown }
                expect(ERROR_STATUS[body.error], where).toBe(res.statusCode)
                expect(typeof body.message, where).toBe('string')
              }
              const want = expected(target, m, caller.admitted)
              if (want.statuses.length > 0) expect(want.statuses, where).toContain(res.statusCode)
              if (want.detail) {
                expect(res.json().details, where).toContainEqual({
                  path: want.detail,
                  message:
                    want.message ??
                    (want.detail === '/url' ? 'is not valid percent-encoded UTF-8' : UNSTORABLE),
                })
              }
            }),
            { numRuns: RUNS_PER_CALLER },
          )
          .catch((err: Error) => {
            // fast-check's report (seed, counterexample), then what the server answered.
            const report = err.message.split('\n').slice(0, 3).join(' ')
            failures.push(`${report} ${(err.cause as Error | undefined)?.message ?? ''}`)
          })
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})

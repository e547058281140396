import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MerchantRole, Role } from '../../src/db/schema/index.js'
import type { RouteAuth } from '../../src/http/auth.js'
import type { TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createWorld, type RouteCase, WALK_ENV, type World } from './world.js'

// Every file under ./cases contributes the cases of its feature's routes.
const modules = import.meta.glob<{ cases: RouteCase[] }>('./cases/*.cases.ts', { eager: true })
const allCases = Object.values(modules).flatMap((m) => m.cases)
const key = (method: string, route: string) => `${method} ${route}`
const caseByRoute = new Map(allCases.map((c) => [key(c.method, c.route), c]))

let svc: TestService
let world: World

/** How a caller presents each shared secret (INBOUND_EMAIL_SECRET stays unset here: 401 to all). */
const SECRET_HEADERS: Record<string, (value: string) => Record<string, string>> = {
  cron: (value) => ({ 'x-cron-secret': value }),
  metrics: (value) => ({ authorization: `Bearer ${value}` }),
  inbound: (value) => ({ 'x-inbound-secret': value }),
}
const CRON_SECRET = 'cron-secret-for-tests'
const METRICS_TOKEN = 'metrics-token-for-tests'
const SECRET_VALUES: Record<string, string> = {
  cron: CRON_SECRET,
  metrics: METRICS_TOKEN,
  inbound: 'inbound-secret-unset-here',
}

beforeAll(async () => {
  svc = await createTestService({
    env: {
      CRON_SECRET,
      METRICS_TOKEN,
      ...WALK_ENV,
    },
  })
  world = await createWorld(svc)
})
afterAll(() => svc?.close())

interface Caller {
  label: string
  user: TestUser
  role: Role
  merchantRole?: MerchantRole
  tenant?: 'a' | 'b'
}

function callers(w: World): Caller[] {
  return [
    { label: 'admin', user: w.admin, role: 'ADMIN' },
    { label: 'customer', user: w.customer, role: 'CUSTOMER' },
    { label: 'service provider', user: w.serviceProvider, role: 'SERVICE_PROVIDER' },
    { label: 'merchant A owner', user: w.a.owner, role: 'MERCHANT_USER', merchantRole: 'OWNER', tenant: 'a' },
    { label: 'merchant A admin', user: w.a.admin, role: 'MERCHANT_USER', merchantRole: 'ADMIN', tenant: 'a' },
    { label: 'merchant A user', user: w.a.user, role: 'MERCHANT_USER', merchantRole: 'USER', tenant: 'a' },
    { label: 'merchant B owner', user: w.b.owner, role: 'MERCHANT_USER', merchantRole: 'OWNER', tenant: 'b' },
  ]
}

function admits(auth: RouteAuth, caller: Caller): boolean {
  if (auth === 'public' || 'secret' in auth) return true
  if (!auth.roles.includes(caller.role)) return false
  return (
    !auth.merchantRoles ||
    (caller.merchantRole !== undefined && auth.merchantRoles.includes(caller.merchantRole))
  )
}

describe('who may call each route', () => {
  it('has a case for every route of the app, and no case for a route that does not exist', () => {
    const routes = svc.app.routeTable.filter((r) => r.method !== 'OPTIONS' && !r.url.startsWith('/docs'))
    const missing = routes
      .filter((r) => !caseByRoute.has(key(r.method, r.url)))
      .map((r) => key(r.method, r.url))
    expect(missing, 'routes without a case in test/security/cases').toEqual([])
    const known = new Set(routes.map((r) => key(r.method, r.url)))
    const stale = allCases
      .filter((c) => !known.has(key(c.method, c.route)))
      .map((c) => key(c.method, c.route))
    expect(stale, 'cases for routes the app does not have').toEqual([])
  })

  it('answers every route as its declaration says, for no token, each role and another tenant', async () => {
    const failures: string[] = []
    const routes = svc.app.routeTable.filter((r) => r.method !== 'OPTIONS' && !r.url.startsWith('/docs'))
    for (const route of routes) {
      const routeCase = caseByRoute.get(key(route.method, route.url))
      if (!routeCase) continue
      const auth = route.auth as RouteAuth
      const name = key(route.method, route.url)
      const send = async (token?: string, headers?: Record<string, string>) => {
        const req = await routeCase.request(world)
        return svc.request({
          method: route.method as 'GET',
          url: req.url,
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
          headers: { ...req.headers, ...headers },
          ...(token ? { token } : {}),
        })
      }
      const expectStatus = (label: string, status: number, ok: (s: number) => boolean, body: string) => {
        if (!ok(status)) failures.push(`${name} as ${label}: ${status} ${body.slice(0, 160)}`)
      }

      const admitted = (s: number) =>
        routeCase.okStatuses ? routeCase.okStatuses.includes(s) : s >= 200 && s < 300
      if (auth === 'public') {
        const res = await send()
        expectStatus('anonymous', res.statusCode, admitted, res.body)
        continue
      }
      if ('secret' in auth) {
        const present = SECRET_HEADERS[auth.secret]
        const value = SECRET_VALUES[auth.secret]
        if (!present || !value) {
          failures.push(`${name}: the walk does not know the secret ${auth.secret}`)
          continue
        }
        const none = await send()
        expectStatus('no secret', none.statusCode, (s) => s === 401, none.body)
        const wrong = await send(undefined, present('wrong'))
        expectStatus('a wrong secret', wrong.statusCode, (s) => s === 401, wrong.body)
        const right = await send(undefined, present(value))
        expectStatus('the secret', right.statusCode, admitted, right.body)
        continue
      }

      const anonymous = await send()
      expectStatus('anonymous', anonymous.statusCode, (s) => s === 401, anonymous.body)
      if (anonymous.statusCode === 401 && anonymous.json().error !== 'unauthorized') {
        failures.push(`${name} as anonymous: error ${anonymous.json().error}`)
      }
      const garbage = await send('a.b.c')
      expectStatus('a forged token', garbage.statusCode, (s) => s === 401, garbage.body)

      for (const caller of callers(world)) {
        const res = await send(caller.user.token)
        if (!admits(auth, caller)) {
          expectStatus(caller.label, res.statusCode, (s) => s === 403, res.body)
          if (res.statusCode === 403 && res.json().error !== 'forbidden') {
            failures.push(`${name} as ${caller.label}: error ${res.json().error}`)
          }
        } else if (caller.tenant === 'b' && routeCase.tenantScoped) {
          expectStatus(`${caller.label} (another tenant)`, res.statusCode, (s) => s === 404, res.body)
        } else {
          expectStatus(caller.label, res.statusCode, admitted, res.body)
        }
      }
    }
    expect(failures).toEqual([])
  }, 120_000)

  it('never answers with a stack trace, SQL, a password hash or a secret', async () => {
    const leaks: string[] = []
    for (const routeCase of allCases) {
      for (const token of [undefined, world.admin.token, world.a.owner.token, world.b.owner.token]) {
        const req = await routeCase.request(world)
        const res = await svc.request({
          method: routeCase.method as 'GET',
          url: req.url,
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
          ...(token ? { token } : {}),
        })
        if (
          /\$argon2|passwordHash|password_hash|tokenHash|token_hash|\bat .+\.(ts|js):\d+|select .* from|jwt-secret|cron-secret-for-tests/i.test(
            res.body,
          )
        ) {
          leaks.push(`${routeCase.method} ${routeCase.route}: ${res.body.slice(0, 200)}`)
        }
      }
    }
    expect(leaks).toEqual([])
  }, 120_000)
})

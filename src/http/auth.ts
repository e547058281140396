import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client.js'
import { type AdminRole, type MerchantRole, ROLES, type Role, type UserStatus } from '../db/schema/index.js'
import { AppError } from '../errors.js'
import { listenForPrincipalChanges, PrincipalCache, type PrincipalLoader } from './principal-cache.js'
import type { TokenService } from './tokens.js'

/**
 * Who may call a route. Every route declares one (deny by default):
 * - `'public'`: anyone;
 * - `'cron'`: the `x-cron-secret` header must equal CRON_SECRET;
 * - `{ roles }`: a valid bearer token of one of these roles; `merchantRoles` narrows merchant users.
 */
export type RouteAuth =
  | 'public'
  | 'cron'
  | { roles: readonly Role[]; merchantRoles?: readonly MerchantRole[] }

/**
 * The authenticated caller: its user and merchant rows, cached in process and dropped on every
 * change the database announces (suspension, password, role, sign-out everywhere, deletion act
 * at once in every process: src/http/principal-cache.ts).
 */
export interface Principal {
  userId: string
  email: string
  name: string | null
  role: Role
  merchantId: string | null
  merchantName: string | null
  merchantRole: MerchantRole | null
  adminRole: AdminRole | null
  status: UserStatus
  lastLoginAt: Date | null
  createdAt: Date
  updatedAt: Date
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth
  }
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyInstance {
    /** Principals of authenticated requests, cached in process (src/http/principal-cache.ts). */
    principalCache: PrincipalCache
  }
}

/** The guards routes declare (`config: { auth: ADMINS }`): one name for each audience. */
export const ADMINS = { roles: ['ADMIN'] } as const satisfies RouteAuth
/** Any user of a merchant, whatever their merchant role. */
export const MERCHANT_USERS = { roles: ['MERCHANT_USER'] } as const satisfies RouteAuth
/** Merchant users whose merchant role is OWNER or ADMIN: they manage products and sender addresses. */
export const MERCHANT_MANAGERS_ONLY = {
  roles: ['MERCHANT_USER'],
  merchantRoles: ['OWNER', 'ADMIN'],
} as const satisfies RouteAuth
/** Customers: every /v1/customer/* route but auth/* and receipts/ocr. */
export const CUSTOMERS = { roles: ['CUSTOMER'] } as const satisfies RouteAuth
/** Anyone signed in, of any role. */
export const SIGNED_IN = { roles: ROLES } as const satisfies RouteAuth

/** Routes registered by documentation plugins, public by nature. */
const PUBLIC_PREFIXES = ['/docs']

/** The principal of a route that declared roles: present by construction. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized')
  return request.principal
}

/** The caller's merchant id on a merchant route. */
export function merchantIdOf(request: FastifyRequest): string {
  const id = principalOf(request).merchantId
  if (!id) throw new AppError('forbidden')
  return id
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header.trim())
  return match?.[1] ?? null
}

function secretMatches(given: string | undefined, expected: string | null): boolean {
  if (!expected || typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function registerAuth(
  app: FastifyInstance,
  deps: {
    tokens: TokenService
    /** Reads the caller's user row: the users feature's lookup, passed in by the composition. */
    loadPrincipal: PrincipalLoader
    cronSecret: string | null
    /** With it, principals are cached in process and dropped when the database announces a change. */
    database?: Pick<Database, 'url' | 'notifications'>
    logger?: Logger
  },
): void {
  app.decorateRequest('principal', null)
  const principals = new PrincipalCache({ load: deps.loadPrincipal })
  app.decorate('principalCache', principals)
  const database = deps.database
  if (database) {
    let stop: (() => Promise<void>) | undefined
    app.addHook('onReady', async () => {
      stop = await listenForPrincipalChanges(database, principals, deps.logger)
    })
    app.addHook('onClose', async () => stop?.())
  }

  // Deny by default: a route without a declaration stops the start-up.
  app.addHook('onRoute', (route) => {
    route.config ??= {}
    const config = route.config as { auth?: RouteAuth }
    const preflight = route.method === 'OPTIONS'
    if (config.auth === undefined && (preflight || PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)))) {
      config.auth = 'public'
    }
    if (config.auth === undefined) {
      throw new Error(`route ${route.method} ${route.url} declares no auth ('public', 'cron' or roles)`)
    }
  })

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth
    // Unknown routes reach the not-found handler, which has no declaration.
    if (auth === undefined || auth === 'public') return
    if (auth === 'cron') {
      if (!secretMatches(request.headers['x-cron-secret'] as string | undefined, deps.cronSecret)) {
        throw new AppError('unauthorized', 'A valid x-cron-secret header is required')
      }
      return
    }
    const token = bearerToken(request.headers.authorization)
    const claims = token ? await deps.tokens.verify(token) : null
    if (!claims) throw new AppError('unauthorized')
    const user = await principals.get(claims.sub)
    if (!user || user.tokenVersion !== claims.tv || user.role !== claims.role)
      throw new AppError('unauthorized')
    if (user.status === 'SUSPENDED') throw new AppError('account_suspended')
    if (user.merchantId && user.merchantStatus !== 'ACTIVE') throw new AppError('merchant_suspended')
    if (!auth.roles.includes(user.role)) throw new AppError('forbidden')
    if (auth.merchantRoles && (!user.merchantRole || !auth.merchantRoles.includes(user.merchantRole))) {
      throw new AppError('forbidden', 'Your merchant role may not do this')
    }
    request.principal = {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      merchantId: user.merchantId,
      merchantName: user.merchantName,
      merchantRole: user.merchantRole,
      adminRole: user.adminRole,
      status: user.status,
      lastLoginAt: user.lastLoginAt,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    }
  })
}

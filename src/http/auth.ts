import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client.js'
import { type AdminRole, type MerchantRole, ROLES, type Role, type UserStatus } from '../db/schema/index.js'
import { AppError } from '../errors.js'
import { listenForPrincipalChanges, PrincipalCache, type PrincipalLoader } from './principal-cache.js'
import { refuseSuspendedProvider } from './provider-suspension.js'
import type { TokenService } from './tokens.js'

/**
 * The shared secrets a route may require instead of a user: where each is presented, and the
 * 401's message when it is missing or wrong.
 */
const SECRETS = {
  /** CRON_SECRET, for the scheduler that asks for the reminder run. */
  cron: {
    read: (r: FastifyRequest) => r.headers['x-cron-secret'],
    refused: 'A valid x-cron-secret header is required',
  },
  /** INBOUND_EMAIL_SECRET, for the mail provider's webhook (checked before the body is read). */
  inbound: {
    read: (r: FastifyRequest) => r.headers['x-inbound-secret'],
    refused: 'A valid x-inbound-secret header is required',
  },
  /** METRICS_TOKEN, for the operator's Prometheus: `Authorization: Bearer <token>`. */
  metrics: {
    read: (r: FastifyRequest) => /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1] ?? '',
    refused: 'A valid metrics token is required',
  },
} as const

export type SecretName = keyof typeof SECRETS

/** A configured secret (null: unset) and what its route does while it is unset. */
export interface SecretSetting {
  value: string | null
  /** Unset: the route is open to anyone (e.g. /metrics outside production); otherwise 401 to every call. */
  openWhenUnset?: boolean
  /** The 401's message while unset (default: the one for a missing or wrong secret). */
  unsetMessage?: string
}

/**
 * Who may call a route. Every route declares one (deny by default):
 * - `'public'`: anyone;
 * - `{ secret }`: a caller that presents that shared secret (`SECRETS`: `cron`, `inbound`,
 *   `metrics`), compared in constant time; unset, every call is refused (401) unless its setting
 *   says the route is then open;
 * - `{ roles }`: a valid bearer token of one of these roles; `merchantRoles` narrows merchant users.
 */
export type RouteAuth =
  | 'public'
  | { secret: SecretName }
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
  /** The service provider of a SERVICE_PROVIDER user (null for every other role). */
  serviceProviderId: string | null
  serviceProviderName: string | null
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
/** Users of a service provider (a suspended provider's users are refused: provider_suspended). */
export const SERVICE_PROVIDERS = { roles: ['SERVICE_PROVIDER'] } as const satisfies RouteAuth
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

/** Constant time whatever the given value's length: digests of equal length are compared. */
function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** Throws 401 unless the request presents the named secret (or the route is open while it is unset). */
function checkSecret(request: FastifyRequest, name: SecretName, setting: SecretSetting | undefined): void {
  const { read, refused } = SECRETS[name]
  if (!setting?.value) {
    if (setting?.openWhenUnset) return
    throw new AppError('unauthorized', setting?.unsetMessage ?? refused)
  }
  if (!secretMatches(read(request), setting.value)) throw new AppError('unauthorized', refused)
}

export function registerAuth(
  app: FastifyInstance,
  deps: {
    tokens: TokenService
    /** Reads the caller's user row: the users feature's lookup, passed in by the composition. */
    loadPrincipal: PrincipalLoader
    /** The configured shared secrets; one left out is unset (its routes refuse every call). */
    secrets?: Partial<Record<SecretName, SecretSetting>>
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
      throw new Error(`route ${route.method} ${route.url} declares no auth ('public', a secret or roles)`)
    }
  })

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth
    // Unknown routes reach the not-found handler, which has no declaration.
    if (auth === undefined || auth === 'public') return
    if ('secret' in auth) {
      checkSecret(request, auth.secret, deps.secrets?.[auth.secret])
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
    refuseSuspendedProvider(user)
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
      serviceProviderId: user.serviceProviderId,
      serviceProviderName: user.serviceProviderName,
      status: user.status,
      lastLoginAt: user.lastLoginAt,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    }
  })
}

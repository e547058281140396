import type { MerchantRow } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import type { TestService } from '../support/harness.js'

/**
 * Settings for a service the walks run on: each webhook case registers a fresh endpoint of
 * tenant A and may test or replay it, past the production limits of one merchant; staff links
 * are used by every caller from one address.
 */
export const WALK_ENV = {
  WEBHOOK_MAX_ENDPOINTS: '1000',
  WEBHOOK_MANUAL_SENDS_PER_HOUR: '100000',
  // Every caller accepts invitations and resets passwords, all from one client address.
  RATE_LIMIT_STAFF_LINK_USE: '100000/1h',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '100000/1h',
}

export interface Tenant {
  merchant: MerchantRow
  owner: TestUser
  admin: TestUser
  user: TestUser
}

/** Everyone who may knock on a route: each role, and two merchants (tenants). */
export interface World {
  svc: TestService
  admin: TestUser
  customer: TestUser
  serviceProvider: TestUser
  /** The tenant that owns the resources a case builds. */
  a: Tenant
  /** Another tenant: must never see A's resources. */
  b: Tenant
}

export async function createWorld(svc: TestService): Promise<World> {
  const [admin, customer, serviceProvider, a, b] = await Promise.all([
    createUser(svc.deps, { role: 'ADMIN' }),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
    createMerchantWithUsers(svc.deps, 'Tenant A'),
    createMerchantWithUsers(svc.deps, 'Tenant B'),
  ])
  return { svc, admin, customer, serviceProvider, a, b }
}

/** A request against a resource of tenant A. */
export interface CaseRequest {
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

/**
 * How to call one route of the route table. Every route of the app needs a case
 * (the access test fails on a route without one, so a new route cannot be forgotten).
 */
export interface RouteCase {
  method: string
  /** Exactly as in the route table, e.g. `/v1/merchant/products/:id`. */
  route: string
  /** Builds a valid request addressing a fresh resource owned by tenant A (called once per caller). */
  request(world: World): Promise<CaseRequest> | CaseRequest
  /**
   * The route addresses one tenant-owned resource by id: a caller of the allowed role from
   * tenant B must get 404 (not 403, not the resource).
   */
  tenantScoped?: boolean
  /** Statuses that mean "admitted" for this request (default: any 2xx). */
  okStatuses?: number[]
}

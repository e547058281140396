import type { FastifyRequest } from 'fastify'
import { ADMINS, merchantIdOf, type RouteAuth } from './auth.js'

/** A merchant's owners: they run its team (docs/security.md, Off-boarding). */
export const MERCHANT_OWNERS = {
  roles: ['MERCHANT_USER'],
  merchantRoles: ['OWNER'],
} as const satisfies RouteAuth

/**
 * Whose staff users a caller manages: an admin every one (admins, merchants' and service
 * providers' users), a merchant's owner the users of that merchant.
 */
export type StaffScope = { kind: 'platform' } | { kind: 'merchant'; merchantId: string }

const PLATFORM: StaffScope = { kind: 'platform' }

/**
 * The two doors to staff users, each route under both: `/v1/admin/users/{id}/…` (admins) and
 * `/v1/merchant/users/{id}/…` (a merchant's owners, on its own users; another's: 404).
 */
export const STAFF_AUDIENCES = [
  {
    prefix: '/v1/admin/users',
    auth: ADMINS,
    tag: 'merchants',
    name: 'Staff',
    scope: (): StaffScope => PLATFORM,
  },
  {
    prefix: '/v1/merchant/users',
    auth: MERCHANT_OWNERS,
    tag: 'merchant',
    name: 'TeamMember',
    scope: (request: FastifyRequest): StaffScope => ({ kind: 'merchant', merchantId: merchantIdOf(request) }),
  },
]

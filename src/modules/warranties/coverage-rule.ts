import type { MerchantRole, ServiceEventKind } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'

/**
 * The one rule for changing what a warranty covers (docs/security.md, Authorisation): its
 * expiry, its voiding, an extension, a replacement unit (a new serial), any other change of
 * coverage. Only an `OWNER` or an `ADMIN` of the warranty's merchant may; a `USER` reads,
 * issues, resends, retries, opens claims and records repairs.
 *
 * Every writer of coverage takes a `CoverageGrant`, which only `authorizeCoverageChange` makes:
 * a new path that changes coverage cannot compile without passing the rule.
 */
export type CoverageChange = 'void' | 'extend' | 'replace' | 'expiry'

declare const granted: unique symbol
/** Proof that the rule was passed for this merchant. */
export interface CoverageGrant {
  readonly [granted]: true
  readonly merchantId: string
  readonly change: CoverageChange
}

const COVERAGE_ROLES: ReadonlySet<MerchantRole> = new Set(['OWNER', 'ADMIN'])

/** Throws 403 `forbidden` unless the actor may change coverage on its merchant's warranties. */
export function authorizeCoverageChange(
  actor: { merchantId: string; merchantRole: MerchantRole | null },
  change: CoverageChange,
): CoverageGrant {
  if (!actor.merchantRole || !COVERAGE_ROLES.has(actor.merchantRole)) {
    throw new AppError(
      'forbidden',
      'Only an owner or an admin of the merchant can change what a warranty covers (expiry, voiding, extension, replacement)',
    )
  }
  return { merchantId: actor.merchantId, change } as CoverageGrant
}

/**
 * The same rule, passed by delegation: a service provider resolving a claim it holds. Only an
 * `OWNER` or an `ADMIN` assigns a claim to a provider (docs/claims.md), so the assignment is
 * their grant, for that claim's warranty only. Throws 403 `forbidden` when the claim is not
 * assigned to this provider.
 */
export function authorizeAssignedProvider(
  claim: { merchantId: string; serviceProviderId: string | null },
  serviceProviderId: string,
  change: CoverageChange,
): CoverageGrant {
  if (claim.serviceProviderId === null || claim.serviceProviderId !== serviceProviderId) {
    throw new AppError('forbidden', 'Only the service provider the claim is assigned to may resolve it')
  }
  return { merchantId: claim.merchantId, change } as CoverageGrant
}

/**
 * The coverage change a service event makes, or null: voiding, extending and replacing change
 * coverage, and so does any event that carries a new expiry or a new serial.
 */
export function coverageChangeOfEvent(event: {
  kind: ServiceEventKind
  expiresAt?: string | undefined
  serialNumber?: string | undefined
}): CoverageChange | null {
  if (event.kind === 'VOIDED') return 'void'
  if (event.kind === 'EXTENDED') return 'extend'
  if (event.kind === 'REPLACED' || event.serialNumber) return 'replace'
  if (event.expiresAt) return 'expiry'
  return null
}

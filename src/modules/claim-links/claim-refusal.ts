import { AppError } from '../../errors.js'
import type { StoredClaimLink } from './claim-links.repository.js'

/** The detail that tells a link a resend replaced from one that outlived its 14 days. */
export const SUPERSEDED_DETAIL = { path: '/claimId', message: 'superseded by a newer link' } as const

/**
 * Why a claim link could not be checked or consumed, as the spec's state table says: unknown or
 * already used, `invalid_link`; open but past its expiry (or superseded by a resend), `expired`.
 * A link a newer one replaced says so (its message and SUPERSEDED_DETAIL), so that the landing
 * page does not call yesterday's link "older than 14 days".
 */
export function claimLinkRefusal(
  link: (Pick<StoredClaimLink, 'usedAt' | 'expiresAt'> & { superseded?: boolean }) | null,
): AppError {
  if (!link || link.usedAt) return new AppError('invalid_link')
  if (link.expiresAt > new Date()) return new AppError('invalid_link')
  return link.superseded
    ? new AppError('expired', 'A newer link replaced this one: use the link in the newest e-mail', [
        SUPERSEDED_DETAIL,
      ])
    : new AppError('expired')
}

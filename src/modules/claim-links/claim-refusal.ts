import { AppError } from '../../errors.js'
import type { StoredClaimLink } from './claim-links.repository.js'

/**
 * Why a claim link could not be checked or consumed, as the spec's state table says: unknown or
 * already used, `invalid_link`; open but past its expiry (or superseded by a resend), `expired`.
 */
export function claimLinkRefusal(link: Pick<StoredClaimLink, 'usedAt' | 'expiresAt'> | null): AppError {
  if (!link || link.usedAt) return new AppError('invalid_link')
  return link.expiresAt <= new Date() ? new AppError('expired') : new AppError('invalid_link')
}

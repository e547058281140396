import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '../errors.js'

/** SHA-256 hex of a token: the only form in which claim ids and verify tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A fresh random token (256 bits, base64url: 43 characters) and the hash to store. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/**
 * Why a one-time link (a customer's magic link, a staff invitation or password reset) could not
 * be checked or used: unknown, 401 `invalid_token`; used, `token_used`; past its expiry,
 * `expired_token`. Each with a message that says what to do.
 */
export function linkRefusal(
  link: { usedAt: Date | null; expiresAt: Date } | null,
  messages: Partial<Record<'invalid_token' | 'token_used' | 'expired_token', string>> = {},
): AppError {
  if (!link) return new AppError('invalid_token', messages.invalid_token)
  if (link.usedAt) return new AppError('token_used', messages.token_used)
  return link.expiresAt <= new Date()
    ? new AppError('expired_token', messages.expired_token)
    : new AppError('invalid_token', messages.invalid_token)
}

import { createHash, randomBytes } from 'node:crypto'

/** SHA-256 hex of a token: the only form in which claim ids and verify tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A fresh random token (256 bits, base64url: 43 characters) and the hash to store. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

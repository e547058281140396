import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, type Env, str } from './parse.js'

/** Signing of the API's tokens; the secrets also key e-mail links and webhook secrets. */
export interface JwtConfig {
  secret: string
  /** Also accepted for verification during a rotation (docs/production.md#rotating-the-jwt-secret). */
  previousSecret: string | null
  ttlSeconds: number
  issuer: string
  audience: string
}

/** Where a JWT secret generated for the embedded setup is kept, under DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret'
/** The secret before the last `warranty rotate-jwt-secret`, under DATA_DIR, until `--finish`. */
export const JWT_PREVIOUS_SECRET_FILE = 'jwt-secret.previous'

/**
 * The previous JWT secret, still accepted for verification (tokens signed before a rotation stay
 * valid until they expire; e-mails queued before it can still be opened): JWT_SECRET_PREVIOUS,
 * or, when the secret lives in DATA_DIR (JWT_SECRET unset), the file a rotation left there.
 */
export function previousJwtSecret(env: Env, dataDir: string): string | null {
  const value = str(env, 'JWT_SECRET_PREVIOUS')
  if (value !== null) {
    if (value.length < 32) throw new ConfigError('JWT_SECRET_PREVIOUS', 'must be at least 32 characters')
    if (value === str(env, 'JWT_SECRET'))
      throw new ConfigError('JWT_SECRET_PREVIOUS', 'is the same as JWT_SECRET: set the old secret here')
    return value
  }
  if (str(env, 'JWT_SECRET') !== null) return null
  const path = join(dataDir, JWT_PREVIOUS_SECRET_FILE)
  return existsSync(path) ? readFileSync(path, 'utf8').trim() || null : null
}

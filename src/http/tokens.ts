import { errors, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../config/index.js'
import type { Role } from '../db/schema/index.js'

export interface TokenClaims {
  /** User id. */
  sub: string
  role: Role
  /** The user's token version when the token was issued. */
  tv: number
}

const ALGORITHM = 'HS256'

const CACHE_SIZE = 10_000

/** User ids are uuids; a subject of any other shape is refused here, before it reaches a query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Access tokens: HS256 with a pinned algorithm, issuer, audience and expiry. Signed with
 * JWT_SECRET; during a rotation a token signed with the previous secret is still accepted until
 * it expires (docs/production.md#rotating-the-jwt-secret).
 */
export class TokenService {
  private readonly key: Uint8Array
  private readonly previousKey: Uint8Array | null
  /**
   * Tokens already verified, by their exact text (signature included), until they expire.
   * jose verifies through WebCrypto, which runs on libuv's thread pool; under load that pool is
   * shared with file writes (IPFS blocks, the e-mail outbox), and every request would queue
   * behind them. The cache holds only what a full verification accepted; it changes nothing
   * about revocation, which the auth guard checks against the database on every request.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>()

  constructor(
    private readonly jwt: Omit<Config['jwt'], 'previousSecret'> & { previousSecret?: string | null },
  ) {
    this.key = new TextEncoder().encode(jwt.secret)
    this.previousKey = jwt.previousSecret ? new TextEncoder().encode(jwt.previousSecret) : null
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, tv: claims.tv })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.jwt.issuer)
      .setAudience(this.jwt.audience)
      .setIssuedAt()
      .setExpirationTime(`${this.jwt.ttlSeconds}s`)
      .sign(this.key)
  }

  /** The claims of a valid token, or null for anything else (bad signature, alg, expiry, shape). */
  async verify(token: string): Promise<TokenClaims | null> {
    const cached = this.verified.get(token)
    if (cached) {
      if (cached.expiresAt > Date.now()) return cached.claims
      this.verified.delete(token)
    }
    const claims = await this.verifyFully(token)
    if (claims) {
      if (this.verified.size >= CACHE_SIZE) {
        const oldest = this.verified.keys().next().value
        if (oldest !== undefined) this.verified.delete(oldest)
      }
      this.verified.set(token, { claims: claims.claims, expiresAt: claims.exp * 1000 })
    }
    return claims?.claims ?? null
  }

  private async verifyFully(token: string): Promise<{ claims: TokenClaims; exp: number } | null> {
    try {
      const { payload } = await this.verifySignature(token)
      const { sub, role, tv, exp } = payload
      if (
        typeof sub !== 'string' ||
        !UUID.test(sub) ||
        typeof role !== 'string' ||
        typeof tv !== 'number' ||
        !Number.isSafeInteger(tv) ||
        typeof exp !== 'number'
      ) {
        return null
      }
      return { claims: { sub, role: role as Role, tv }, exp }
    } catch (err) {
      if (err instanceof errors.JOSEError) return null
      throw err
    }
  }

  /** jose's verification with the current key, then (only for a signature mismatch) the previous one. */
  private async verifySignature(token: string) {
    const options = {
      algorithms: [ALGORITHM],
      issuer: this.jwt.issuer,
      audience: this.jwt.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    }
    try {
      return await jwtVerify(token, this.key, options)
    } catch (err) {
      if (!this.previousKey || !(err instanceof errors.JWSSignatureVerificationFailed)) throw err
      return jwtVerify(token, this.previousKey, options)
    }
  }
}

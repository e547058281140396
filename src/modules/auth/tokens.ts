import { errors, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../../config.js'
import type { Role } from '../../db/schema/index.js'

export interface TokenClaims {
  /** User id. */
  sub: string
  role: Role
  /** The user's token version when the token was issued. */
  tv: number
}

const ALGORITHM = 'HS256'

/** Access tokens: HS256 with a pinned algorithm, issuer, audience and expiry. */
export class TokenService {
  private readonly key: Uint8Array

  constructor(private readonly jwt: Config['jwt']) {
    this.key = new TextEncoder().encode(jwt.secret)
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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: this.jwt.issuer,
        audience: this.jwt.audience,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      })
      const { sub, role, tv } = payload
      if (typeof sub !== 'string' || typeof role !== 'string' || typeof tv !== 'number') return null
      return { sub, role: role as Role, tv }
    } catch (err) {
      if (err instanceof errors.JOSEError) return null
      throw err
    }
  }
}

import { readFileSync } from 'node:fs'
import { type CryptoKey, importPKCS8, SignJWT } from 'jose'

/** Apple refuses a provider token older than an hour and one renewed more often than every 20 minutes. */
const TOKEN_LIFETIME_MS = 50 * 60_000

export interface ApnsKey {
  /** The .p8 file Apple issued (PKCS#8, P-256). */
  keyFile: string
  keyId: string
  teamId: string
}

/**
 * The APNs provider token: an ES256 JWT `{iss: teamId, iat}` with `kid: keyId`, signed with
 * the .p8 key, reused for 50 minutes (or until `invalidate` after `ExpiredProviderToken`).
 */
export class ApnsProviderToken {
  private readonly pem: string
  private key: Promise<CryptoKey> | null = null
  private current: { jwt: string; until: number } | null = null

  constructor(
    private readonly settings: ApnsKey,
    private readonly now: () => number = Date.now,
  ) {
    try {
      this.pem = readFileSync(settings.keyFile, 'utf8')
    } catch (err) {
      throw new Error(`APNS_KEY_FILE ${settings.keyFile} is not readable: ${(err as Error).message}`)
    }
    if (!this.pem.includes('-----BEGIN PRIVATE KEY-----')) {
      throw new Error(`APNS_KEY_FILE ${settings.keyFile} is not a PKCS#8 .p8 key`)
    }
  }

  async get(): Promise<string> {
    const at = this.now()
    if (this.current && at < this.current.until) return this.current.jwt
    this.key ??= importPKCS8(this.pem, 'ES256')
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.settings.keyId })
      .setIssuer(this.settings.teamId)
      .setIssuedAt(Math.floor(at / 1000))
      .sign(await this.key)
    this.current = { jwt, until: at + TOKEN_LIFETIME_MS }
    return jwt
  }

  invalidate(): void {
    this.current = null
  }
}

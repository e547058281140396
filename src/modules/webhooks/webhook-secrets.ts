import { openData, sealData } from '../mail/index.js'
import { webhookSecretKey } from './webhook-signing.js'

/**
 * Endpoint secrets at rest: sealed under a key derived from JWT_SECRET; during a JWT_SECRET
 * rotation, the previous secret's key still opens them (a worker re-seals them at start).
 */
export class SecretBox {
  private readonly keys: Buffer[]

  constructor(jwtSecret: string, previousJwtSecret: string | null | undefined) {
    this.keys = [
      webhookSecretKey(jwtSecret),
      ...(previousJwtSecret ? [webhookSecretKey(previousJwtSecret)] : []),
    ]
  }

  seal(secret: string): string {
    return sealData(this.keys[0]!, secret).sealed
  }

  open(sealed: string): string {
    const secret = openData(this.keys, { sealed })
    if (typeof secret !== 'string') throw new Error('a webhook secret is not sealed')
    return secret
  }

  /** Sealed under the current key (else it needs re-sealing before the previous key goes). */
  isCurrent(sealed: string): boolean {
    try {
      openData(this.keys.slice(0, 1), { sealed })
      return true
    } catch {
      return false
    }
  }
}

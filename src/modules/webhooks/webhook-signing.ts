import { createHmac, hkdfSync, randomBytes } from 'node:crypto'

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

/** The key endpoint secrets are sealed with at rest, derived from JWT_SECRET. */
export function webhookSecretKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'warranty webhook secrets v1', 32))
}

/**
 * The `Webhook-Signature` header (docs/webhooks.md#verifying-a-signature): `t=<unix seconds>`
 * and one `v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` per secret that signs (two during a
 * rotation). The whole secret string, `whsec_` included, is the HMAC key.
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  )
  return [`t=${timestamp}`, ...signatures].join(',')
}

import { ConfigError, type Env, int, oneOf, str, url } from './parse.js'

/** Where receipt images live: unset S3 settings = files under `DATA_DIR/blobs`. */
export interface BlobsConfig {
  s3: {
    endpoint: string | null
    bucket: string
    region: string
    accessKeyId: string | null
    secretAccessKey: string | null
    /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most local servers need. */
    forcePathStyle: boolean
  } | null
  /** How old an object without a row must be before the orphan sweep removes it. */
  orphanGraceSeconds: number
  /** How often a worker runs the orphan sweep. */
  sweepSeconds: number
}

export interface ReceiptsConfig {
  /** Decoded pixel bound of a receipt image, checked from the header before decoding. */
  maxPixels: number
  /** Share links a customer may create per hour. */
  sharesPerHour: number
}

/** The inbound mail listener that turns messages to inbox addresses into receipts. */
export interface InboxConfig {
  /** Port of the embedded SMTP listener; null = no listener (mail arrives by the HTTP route). */
  smtpPort: number | null
  /**
   * INBOX_SMTP_PORT unset outside production: when the default port (2525) is taken (a second
   * instance on the machine), the listener takes any free port instead, and logs it. Set, or in
   * production, a taken port stops the start with an error naming INBOX_SMTP_PORT.
   */
  smtpPortFallback: boolean
  smtpHost: string
  maxMessageBytes: number
  maxAttachments: number
  /** Secret of `POST /v1/global/inbound-email` (header `x-inbound-secret`); unset = route answers 401. */
  inboundSecret: string | null
  /** SPF/DKIM/DMARC required of every message; INBOX_AUTH=off (never in production) skips it. */
  authRequired: boolean
}

export function blobsConfig(env: Env): BlobsConfig {
  const bucket = str(env, 'S3_BUCKET')
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:'])
  const accessKeyId = str(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = str(env, 'S3_SECRET_ACCESS_KEY')
  if (bucket === null && (endpoint !== null || accessKeyId !== null)) {
    throw new ConfigError('S3_BUCKET', 'required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set')
  }
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError(
      accessKeyId === null ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    )
  }
  if (bucket !== null && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', 'not a valid bucket name')
  }
  return {
    s3:
      bucket === null
        ? null
        : {
            endpoint,
            bucket,
            region: str(env, 'S3_REGION') ?? 'us-east-1',
            accessKeyId,
            secretAccessKey,
            forcePathStyle: oneOf(env, 'S3_FORCE_PATH_STYLE', ['true', 'false'] as const, 'true') === 'true',
          },
    orphanGraceSeconds: int(env, 'BLOB_ORPHAN_GRACE_SECONDS', 3600, 10, 30 * 86_400),
    sweepSeconds: int(env, 'BLOB_SWEEP_SECONDS', 600, 1, 86_400),
  }
}

export function receiptsConfig(env: Env): ReceiptsConfig {
  return {
    maxPixels: int(env, 'RECEIPT_MAX_PIXELS', 40_000_000, 1_000_000, 200_000_000),
    sharesPerHour: int(env, 'RECEIPT_SHARES_PER_HOUR', 20, 1, 10_000),
  }
}

/** The inbound SMTP listener's port when INBOX_SMTP_PORT is unset. */
export const INBOX_SMTP_DEFAULT_PORT = 2525

export function inboxConfig(env: Env): InboxConfig {
  const raw = str(env, 'INBOX_SMTP_PORT')
  const smtpPort = raw === 'off' ? null : int(env, 'INBOX_SMTP_PORT', INBOX_SMTP_DEFAULT_PORT, 0, 65535)
  const production = str(env, 'NODE_ENV') === 'production'
  const inboundSecret = str(env, 'INBOUND_EMAIL_SECRET')
  if (inboundSecret !== null && inboundSecret.length < 16) {
    throw new ConfigError('INBOUND_EMAIL_SECRET', 'must be at least 16 characters')
  }
  const auth = oneOf(env, 'INBOX_AUTH', ['on', 'off'] as const, 'on')
  if (auth === 'off' && production) {
    throw new ConfigError('INBOX_AUTH', 'off is for development only, not with NODE_ENV=production')
  }
  return {
    smtpPort,
    smtpPortFallback: raw === null && !production,
    smtpHost: str(env, 'INBOX_SMTP_HOST') ?? '127.0.0.1',
    maxMessageBytes: int(env, 'INBOX_MAX_MESSAGE_BYTES', 25 * 1024 * 1024, 64 * 1024, 100 * 1024 * 1024),
    maxAttachments: int(env, 'INBOX_MAX_ATTACHMENTS', 10, 1, 100),
    inboundSecret,
    authRequired: auth === 'on',
  }
}

/** The domain of customers' inbox addresses (`<token>@INBOX_DOMAIN`). */
export function inboxDomain(env: Env): string {
  const domain = str(env, 'INBOX_DOMAIN') ?? 'inbox.warranty.local'
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(domain)) throw new ConfigError('INBOX_DOMAIN', 'not a domain name')
  return domain
}

import { isAbsolute, resolve } from 'node:path'
import { corsOrigins, type HttpTimeouts, httpTimeouts, localOrigin, trustProxy } from './http.js'
import { JWT_SECRET_FILE, type JwtConfig, previousJwtSecret } from './jwt.js'
import { type QuotasConfig, quotasConfig, type RateLimits, rateLimitMaxKeys, rateLimits } from './limits.js'
import { type MailConfig, mailConfig } from './mail.js'
import { type MintingSettings, mintingSettings } from './minting.js'
import { type OcrSettings, ocrSettings } from './ocr.js'
import {
  ConfigError,
  deepFreeze,
  EMAIL_RE,
  type Env,
  hex,
  int,
  list,
  oneOf,
  persistedSecret,
  str,
  url,
} from './parse.js'
import { type PushConfig, pushConfig } from './push.js'
import {
  type BlobsConfig,
  blobsConfig,
  type InboxConfig,
  inboxConfig,
  inboxDomain,
  type ReceiptsConfig,
  receiptsConfig,
} from './receipts.js'
import { checkProductionSecrets } from './secrets.js'
import { type WebhooksConfig, webhooksConfig } from './webhooks.js'

export { loadEnvFile } from './env-file.js'
export { listeningMessage, localOrigin } from './http.js'
export { ConfigError } from './parse.js'

/**
 * The service's configuration: the only place that reads `process.env`.
 * Every setting is validated here; a bad value stops the start with a
 * `ConfigError` that names the setting.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * LOG_FORMAT: `json` (pino's lines), `pretty` (one readable line each, a request as one line),
   * `auto` (the default): pretty in development when standard output is a terminal, else JSON.
   */
  logFormat: 'auto' | 'pretty' | 'json'
  /** PostgreSQL URL; unset = the embedded PostgreSQL server under `dataDir/db`. */
  databaseUrl: string | null
  databasePoolSize: number
  jwt: JwtConfig
  cronSecret: string | null
  bootstrapAdmin: { email: string; password: string } | null
  publicApiUrl: string
  appUrl: string
  corsOrigins: string[]
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); empty = none. */
  trustProxy: string[]
  bodyLimitBytes: number
  /** How long a client may take over headers, a whole request, and silence (src/config/http.ts). */
  httpTimeouts: HttpTimeouts
  /** Shared rate-limit counters; unset = in process. */
  redisUrl: string | null
  /** Every rate limit, one setting each (src/config/limits.ts, docs/security.md). */
  rateLimits: RateLimits
  /** In-process counters kept at most (without REDIS_URL). */
  rateLimitMaxKeys: number
  /** Merchant e-mail and customer receipt quotas (docs/security.md, Quotas). */
  quotas: QuotasConfig
  gitRevision: string | null
  mail: MailConfig
  chain: {
    /** Unset = embedded anvil child process under `dataDir/chain`. */
    rpcUrl: string | null
    privateKey: `0x${string}` | null
    contractAddress: `0x${string}` | null
    confirmations: number
    /** How often a configured chain is polled for receipts and blocks (CHAIN_POLL_MS). */
    pollMs: number
    /** The ServiceHistoryAnchor contract (embedded chain: deployed on first start). */
    anchorAddress: `0x${string}` | null
    /** How often a worker sends exports, follows Transfer events and anchors service events. */
    ownershipSweepSeconds: number
  }
  /** The minting pipeline's settings, in the shape it uses them (src/config/minting.ts). */
  minting: MintingSettings
  pinning: { serviceUrl: string | null; serviceToken: string | null; origins: string[] }
  push: PushConfig
  inboxDomain: string
  /** Receipt images (docs/receipts.md). */
  blobs: BlobsConfig
  receipts: ReceiptsConfig
  /** Receipts by e-mail (docs/receipts.md). */
  inbox: InboxConfig
  /** The receipt OCR engine (docs/ocr.md). `workers` 0: from the CPU count. */
  ocr: OcrSettings
  /** Salt of the serial-number hash in public certificate metadata. */
  serialHashSalt: string
  /** Bearer token `GET /metrics` requires; null = open (keep it on a private network). */
  metricsToken: string | null
  /** CSV imports (docs/bulk-issuance.md): the largest body, and lines per processing chunk. */
  imports: { maxBytes: number; chunkLines: number }
  /** Signed webhooks (docs/webhooks.md#settings). */
  webhooks: WebhooksConfig
  /** OpenTelemetry traces over OTLP/HTTP; `endpoint` null = off (docs/production.md). */
  tracing: { endpoint: string | null; serviceName: string }
}

/** A secret from the environment, else (not in production) generated once into DATA_DIR. */
function secret(
  env: Env,
  name: string,
  minLength: number,
  nodeEnv: string,
  dataDir: string,
  file: string,
): string {
  const value = str(env, name)
  if (value !== null && value.length < minLength)
    throw new ConfigError(name, `must be at least ${minLength} characters`)
  if (value !== null) return value
  if (nodeEnv === 'production') throw new ConfigError(name, 'required when NODE_ENV=production')
  return persistedSecret(dataDir, file)
}

function bootstrapAdmin(env: Env): Config['bootstrapAdmin'] {
  const email = str(env, 'ADMIN_EMAIL')
  const password = env.ADMIN_PASSWORD ?? null
  if (email !== null && !EMAIL_RE.test(email)) throw new ConfigError('ADMIN_EMAIL', 'not an e-mail address')
  if (password !== null && password.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 6 characters')
  }
  if ((email === null) !== (password === null)) {
    throw new ConfigError(
      email === null ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD',
      'set both ADMIN_EMAIL and ADMIN_PASSWORD',
    )
  }
  return email && password ? { email, password } : null
}

function chain(env: Env): Config['chain'] {
  const rpcUrl = url(env, 'CHAIN_RPC_URL', ['http:', 'https:', 'ws:', 'wss:'])
  const privateKey = hex(env, 'CHAIN_PRIVATE_KEY', 32)
  const contractAddress = hex(env, 'CERTIFICATE_CONTRACT_ADDRESS', 20)
  if (rpcUrl !== null && privateKey === null) {
    throw new ConfigError('CHAIN_PRIVATE_KEY', 'required when CHAIN_RPC_URL is set')
  }
  if (rpcUrl !== null && contractAddress === null) {
    throw new ConfigError(
      'CERTIFICATE_CONTRACT_ADDRESS',
      'required when CHAIN_RPC_URL is set (deploy with `npm run chain:deploy`)',
    )
  }
  return {
    rpcUrl,
    privateKey,
    contractAddress,
    anchorAddress: hex(env, 'HISTORY_ANCHOR_ADDRESS', 20),
    ownershipSweepSeconds: int(env, 'OWNERSHIP_SWEEP_SECONDS', 2, 1, 86_400),
    confirmations: int(env, 'CHAIN_CONFIRMATIONS', rpcUrl ? 2 : 1, 1, 100),
    pollMs: int(env, 'CHAIN_POLL_MS', 1000, 50, 60_000),
  }
}

function pinning(env: Env): Config['pinning'] {
  const serviceUrl = url(env, 'PINNING_SERVICE_URL', ['http:', 'https:'])
  const serviceToken = str(env, 'PINNING_SERVICE_TOKEN')
  if (serviceUrl !== null && serviceToken === null) {
    throw new ConfigError('PINNING_SERVICE_TOKEN', 'required when PINNING_SERVICE_URL is set')
  }
  return { serviceUrl, serviceToken, origins: list(env, 'PINNING_ORIGINS') }
}

function metricsToken(env: Env): string | null {
  const token = str(env, 'METRICS_TOKEN')
  if (token !== null && token.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters')
  return token
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development')
  if (nodeEnv === 'production') checkProductionSecrets(env)
  const port = int(env, 'PORT', 3000, 0, 65535)
  const rawDataDir = str(env, 'DATA_DIR') ?? './data'
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(cwd, rawDataDir)
  const host = str(env, 'HOST') ?? '127.0.0.1'
  const publicApiUrl = url(env, 'PUBLIC_API_URL', ['http:', 'https:']) ?? localOrigin(host, port)
  const settings: Omit<Config, 'minting'> = {
    nodeEnv,
    host,
    port,
    dataDir,
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    logFormat: oneOf(env, 'LOG_FORMAT', ['auto', 'pretty', 'json'] as const, 'auto'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    jwt: {
      secret: secret(env, 'JWT_SECRET', 32, nodeEnv, dataDir, JWT_SECRET_FILE),
      previousSecret: previousJwtSecret(env, dataDir),
      ttlSeconds: int(env, 'JWT_TTL_SECONDS', 86_400, 60, 30 * 86_400),
      issuer: 'warranty-service',
      audience: 'warranty-api',
    },
    cronSecret: str(env, 'CRON_SECRET'),
    bootstrapAdmin: bootstrapAdmin(env),
    publicApiUrl,
    appUrl: url(env, 'APP_URL', ['http:', 'https:']) ?? publicApiUrl,
    corsOrigins: corsOrigins(env),
    trustProxy: trustProxy(env),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 100 * 1024, 1024, 50 * 1024 * 1024),
    httpTimeouts: httpTimeouts(env),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    rateLimits: rateLimits(env),
    rateLimitMaxKeys: rateLimitMaxKeys(env),
    quotas: quotasConfig(env),
    gitRevision: str(env, 'GIT_REVISION'),
    mail: mailConfig(env),
    chain: chain(env),
    pinning: pinning(env),
    push: pushConfig(env),
    inboxDomain: inboxDomain(env),
    blobs: blobsConfig(env),
    receipts: receiptsConfig(env),
    inbox: inboxConfig(env),
    ocr: ocrSettings(env),
    serialHashSalt: secret(env, 'SERIAL_HASH_SALT', 16, nodeEnv, dataDir, 'serial-hash-salt'),
    metricsToken: metricsToken(env),
    imports: {
      maxBytes: int(env, 'IMPORT_MAX_BYTES', 200 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
      chunkLines: int(env, 'IMPORT_CHUNK_LINES', 1000, 1, 5000),
    },
    webhooks: webhooksConfig(env),
    tracing: {
      endpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
      serviceName: str(env, 'OTEL_SERVICE_NAME') ?? 'warranty-service',
    },
  }
  const minting = mintingSettings(env, {
    confirmations: settings.chain.confirmations,
    serialHashSalt: settings.serialHashSalt,
  })
  return deepFreeze({ ...settings, minting })
}

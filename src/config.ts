import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'

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
  /** PostgreSQL URL; unset = embedded PGlite under `dataDir/db`. */
  databaseUrl: string | null
  databasePoolSize: number
  jwt: { secret: string; ttlSeconds: number; issuer: string; audience: string }
  cronSecret: string | null
  bootstrapAdmin: { email: string; password: string } | null
  publicApiUrl: string
  appUrl: string
  corsOrigins: string[]
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); empty = none. */
  trustProxy: string[]
  bodyLimitBytes: number
  /** Shared rate-limit counters; unset = in process. */
  redisUrl: string | null
  gitRevision: string | null
  mail: { smtpUrl: string | null; from: string; retryDelaySeconds: number; maxAttempts: number }
  chain: {
    /** Unset = embedded anvil child process under `dataDir/chain`. */
    rpcUrl: string | null
    privateKey: `0x${string}` | null
    contractAddress: `0x${string}` | null
    confirmations: number
    mintBatchSize: number
    mintMaxAttempts: number
    mintRetryDelaySeconds: number
    /** How often a worker checks for unminted warranties whose wake-up was lost. */
    mintSweepSeconds: number
  }
  pinning: { serviceUrl: string | null; serviceToken: string | null; origins: string[] }
  push: {
    fcmProjectId: string | null
    fcmCredentialsFile: string | null
    fcmEndpoint: string | null
    apnsKeyFile: string | null
    apnsKeyId: string | null
    apnsTeamId: string | null
    apnsBundleId: string | null
    apnsEndpoint: string | null
  }
  inboxDomain: string
  /** Salt of the serial-number hash in public certificate metadata. */
  serialHashSalt: string
}

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function str(env: Env, name: string): string | null {
  const v = env[name]
  return v === undefined || v.trim() === '' ? null : v.trim()
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const v = str(env, name)
  if (v === null) return def
  if (!/^\d+$/.test(v)) throw new ConfigError(name, `expected an integer, got "${v}"`)
  const n = Number(v)
  if (n < min || n > max) throw new ConfigError(name, `expected ${min} to ${max}, got ${n}`)
  return n
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const v = str(env, name)
  if (v === null) return null
  let parsed: URL
  try {
    parsed = new URL(v)
  } catch {
    throw new ConfigError(name, 'not a valid URL')
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL`)
  }
  return v.replace(/\/+$/, '')
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], def: T): T {
  const v = str(env, name)
  if (v === null) return def
  if (!allowed.includes(v as T)) throw new ConfigError(name, `expected one of ${allowed.join(', ')}`)
  return v as T
}

function hex(env: Env, name: string, bytes: number): `0x${string}` | null {
  const v = str(env, name)
  if (v === null) return null
  const re = new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`)
  if (!re.test(v)) throw new ConfigError(name, `expected 0x followed by ${bytes * 2} hex digits`)
  return v as `0x${string}`
}

function list(env: Env, name: string): string[] {
  return (str(env, name) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A secret kept in DATA_DIR when not configured: generated once, reused across restarts. */
function persistedSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file)
  if (existsSync(path)) return readFileSync(path, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(path, 0o600)
  return secret
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development')
  const port = int(env, 'PORT', 3000, 0, 65535)
  const host = str(env, 'HOST') ?? '127.0.0.1'
  const rawDataDir = str(env, 'DATA_DIR') ?? './data'
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(cwd, rawDataDir)

  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])

  let jwtSecret = str(env, 'JWT_SECRET')
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters')
  }
  if (jwtSecret === null) {
    if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET', 'required when NODE_ENV=production')
    jwtSecret = persistedSecret(dataDir, 'jwt-secret')
  }

  const adminEmail = str(env, 'ADMIN_EMAIL')
  const adminPassword = env.ADMIN_PASSWORD ?? null
  if (adminEmail !== null && !EMAIL_RE.test(adminEmail))
    throw new ConfigError('ADMIN_EMAIL', 'not an e-mail address')
  if (adminPassword !== null && adminPassword.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 6 characters')
  }
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError(
      adminEmail === null ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD',
      'set both ADMIN_EMAIL and ADMIN_PASSWORD',
    )
  }

  const publicApiUrl = url(env, 'PUBLIC_API_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  const appUrl = url(env, 'APP_URL', ['http:', 'https:']) ?? publicApiUrl

  const corsOrigins = list(env, 'CORS_ORIGINS')
  for (const origin of corsOrigins) {
    try {
      const u = new URL(origin)
      if (u.origin !== origin.replace(/\/$/, '')) throw new Error('not an origin')
    } catch {
      throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like https://app.example.com`)
    }
  }

  const mailFrom = str(env, 'MAIL_FROM') ?? 'Warranty Service <no-reply@warranty.local>'
  if (!/<[^\s@]+@[^\s@]+>$|^[^\s@]+@[^\s@]+$/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM', 'expected an address or "Name <address>"')
  }

  const chainRpcUrl = url(env, 'CHAIN_RPC_URL', ['http:', 'https:', 'ws:', 'wss:'])
  const chainPrivateKey = hex(env, 'CHAIN_PRIVATE_KEY', 32)
  const contractAddress = hex(env, 'CERTIFICATE_CONTRACT_ADDRESS', 20)
  if (chainRpcUrl !== null) {
    if (chainPrivateKey === null)
      throw new ConfigError('CHAIN_PRIVATE_KEY', 'required when CHAIN_RPC_URL is set')
    if (contractAddress === null) {
      throw new ConfigError(
        'CERTIFICATE_CONTRACT_ADDRESS',
        'required when CHAIN_RPC_URL is set (deploy with `npm run chain:deploy`)',
      )
    }
  }

  const pinningUrl = url(env, 'PINNING_SERVICE_URL', ['http:', 'https:'])
  const pinningToken = str(env, 'PINNING_SERVICE_TOKEN')
  if (pinningUrl !== null && pinningToken === null) {
    throw new ConfigError('PINNING_SERVICE_TOKEN', 'required when PINNING_SERVICE_URL is set')
  }

  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'])
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'])

  const inboxDomain = str(env, 'INBOX_DOMAIN') ?? 'inbox.warranty.local'
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(inboxDomain))
    throw new ConfigError('INBOX_DOMAIN', 'not a domain name')

  let serialHashSalt = str(env, 'SERIAL_HASH_SALT')
  if (serialHashSalt !== null && serialHashSalt.length < 16) {
    throw new ConfigError('SERIAL_HASH_SALT', 'must be at least 16 characters')
  }
  if (serialHashSalt === null) {
    if (nodeEnv === 'production') {
      throw new ConfigError('SERIAL_HASH_SALT', 'required when NODE_ENV=production')
    }
    serialHashSalt = persistedSecret(dataDir, 'serial-hash-salt')
  }

  const config: Config = {
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
    databaseUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    jwt: {
      secret: jwtSecret,
      ttlSeconds: int(env, 'JWT_TTL_SECONDS', 86_400, 60, 30 * 86_400),
      issuer: 'warranty-service',
      audience: 'warranty-api',
    },
    cronSecret: str(env, 'CRON_SECRET'),
    bootstrapAdmin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : null,
    publicApiUrl,
    appUrl,
    corsOrigins: corsOrigins.map((o) => o.replace(/\/$/, '')),
    trustProxy: list(env, 'TRUST_PROXY').map((entry) => {
      if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) {
        throw new ConfigError('TRUST_PROXY', `"${entry}" is not an IP address or CIDR`)
      }
      return entry
    }),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 100 * 1024, 1024, 50 * 1024 * 1024),
    redisUrl,
    gitRevision: str(env, 'GIT_REVISION'),
    mail: {
      smtpUrl,
      from: mailFrom,
      retryDelaySeconds: int(env, 'MAIL_RETRY_DELAY_SECONDS', 10, 1, 3600),
      maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 10, 1, 50),
    },
    chain: {
      rpcUrl: chainRpcUrl,
      privateKey: chainPrivateKey,
      contractAddress,
      confirmations: int(env, 'CHAIN_CONFIRMATIONS', chainRpcUrl ? 2 : 1, 1, 100),
      mintBatchSize: int(env, 'MINT_BATCH_SIZE', 100, 1, 500),
      mintMaxAttempts: int(env, 'MINT_MAX_ATTEMPTS', 8, 1, 100),
      mintRetryDelaySeconds: int(env, 'MINT_RETRY_DELAY_SECONDS', 5, 1, 3600),
      mintSweepSeconds: int(env, 'MINT_SWEEP_SECONDS', 30, 1, 3600),
    },
    pinning: {
      serviceUrl: pinningUrl,
      serviceToken: pinningToken,
      origins: list(env, 'PINNING_ORIGINS'),
    },
    push: {
      fcmProjectId: str(env, 'FCM_PROJECT_ID'),
      fcmCredentialsFile: str(env, 'FCM_CREDENTIALS_FILE'),
      fcmEndpoint: url(env, 'FCM_ENDPOINT', ['http:', 'https:']),
      apnsKeyFile: str(env, 'APNS_KEY_FILE'),
      apnsKeyId: str(env, 'APNS_KEY_ID'),
      apnsTeamId: str(env, 'APNS_TEAM_ID'),
      apnsBundleId: str(env, 'APNS_BUNDLE_ID'),
      apnsEndpoint: url(env, 'APNS_ENDPOINT', ['http:', 'https:']),
    },
    inboxDomain,
    serialHashSalt,
  }
  return deepFreeze(config)
}

function deepFreeze<T>(obj: T): T {
  for (const value of Object.values(obj as object)) {
    if (value && typeof value === 'object') deepFreeze(value)
  }
  return Object.freeze(obj)
}

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import type { DnsResolver } from '../../src/adapters/inbound-smtp/index.js'
import { type Config, loadConfig } from '../../src/config/index.js'
import type { Deps } from '../../src/deps.js'
import type { Services } from '../../src/features.js'
import { createLogger } from '../../src/logger.js'
import { DISPATCH_MAIL_JOB } from '../../src/modules/mail/mail.service.js'
import { MINT_JOB } from '../../src/modules/minting/minting.service.js'
import { type RunningService, type ServiceRole, startService } from '../../src/service.js'
import { postgresFromTemplate } from './databases.js'

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/**
 * A fresh database cloned from the run's migrated template, on the run's server (embedded, or
 * TEST_DATABASE_URL's); answers its URL and a function that drops it.
 */
export function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return postgresFromTemplate(inject('databaseServer'), inject('postgresTemplate'))
}

export interface TestService {
  app: FastifyInstance
  deps: Deps
  services: Services
  config: Config
  dataDir: string
  /** `app.inject` with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export interface TestServiceOptions {
  /** Settings on top of the test defaults (as environment variables). */
  env?: Record<string, string | undefined>
  role?: ServiceRole
  /** Reuse this folder as DATA_DIR (restart tests). */
  dataDir?: string
  /** The database: a fresh clone of the migrated template unless given. */
  databaseUrl?: string
  /** Start the embedded database server under DATA_DIR/db like `npm start` does, instead of a template clone. */
  fileDatabase?: boolean
  /** Let this service's workers mint (off by default: most tests look at warranties as issued). */
  mint?: boolean
  /**
   * Let this service's workers deliver e-mail (off by default: tests read the queued messages,
   * whose links delivery would scrub).
   */
  mail?: boolean
  /** DNS answers for inbound mail's sender authentication (tests publish their SPF/DKIM records). */
  dnsResolver?: DnsResolver
}

/**
 * Starts the real service (same `startService` as `main.ts`) on a fresh database cloned from
 * the run's migrated template (freshDatabase).
 */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wt-data-'))
  // The embedded chain starts from a copy of a deployed template, unless this folder has one.
  const chainDir = join(dataDir, 'chain')
  if (!existsSync(join(chainDir, 'deployment.json')) && !options.env?.CHAIN_RPC_URL) {
    mkdirSync(chainDir, { recursive: true })
    for (const file of ['state.json', 'deployment.json']) {
      copyFileSync(join(inject('chainTemplateDir'), file), join(chainDir, file))
    }
  }
  const cleanups: (() => Promise<void>)[] = []
  let databaseUrl = options.databaseUrl
  if (!databaseUrl && !options.fileDatabase) {
    const created = await freshDatabase()
    databaseUrl = created.url
    cleanups.push(created.drop)
  }

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SERIAL_HASH_SALT: 'test-serial-salt-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_API_URL: 'http://api.test',
    APP_URL: 'http://app.test',
    DATABASE_URL: databaseUrl,
    // No inbound SMTP listener on the default port 2525 (test services run side by side); a test
    // that wants one asks for INBOX_SMTP_PORT: '0'.
    INBOX_SMTP_PORT: 'off',
    // Test worlds build many receipts for one customer (the security walk, the fuzzers): the
    // per-customer save limit is for attackers; a test of that limit sets its own value.
    RATE_LIMIT_RECEIPT_SAVES: '100000/1h',
    ...options.env,
  })
  const logger = createLogger(config)
  let running: RunningService
  try {
    running = await startService(config, logger, options.role ?? 'all', {
      jobPollingSeconds: 0.5,
      ...(options.dnsResolver ? { dnsResolver: options.dnsResolver } : {}),
      excludeJobs: [...(options.mint ? [] : [MINT_JOB]), ...(options.mail ? [] : [DISPATCH_MAIL_JOB])],
    })
  } catch (err) {
    for (const cleanup of cleanups) await cleanup()
    throw err
  }
  const app = running.app
  if (!app) throw new Error('the test service has no HTTP app (worker role)')
  return {
    app,
    deps: running.deps,
    services: running.services,
    config,
    dataDir,
    request: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }),
    async close() {
      await running.close()
      for (const cleanup of cleanups) await cleanup()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls `fn` until it returns a truthy value (jobs run in the background). */
export async function waitFor<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, stepMs))
  }
}

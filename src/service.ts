import { mkdir } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { buildApp } from './app.js'
import type { Config } from './config/index.js'
import { type CreateDepsOptions, closeDeps, createDeps, type Deps } from './deps.js'
import { createFeatures, type Features, type Services } from './features.js'
import { drain } from './http/draining.js'
import { lockDataDir } from './lib/data-dir-lock.js'
import { assertPortsAvailable, type WantedPort } from './lib/listen-port.js'
import { makeDataDirPrivate, PRIVATE_UMASK } from './lib/private-files.js'

export type ServiceRole = 'api' | 'worker' | 'all'

/** How long requests in flight may take to finish at stop before their connections are cut. */
const HTTP_GRACE_MS = 2_000
/** Requests are answered 503 + `Connection: close` until none came for this long (at most DRAIN_MAX_MS). */
const DRAIN_QUIET_MS = 250
const DRAIN_MAX_MS = 1_500

export interface RunningService {
  deps: Deps
  services: Services
  /** null for the worker role. */
  app: FastifyInstance | null
  close(): Promise<void>
}

/**
 * Builds and starts the service: deps, services, jobs (workers unless `api`), the HTTP app
 * (unless `worker`). `main.ts` and the tests start it the same way.
 */
export async function startService(
  config: Config,
  logger: Logger,
  role: ServiceRole = 'all',
  options: CreateDepsOptions = {},
): Promise<RunningService> {
  if (role !== 'all' && (!config.databaseUrl || !config.chain.rpcUrl)) {
    throw new Error(
      `--role ${role} needs DATABASE_URL and CHAIN_RPC_URL: the embedded database and chain are started by, and serve, one service process`,
    )
  }
  // A port another process holds stops the start before anything is written (the first admin, the database).
  if (role !== 'worker') await assertPortsAvailable(fixedApiPorts(config))
  // Everything under DATA_DIR is private to the service's user, children (anvil, PostgreSQL, OCR) included.
  process.umask(PRIVATE_UMASK)
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
  await makeDataDirPrivate(config.dataDir, logger)
  // The embedded database and chain belong to one service process: wait for a stopping predecessor, refuse a live one.
  const unlock =
    !config.databaseUrl || !config.chain.rpcUrl ? await lockDataDir(config.dataDir) : async () => {}
  let deps: Deps
  try {
    deps = await createDeps(config, logger, options)
  } catch (err) {
    await unlock()
    throw err
  }
  let app: FastifyInstance | null = null
  const apiClosers: (() => Promise<void>)[] = []
  const sweepers: NodeJS.Timeout[] = []
  try {
    const features = createFeatures(deps)
    const { services } = features
    deps.queue.register(...features.list.flatMap((f) => f.jobs ?? []))
    // The job queue and the workers (mostly waiting on the database) start while the HTTP app is
    // built (mostly CPU: routes and schemas): a restart waits for the slower of the two, not both.
    const workersStarted = startJobs(deps, features.list, role, options.excludeJobs ?? [], sweepers)
    const appBuilt = role !== 'worker' ? buildApp({ deps, features: features.list }) : Promise.resolve(null)
    const [started, built] = await Promise.allSettled([workersStarted, appBuilt])
    if (built.status === 'fulfilled') app = built.value
    if (started.status === 'rejected') throw started.reason
    if (built.status === 'rejected') throw built.reason
    if (config.bootstrapAdmin) {
      const result = await services.auth.ensureAdmin(config.bootstrapAdmin)
      if (result.created) logger.info({ email: config.bootstrapAdmin.email }, 'created the first admin')
    }
    if (!config.cronSecret)
      logger.warn('CRON_SECRET is not set: the reminders cron route answers 401 to every call')
    if (!config.metricsToken && config.nodeEnv === 'production')
      logger.warn('METRICS_TOKEN is not set: GET /metrics answers 401 to every call in production')
    if (app)
      for (const feature of features.list) if (feature.onApiStart) apiClosers.push(await feature.onApiStart())
    let closing: Promise<void> | undefined
    return {
      deps,
      services,
      app,
      // In order: workers told to finish what they hold and take nothing new; the HTTP server
      // stops accepting and lets requests in flight finish (bounded); the job queue waits for
      // running handlers (bounded); then mail, pinning, chain and database close. Listeners
      // started with the API (inbound SMTP) stop right after HTTP.
      close: () => {
        closing ??= (async () => {
          for (const sweeper of sweepers) clearInterval(sweeper)
          for (const feature of features.list) feature.onStop?.()
          if (app) await closeHttp(app, HTTP_GRACE_MS)
          for (const closeListener of apiClosers) await closeListener()
          await closeDeps(deps)
          await unlock()
        })()
        return closing
      },
    }
  } catch (err) {
    for (const sweeper of sweepers) clearInterval(sweeper)
    for (const closeListener of apiClosers) await closeListener().catch(() => undefined)
    if (app) await app.close().catch(() => undefined)
    await closeDeps(deps).catch(() => undefined)
    await unlock()
    throw err
  }
}

/**
 * The job queue, then (unless `api`) each feature's worker start and the sweeps, whose timers
 * go into `sweepers`.
 */
async function startJobs(
  deps: Deps,
  features: Features['list'],
  role: ServiceRole,
  excludeJobs: readonly string[],
  sweepers: NodeJS.Timeout[],
): Promise<void> {
  // Jobs left running by a process that died are released here, so work resumes at once.
  await deps.queue.start({ work: role !== 'api', exclude: excludeJobs })
  if (role === 'api') return
  // Each feature's start (mostly a run asked of the job queue) needs nothing of the others: side by side.
  const kicked = await Promise.allSettled(features.map(async (feature) => feature.onWorkerStart?.()))
  const failed = kicked.find((k) => k.status === 'rejected')
  if (failed) throw failed.reason
  const excluded = new Set(excludeJobs)
  const sweeps = features.flatMap((f) => f.sweeps ?? []).filter((s) => !s.job || !excluded.has(s.job))
  for (const sweep of sweeps) {
    const timer = setInterval(() => {
      sweep.run().catch((err: unknown) => deps.logger.warn({ err, sweep: sweep.name }, 'sweep failed'))
    }, sweep.everyMs)
    timer.unref()
    sweepers.push(timer)
  }
}

/**
 * The ports besides HTTP that the API process listens on and that may not move: the inbound SMTP
 * listener's when INBOX_SMTP_PORT is set (or in production). `main.ts` checks PORT itself. The
 * embedded database and chain listen on loopback ports chosen free at start.
 */
function fixedApiPorts(config: Config): WantedPort[] {
  const { smtpPort, smtpHost, smtpPortFallback } = config.inbox
  if (smtpPort === null || smtpPortFallback) return []
  return [{ setting: 'INBOX_SMTP_PORT', host: smtpHost, port: smtpPort }]
}

/**
 * Tells clients to let go (503 with `Connection: close` until they stop sending), then stops accepting
 * requests; those in flight get `graceMs` to finish, then their connections are cut.
 */
async function closeHttp(app: FastifyInstance, graceMs: number): Promise<void> {
  await drain(app, DRAIN_QUIET_MS, DRAIN_MAX_MS)
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs)
  try {
    await app.close()
  } finally {
    clearTimeout(timer)
  }
}

import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { buildApp } from './app.js'
import type { Config } from './config.js'
import { type CreateDepsOptions, closeDeps, createDeps, type Deps } from './deps.js'
import { deleteExpiredIdempotencyKeys } from './modules/warranties/warranties.repository.js'
import { createJobs, createServices, type Services } from './services.js'

export type ServiceRole = 'api' | 'worker' | 'all'

const MAIL_SWEEP_MS = 2000
const IDEMPOTENCY_SWEEP_MS = 10 * 60_000
/** How long requests in flight may take to finish at stop before their connections are cut. */
const HTTP_GRACE_MS = 3_000

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
      `--role ${role} needs DATABASE_URL and CHAIN_RPC_URL: the embedded database and chain serve one process only`,
    )
  }
  const deps = await createDeps(config, logger, options)
  let app: FastifyInstance | null = null
  try {
    const services = createServices(deps)
    deps.queue.register(...createJobs(deps, services))
    // Jobs left running by a process that died are released here, so work resumes at once.
    await deps.queue.start({ work: role !== 'api', exclude: options.excludeJobs ?? [] })
    // A worker resumes whatever a previous process left unminted (a crash, an outage), and
    // keeps checking, in case a wake-up after an issue was lost.
    const sweepers: NodeJS.Timeout[] = []
    if (role !== 'api') {
      await services.minting.request()
      await services.mailOutbox.request()
      sweepers.push(
        setInterval(() => {
          services.minting.sweep().catch((err: unknown) => logger.warn({ err }, 'minting sweep failed'))
        }, config.chain.mintSweepSeconds * 1000),
        // Messages committed after their wake-up fired, or by an API-only process.
        setInterval(() => {
          services.mailOutbox.sweep().catch((err: unknown) => logger.warn({ err }, 'mail sweep failed'))
        }, MAIL_SWEEP_MS),
        setInterval(() => {
          deleteExpiredIdempotencyKeys(deps.db).catch((err: unknown) =>
            logger.warn({ err }, 'idempotency key sweep failed'),
          )
        }, IDEMPOTENCY_SWEEP_MS),
      )
      for (const sweeper of sweepers) sweeper.unref()
    }
    if (config.bootstrapAdmin) {
      const result = await services.auth.ensureAdmin(config.bootstrapAdmin)
      if (result.created) logger.info({ email: config.bootstrapAdmin.email }, 'created the first admin')
    }
    if (!config.cronSecret)
      logger.warn('CRON_SECRET is not set: the reminders cron route answers 401 to every call')
    if (role !== 'worker') app = await buildApp({ deps, services })
    let closing: Promise<void> | undefined
    return {
      deps,
      services,
      app,
      // In order: workers told to finish what they hold and take nothing new; the HTTP server
      // stops accepting and lets requests in flight finish (bounded); the job queue waits for
      // running handlers (bounded); then mail, pinning, chain and database close.
      close: () => {
        closing ??= (async () => {
          for (const sweeper of sweepers) clearInterval(sweeper)
          services.minting.stop()
          services.mailOutbox.stop()
          if (app) await closeHttp(app, HTTP_GRACE_MS)
          await closeDeps(deps)
        })()
        return closing
      },
    }
  } catch (err) {
    if (app) await app.close().catch(() => undefined)
    await closeDeps(deps).catch(() => undefined)
    throw err
  }
}

/** Stops accepting requests; those in flight get `graceMs` to finish, then their connections are cut. */
async function closeHttp(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs)
  try {
    await app.close()
  } finally {
    clearTimeout(timer)
  }
}

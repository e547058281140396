import { fromPglite, PgBoss } from 'pg-boss'
import type { Logger } from 'pino'
import type { Database } from '../db/client.js'

/** What a job handler gets besides its payload. */
export interface JobContext {
  id: string
  /** 0 on the first attempt. */
  retryCount: number
  retryLimit: number
  /** True when this attempt is the last one pg-boss will make. */
  lastAttempt: boolean
  logger: Logger
}

/**
 * A background job: named `<feature>.<verb>`, with its retry policy and an idempotent handler
 * (delivery is at-least-once).
 */
export interface JobDefinition<T extends object = object> {
  name: string
  retryLimit: number
  /** Seconds before the first retry; doubled on each later one when `retryBackoff`. */
  retryDelay: number
  retryBackoff: boolean
  retryDelayMax?: number
  expireInSeconds?: number
  /** Jobs a worker runs at once in this process. */
  concurrency?: number
  /**
   * pg-boss queue policy: `stately` keeps at most one job waiting and one running across
   * every process (a pipeline that drains its own backlog needs no more).
   */
  policy?: 'standard' | 'stately'
  handler(data: T, ctx: JobContext): Promise<void>
}

export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def
}

/** pg-boss on the service's own database (embedded PGlite or PostgreSQL). */
export class JobQueue {
  private readonly boss: PgBoss
  private readonly definitions = new Map<string, JobDefinition>()
  private started = false

  constructor(
    database: Database,
    private readonly logger: Logger,
    options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1
    const common = { schema: 'pgboss', useListenNotify: true, schedule: false, supervise: true } as const
    this.boss = database.pglite
      ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({
          ...common,
          connectionString: database.url ?? undefined,
          max: 4,
          application_name: 'warranty-jobs',
        })
    this.boss.on('error', (err) => this.logger.error({ err }, 'job queue error'))
  }

  private readonly pollingIntervalSeconds: number

  register(...defs: JobDefinition<object>[]): void {
    if (this.started) throw new Error('register jobs before starting the queue')
    for (const def of defs) this.definitions.set(def.name, def)
  }

  /** Creates the queues; with `work`, starts this process's workers too (except for `exclude`d jobs). */
  async start({ work, exclude = [] }: { work: boolean; exclude?: readonly string[] }): Promise<void> {
    await this.boss.start()
    this.started = true
    for (const def of this.definitions.values()) {
      const options = {
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: def.retryBackoff,
        ...(def.retryDelayMax ? { retryDelayMax: def.retryDelayMax } : {}),
        expireInSeconds: def.expireInSeconds ?? 300,
        notify: true,
      }
      const existing = await this.boss.getQueue(def.name)
      if (existing) await this.boss.updateQueue(def.name, options)
      else await this.boss.createQueue(def.name, { ...options, policy: def.policy ?? 'standard' })
    }
    if (!work) return
    for (const def of this.definitions.values()) {
      if (exclude.includes(def.name)) continue
      await this.boss.work(
        def.name,
        {
          includeMetadata: true as const,
          batchSize: 1,
          localConcurrency: def.concurrency ?? 1,
          pollingIntervalSeconds: this.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: 5,
        },
        async ([job]) => {
          if (!job) return
          const logger = this.logger.child({ job: def.name, jobId: job.id, attempt: job.retryCount + 1 })
          try {
            await def.handler(job.data as object, {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              lastAttempt: job.retryCount >= job.retryLimit,
              logger,
            })
          } catch (err) {
            logger.warn({ err }, 'job attempt failed')
            throw err
          }
        },
      )
    }
  }

  /**
   * Enqueues a job. The service's durable work lives in its own rows (warranties pending a
   * mint, the e-mail outbox), written in the changes' transactions; jobs only wake workers.
   */
  async send<T extends object>(name: string, data: T): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`)
    return this.boss.send(name, data)
  }

  async stop(): Promise<void> {
    if (!this.started) return
    this.started = false
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true })
  }
}

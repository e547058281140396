import { PgBoss } from 'pg-boss'
import type { Logger } from 'pino'
import type { Database } from '../db/client.js'
import { LOCK_KEYS } from '../db/lock-keys.js'
import { inSpan } from '../tracing/tracing.js'
import { pgBossInstalled, releaseStaleJobs } from './pgboss.repository.js'

/**
 * A running job proves its owner is alive by touching its row this often (pg-boss refreshes it
 * every half of it); a job whose owner stopped doing so is failed and its queue freed. pg-boss
 * allows no less than 10 s.
 */
export const JOB_HEARTBEAT_SECONDS = 10
/** How often pg-boss looks for jobs whose heartbeat stopped (and expired ones). */
const MONITOR_SECONDS = 2

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
   * pg-boss queue policy: `short` keeps at most one job waiting (a pipeline that drains its own
   * backlog needs no more; its runs take turns on a database lock of their own). Not `stately`:
   * pg-boss 12 learns that a stately queue's run has ended only from its monitor's counts, which
   * each process caches for a minute, so the next run waited (seen: 3-4 s, until the stall
   * guard ran it) while work was due.
   */
  policy?: 'standard' | 'short'
  handler(data: T, ctx: JobContext): Promise<void>
}

export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def
}

/**
 * A job that drains a pipeline whose work lives in its own rows (the e-mail outbox, the
 * reminder send log): a `short` queue, so one run waits at most, and the pipeline's own lock runs
 * one at a time across every process; a run that fails as a whole (the database away) is retried
 * with backoff. The run's counts are logged when any is above zero.
 */
export function drainJob(
  name: string,
  run: () => Promise<object>,
  doneMessage: string,
): JobDefinition<Record<string, never>> {
  return defineJob<Record<string, never>>({
    name,
    policy: 'short',
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const counts = await run()
      if (Object.values(counts).some((n) => typeof n === 'number' && n > 0))
        ctx.logger.info(counts, doneMessage)
    },
  })
}

/** pg-boss on the service's own database. */
export class JobQueue {
  private readonly boss: PgBoss
  private readonly definitions = new Map<string, JobDefinition>()
  private started = false

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1
    const common = {
      schema: 'pgboss',
      useListenNotify: true,
      schedule: false,
      supervise: true,
      superviseIntervalSeconds: MONITOR_SECONDS,
      monitorIntervalSeconds: MONITOR_SECONDS,
    } as const
    this.boss = new PgBoss({
      ...common,
      connectionString: database.url,
      max: 4,
      application_name: 'warranty-jobs',
    })
    this.boss.on('error', (err) => this.logger.error({ err }, 'job queue error'))
    this.boss.on('warning', (warning) => this.logger.warn({ warning }, 'job queue warning'))
  }

  private readonly pollingIntervalSeconds: number

  register(...defs: JobDefinition<object>[]): void {
    if (this.started) throw new Error('register jobs before starting the queue')
    for (const def of defs) this.definitions.set(def.name, def)
  }

  /** Creates the queues; with `work`, starts this process's workers too (except for `exclude`d jobs). */
  async start({ work, exclude = [] }: { work: boolean; exclude?: readonly string[] }): Promise<void> {
    // Before pg-boss starts: it must not see (or cache) a dead process's job as running.
    if (work) await this.releaseAbandoned()
    await this.boss.start()
    this.started = true
    await this.database.exclusive(LOCK_KEYS.jobQueues, () => this.setUpQueues())
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
          logger.debug('job started')
          try {
            await inSpan(`job ${def.name}`, { 'job.id': job.id, 'job.attempt': job.retryCount + 1 }, () =>
              def.handler(job.data as object, {
                id: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
                lastAttempt: job.retryCount >= job.retryLimit,
                logger,
              }),
            )
          } catch (err) {
            logger.warn({ err }, 'job attempt failed')
            throw err
          }
          logger.debug('job finished')
        },
      )
    }
  }

  /** Each registered job's queue, made or brought up to date (under the caller's lock). */
  private async setUpQueues(): Promise<void> {
    // One read of every queue, then a write only where a setting differs: a restart with the
    // same settings writes nothing (one query instead of two per queue on the way to ready).
    const found = await this.boss.getQueues([...this.definitions.keys()])
    const byName = new Map(found.map((queue) => [queue.name, queue]))
    for (const def of this.definitions.values()) {
      const options = {
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: def.retryBackoff,
        ...(def.retryDelayMax ? { retryDelayMax: def.retryDelayMax } : {}),
        expireInSeconds: def.expireInSeconds ?? 300,
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
        notify: true,
      }
      const policy = def.policy ?? 'standard'
      let existing = byName.get(def.name) ?? null
      if (existing && existing.policy !== policy) {
        // Made by an earlier release with another policy, which pg-boss cannot change: made
        // again. Its jobs are only wake-ups (the work lives in the service's own rows, and every
        // worker asks for runs when it starts); one process at a time does this (the caller's lock).
        this.logger.info(
          { queue: def.name, from: existing.policy, to: policy },
          'job queue made again with a new policy',
        )
        await this.boss.deleteQueue(def.name)
        existing = null
      }
      if (!existing) await this.boss.createQueue(def.name, { ...options, policy })
      else if (settingsDiffer(existing, options)) await this.boss.updateQueue(def.name, options)
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

  /**
   * Frees the queues of jobs whose owner is gone (run before pg-boss starts, in SQL), so that a
   * restarted worker does not wait for pg-boss's monitor to notice. Other live workers may hold
   * jobs, so only those whose heartbeat stopped are taken. Cancelled rather
   * than failed: the work itself lives in the service's own rows, and a cancelled run costs no
   * retry attempt and leaves no backoff delay behind; the caller asks for fresh runs.
   */
  async releaseAbandoned(): Promise<number> {
    const names = [...this.definitions.keys()]
    if (names.length === 0) return 0
    // A new database: pg-boss creates its schema at start.
    if (!(await pgBossInstalled(this.database.db))) return 0
    const released = await releaseStaleJobs(this.database.db, names)
    if (released.length > 0) {
      this.logger.warn(
        { jobs: released.map((r) => `${r.name} ${r.id}`) },
        'released jobs left running by a process that is gone',
      )
    }
    return released.length
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for running handlers (which end early once
   * their service is told to stop); what is still running then is handed back as failed.
   */
  async stop(timeoutMs = 2_000): Promise<void> {
    if (!this.started) return
    this.started = false
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true })
  }
}

/** Whether a queue as pg-boss keeps it differs from `wanted` in any setting `wanted` names. */
export function settingsDiffer(existing: object, wanted: Record<string, unknown>): boolean {
  const kept = existing as Record<string, unknown>
  return Object.entries(wanted).some(([name, value]) => kept[name] !== value)
}

import type pg from 'pg'
import { PgBoss } from 'pg-boss'
import { copyTable, ident, type Source, sharedColumns, sourceOf } from './tables.js'

/** The job queue's schema, as the service names it (src/jobs/queue.ts). */
export const BOSS_SCHEMA = 'pgboss'

/**
 * The job queue's tables that hold work, carried over after its queues: jobs in every state
 * (waiting, running, and the finished ones pg-boss keeps until their retention ends), the
 * dependencies between jobs, schedules and subscriptions. Not carried over: `version` (the
 * new schema's own), `bam` (pg-boss's record of its own schema migrations), `warning` and
 * `queue_stats` (history that pg-boss rebuilds), and the job partitions, which are `job`.
 */
export const BOSS_WORK_TABLES = ['job', 'job_dependency', 'schedule', 'subscription'] as const

/** Creates the job queue's schema on the new server, as the service's first start would. */
export async function installBoss(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: BOSS_SCHEMA,
    supervise: false,
    schedule: false,
    max: 1,
  })
  let failure: unknown = null
  boss.on('error', (err) => {
    failure ??= err
  })
  await boss.start()
  await boss.stop({ graceful: false, close: true })
  if (failure) throw failure
}

/** pg-boss's schema version on one side; null when the schema is missing. */
export async function bossVersion(db: Source): Promise<number | null> {
  const { rows } = await db.query<{ exists: boolean }>(
    `select to_regclass('${BOSS_SCHEMA}.version') is not null as exists`,
  )
  if (!rows[0]?.exists) return null
  const version = await db.query<{ version: number }>(
    `select max(version) as version from ${BOSS_SCHEMA}.version`,
  )
  return version.rows[0]?.version ?? null
}

// The queue's options from a carried row, as pg-boss's own create_queue reads them.
const CREATE_QUEUE = `select ${BOSS_SCHEMA}.create_queue(q.name, jsonb_strip_nulls(jsonb_build_object(
    'policy', q.policy, 'retryLimit', q.retry_limit, 'retryDelay', q.retry_delay,
    'retryBackoff', q.retry_backoff, 'retryDelayMax', q.retry_delay_max, 'expireInSeconds', q.expire_seconds,
    'retentionSeconds', q.retention_seconds, 'deleteAfterSeconds', q.deletion_seconds,
    'warningQueueSize', q.warning_queued, 'deadLetter', q.dead_letter, 'partition', q.partition,
    'heartbeatSeconds', q.heartbeat_seconds, 'notify', q.notify)))
  from json_populate_record(null::${BOSS_SCHEMA}.queue, $1::json) q`

/**
 * The queues, made through pg-boss's own `create_queue` (which also makes a queue's job
 * partition when it has one: jobs are partitioned by queue), then given every other value of
 * their rows (counts, timestamps). Answers the number of queues.
 */
export async function copyQueues(source: Source, target: pg.Client): Promise<number> {
  const columns = (await sharedColumns(source, target, BOSS_SCHEMA, 'queue')).filter(
    (c) => !['name', 'partition', 'table_name'].includes(c),
  )
  const { rows } = await source.query<{ r: string; name: string }>(
    // Dead-letter queues first: the queues that name them refer to them.
    `select row_to_json(q)::text as r, q.name from ${BOSS_SCHEMA}.queue q
      order by (q.dead_letter is not null), q.name`,
  )
  const list = columns.map(ident).join(', ')
  for (const { r, name } of rows) {
    await target.query(CREATE_QUEUE, [r])
    if (columns.length === 0) continue
    await target.query(
      `update ${BOSS_SCHEMA}.queue set (${list}) = (select ${list} from json_populate_record(null::${BOSS_SCHEMA}.queue, $1::json))
        where name = $2`,
      [r, name],
    )
  }
  return rows.length
}

/** The work tables both sides have, copied; answers rows per table (`pgboss.job`, …). */
export async function copyBossWork(source: Source, target: pg.Client): Promise<Record<string, number>> {
  const copied: Record<string, number> = {}
  for (const table of BOSS_WORK_TABLES) {
    const exists = await Promise.all(
      [source, sourceOf(target)].map((db) =>
        db.query<{ e: boolean }>('select to_regclass($1) is not null as e', [`${BOSS_SCHEMA}.${table}`]),
      ),
    )
    if (!exists.every((r) => r.rows[0]?.e)) continue
    const columns = await sharedColumns(source, target, BOSS_SCHEMA, table)
    copied[`${BOSS_SCHEMA}.${table}`] = await copyTable(source, target, BOSS_SCHEMA, table, columns)
  }
  return copied
}

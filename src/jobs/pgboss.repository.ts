import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rowsOf } from '../db/sql-helpers.js'

// SQL on pg-boss's own tables (schema `pgboss`), for what pg-boss does not offer.

/** Whether pg-boss has created its schema (not yet on a new database: it does so at start). */
export async function pgBossInstalled(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as "exists"`,
  )
  return Boolean(row?.exists)
}

/**
 * Cancels the active jobs of these queues whose heartbeat (or start, without one) is older than
 * their heartbeat or expiry allows: their process is gone. Answers the jobs released.
 */
export function releaseStaleJobs(db: Db, names: readonly string[]): Promise<{ id: string; name: string }[]> {
  const stale = sql`coalesce(heartbeat_on, started_on) < now() - make_interval(secs => coalesce(heartbeat_seconds, expire_seconds))`
  return rowsOf(
    db,
    sql`
      update pgboss.job set state = 'cancelled', completed_on = now(),
        output = '{"message": "released: its process is gone"}'::jsonb
      where state = 'active' and name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) and ${stale}
      returning id, name`,
  )
}

/** Jobs waiting or running, by queue and state, with the age of the oldest (none before pg-boss's schema exists). */
export async function openJobCounts(
  db: Db,
): Promise<{ name: string; state: string; n: number; age: number }[]> {
  if (!(await pgBossInstalled(db))) return []
  return rowsOf(
    db,
    sql`select name, state, count(*)::int as n,
        coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as age
        from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
  )
}

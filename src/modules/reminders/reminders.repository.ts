import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { pushDevices, reminderSends, warranties } from '../../db/schema/index.js'
import { productName, selectWarrantyViews } from '../warranties/index.js'

/**
 * The reminder send log's SQL. A reminder is one `reminder_sends` row per warranty, expiry and
 * target (a device token, or the customer's e-mail address when the customer has no device),
 * unique on those four: scheduling inserts the missing rows, delivery claims PENDING rows.
 */

/** The largest `reminderDaysBeforeExpiry` (its check constraint): bounds the index range scan. */
const MAX_REMINDER_DAYS = 30

/**
 * One statement, set-based: every claimed, unexpired warranty of an active customer whose
 * expiry falls within the customer's threshold (7 days without a profile) gets a row per device,
 * or one e-mail row when the customer has no device; rows already logged are left alone
 * (ON CONFLICT DO NOTHING over the unique key), so running it again, or twice at once, adds
 * nothing. Uses `warranties_expires_idx` (the range) and `push_devices_customer_idx`.
 *
 * The range is read first, on its own (a MATERIALIZED CTE), whatever the statistics say: with
 * customers created faster than ANALYZE follows (the crash cycles: 36,000 in minutes), the
 * planner believed `users` held a handful of customers and probed the whole expiry range once
 * per customer, a statement of over 7 minutes on PostgreSQL instead of 40 ms.
 */
export async function scheduleDueReminders(db: Db): Promise<{ warranties: number; scheduled: number }> {
  const result = (await db.execute(scheduleDueRemindersStatement())) as unknown as {
    rows: { warranties: number; scheduled: number }[]
  }
  const row = result.rows[0]
  return { warranties: Number(row?.warranties ?? 0), scheduled: Number(row?.scheduled ?? 0) }
}

/** The statement `scheduleDueReminders` runs (its plan is checked by test/jobs/reminders.test.ts). */
export function scheduleDueRemindersStatement() {
  return sql`
    with candidates as materialized (
      select w.id, w.expires_at, w.customer_id
      from warranties w
      where w.claimed_at is not null
        and w.expires_at > now()
        and w.expires_at <= now() + make_interval(days => ${MAX_REMINDER_DAYS}::int)
    ),
    due as (
      select c.id as warranty_id, c.expires_at, c.customer_id, u.email
      from candidates c
      join users u on u.id = c.customer_id and u.role = 'CUSTOMER' and u.status = 'ACTIVE'
      left join customer_profiles p on p.user_id = c.customer_id
      where c.expires_at <= now() + make_interval(days => coalesce(p.reminder_days_before_expiry, 7))
    ),
    targets as (
      select due.warranty_id, due.expires_at, 'push' as channel, d.token as target, d.id as device_id
      from due join push_devices d on d.customer_id = due.customer_id
      union all
      select due.warranty_id, due.expires_at, 'email', due.email, null::uuid
      from due
      where not exists (select 1 from push_devices d where d.customer_id = due.customer_id)
    ),
    inserted as (
      insert into reminder_sends (warranty_id, expires_at, channel, target, device_id)
      select warranty_id, expires_at, channel, target, device_id from targets
      on conflict (warranty_id, expires_at, channel, target) do nothing
      returning 1
    )
    select (select count(*) from due)::int as warranties, (select count(*) from inserted)::int as scheduled
  `
}

/** A PENDING row taken for one attempt. */
export interface ClaimedReminder {
  id: string
  warrantyId: string
  expiresAt: Date
  target: string
  deviceId: string | null
  /** The attempt this claim is: also the fence of every later update of the row. */
  attempts: number
}

interface ClaimedRow {
  id: string
  warranty_id: string
  expires_at: Date | string
  target: string
  device_id: string | null
  attempts: number
}

const toClaimed = (r: ClaimedRow): ClaimedReminder => ({
  id: r.id,
  warrantyId: r.warranty_id,
  expiresAt: new Date(r.expires_at),
  target: r.target,
  deviceId: r.device_id,
  attempts: Number(r.attempts),
})

/** Due PENDING rows of a channel, locked (skipping rows another run holds), oldest due first. */
const dueRows = (channel: 'push' | 'email', limit: number) => sql`
  select id from reminder_sends
  where status = 'PENDING' and channel = ${channel} and next_attempt_at <= now()
  order by next_attempt_at
  limit ${limit}
  for update skip locked`

/**
 * Takes up to `limit` due push rows for one attempt each: `attempts` + 1 and `next_attempt_at`
 * pushed `leaseSeconds` ahead, in one statement. Another run (another process, or this one
 * twice) skips them; a run that dies mid-send leaves them due again when the lease ends.
 */
export async function claimPushReminders(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedReminder[]> {
  const result = (await db.execute(sql`
    with picked as (${dueRows('push', limit)})
    update reminder_sends s
    set attempts = s.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds}::int),
        updated_at = now()
    from picked where s.id = picked.id
    returning s.id, s.warranty_id, s.expires_at, s.target, s.device_id, s.attempts
  `)) as unknown as { rows: ClaimedRow[] }
  return result.rows.map(toClaimed)
}

/** Due e-mail rows, locked until the caller's transaction ends (the outbox row is written in it). */
export async function lockEmailReminders(tx: DbOrTx, limit: number): Promise<ClaimedReminder[]> {
  const result = (await tx.execute(sql`
    select id, warranty_id, expires_at, target, device_id, attempts + 1 as attempts
    from reminder_sends where id in (${dueRows('email', limit)})
  `)) as unknown as { rows: ClaimedRow[] }
  return result.rows.map(toClaimed)
}

/** What a reminder says, read when it is sent: the warranty as it is now. */
export interface ReminderSubject {
  warrantyId: string
  customerId: string | null
  expiresAt: Date
  merchantName: string
  productName: string | null
}

export async function findReminderSubjects(db: DbOrTx, warrantyIds: string[]) {
  if (warrantyIds.length === 0) return new Map<string, ReminderSubject>()
  const rows = await selectWarrantyViews(db).where(inArray(warranties.id, [...new Set(warrantyIds)]))
  return new Map(
    rows.map((w): [string, ReminderSubject] => [
      w.id,
      {
        warrantyId: w.id,
        customerId: w.claimedAt ? w.customerId : null,
        expiresAt: w.expiresAt,
        merchantName: w.merchantName,
        productName: productName(w),
      },
    ]),
  )
}

export type ReminderDevice = Pick<typeof pushDevices.$inferSelect, 'id' | 'customerId' | 'token' | 'platform'>

export async function findDevices(db: DbOrTx, ids: string[]): Promise<Map<string, ReminderDevice>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: pushDevices.id,
      customerId: pushDevices.customerId,
      token: pushDevices.token,
      platform: pushDevices.platform,
    })
    .from(pushDevices)
    .where(inArray(pushDevices.id, [...new Set(ids)]))
  return new Map(rows.map((d) => [d.id, d]))
}

/** The outcome of one claimed attempt; ignored when the row moved on (another claim, a final state). */
export type ReminderOutcome =
  | { status: 'SENT' }
  | { status: 'FAILED'; error: string }
  | { status: 'RETRY'; error: string; at: Date }
  /** Nothing was attempted (the service is stopping): due again now, the attempt not counted. */
  | { status: 'RELEASED' }

export async function recordOutcome(db: DbOrTx, claim: ClaimedReminder, outcome: ReminderOutcome) {
  const values =
    outcome.status === 'SENT'
      ? { status: 'SENT' as const, sentAt: sql`now()`, lastError: null }
      : outcome.status === 'FAILED'
        ? { status: 'FAILED' as const, lastError: outcome.error }
        : outcome.status === 'RETRY'
          ? { lastError: outcome.error, nextAttemptAt: outcome.at }
          : { attempts: claim.attempts - 1, nextAttemptAt: sql`now()` }
  await db
    .update(reminderSends)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(reminderSends.id, claim.id),
        eq(reminderSends.status, 'PENDING'),
        eq(reminderSends.attempts, claim.attempts),
      ),
    )
}

/**
 * Marks claimed push rows SENT in one statement (each row only if still at its claimed attempt):
 * one commit for a group instead of one per reminder.
 */
export async function markPushSent(db: DbOrTx, claims: ClaimedReminder[]): Promise<void> {
  if (claims.length === 0) return
  const keys = sql.join(
    claims.map((c) => sql`(${c.id}::uuid, ${c.attempts}::int)`),
    sql`, `,
  )
  await db.execute(sql`
    update reminder_sends
    set status = 'SENT', sent_at = now(), last_error = null, updated_at = now()
    where status = 'PENDING' and (id, attempts) in (${keys})`)
}

/** Marks e-mail rows locked by `lockEmailReminders` in the same transaction. */
export async function recordEmailOutcomes(tx: DbOrTx, sentIds: string[], failed: string[]): Promise<void> {
  const mark = (ids: string[], status: 'SENT' | 'FAILED', lastError: string | null) =>
    ids.length === 0
      ? Promise.resolve()
      : tx
          .update(reminderSends)
          .set({
            status,
            lastError,
            attempts: sql`${reminderSends.attempts} + 1`,
            ...(status === 'SENT' ? { sentAt: sql`now()` } : {}),
            updatedAt: sql`now()`,
          })
          .where(inArray(reminderSends.id, ids))
  await mark(sentIds, 'SENT', null)
  await mark(failed, 'FAILED', 'the warranty is no longer due for a reminder')
}

/** The earliest time a PENDING row is due (at or before `before`, when given). */
export async function nextDueReminder(db: Db, before: Date | null): Promise<Date | null> {
  const result = (await db.execute(sql`
    select min(next_attempt_at) as at from reminder_sends
    where status = 'PENDING' ${before ? sql`and next_attempt_at <= ${before.toISOString()}::timestamptz` : sql``}
  `)) as unknown as { rows: { at: Date | string | null }[] }
  const at = result.rows[0]?.at
  return at ? new Date(at) : null
}

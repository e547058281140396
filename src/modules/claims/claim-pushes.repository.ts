import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { type ClaimPushStatus, claimPushes, pushDevices } from '../../db/schema/index.js'
import { rowsOf } from '../../db/sql-helpers.js'

/** One push row per device of the customer, in the change's transaction; answers how many. */
export async function queueClaimPushes(
  tx: Tx,
  push: { claimId: string; customerId: string; title: string; body: string },
): Promise<number> {
  const devices = await tx
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(eq(pushDevices.customerId, push.customerId))
  if (devices.length === 0) return 0
  await tx
    .insert(claimPushes)
    .values(
      devices.map((d) => ({ claimId: push.claimId, deviceId: d.id, title: push.title, body: push.body })),
    )
  return devices.length
}

export interface DuePush {
  id: string
  claimId: string
  deviceId: string
  title: string
  body: string
  attempts: number
  token: string
  platform: 'android' | 'ios'
}

/**
 * Takes up to `limit` due rows for this run: their `due_at` moves to the end of a lease, so no
 * other run takes them meanwhile, and a run that dies leaves them due again when it ends.
 */
export async function takeDuePushes(db: Db, limit: number, leaseSeconds: number): Promise<DuePush[]> {
  const rows = await rowsOf(
    db,
    sql`update claim_pushes p set due_at = now() + make_interval(secs => ${leaseSeconds}), attempts = p.attempts + 1
        from push_devices d
        where d.id = p.device_id and p.id in (
          select id from claim_pushes where status = 'QUEUED' and due_at <= now()
          order by due_at limit ${limit} for update skip locked)
        returning p.id, p.claim_id, p.device_id, p.title, p.body, p.attempts, d.token, d.platform`,
  )
  return rows.map((r) => ({
    id: String(r.id),
    claimId: String(r.claim_id),
    deviceId: String(r.device_id),
    title: String(r.title),
    body: String(r.body),
    attempts: Number(r.attempts),
    token: String(r.token),
    platform: r.platform as DuePush['platform'],
  }))
}

/** Records a row's outcome (still QUEUED: a retry at `dueAt`). */
export async function settlePush(
  db: Db,
  id: string,
  outcome: { status: ClaimPushStatus; dueAt?: Date; error?: string | null },
): Promise<void> {
  await db
    .update(claimPushes)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      ...(outcome.status === 'SENT' ? { sentAt: sql`now()` } : {}),
      ...(outcome.dueAt ? { dueAt: outcome.dueAt } : {}),
    })
    .where(and(eq(claimPushes.id, id), eq(claimPushes.status, 'QUEUED')))
}

/** The earliest time a queued push is due, or null. */
export async function nextDuePush(db: Db): Promise<Date | null> {
  const [row] = await rowsOf(db, sql`select min(due_at) as due from claim_pushes where status = 'QUEUED'`)
  return row?.due ? new Date(String(row.due)) : null
}

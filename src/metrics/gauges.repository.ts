import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rowsOf } from '../db/sql-helpers.js'

// What the scrape-time gauges read (collectors.ts): one grouped query each, on indexed columns.

/** From the per-day counts the warranties' triggers keep: O(merchants × days), not O(warranties). */
export const WARRANTIES_BY_MINT_STATE = sql`select s.state, s.n::int as n
  from (select coalesce(sum(pending), 0) as p, coalesce(sum(minting), 0) as m,
               coalesce(sum(minted), 0) as d, coalesce(sum(failed), 0) as f
          from merchant_warranty_days) t
 cross join lateral (values ('PENDING', t.p), ('MINTING', t.m), ('MINTED', t.d), ('FAILED', t.f)) s(state, n)
 where s.n <> 0`

export const warrantiesByMintState = (db: Db) => rowsOf(db, WARRANTIES_BY_MINT_STATE)

export const mintBatchesByState = (db: Db) =>
  rowsOf(db, sql`select status as state, count(*)::int as n from mint_batches group by 1`)

export const mailByStatus = (db: Db) =>
  rowsOf(db, sql`select status, count(*)::int as n from mail_messages group by 1`)

/** Seconds since the oldest queued e-mail was queued; 0 when none is. */
export async function oldestQueuedMailAge(db: Db): Promise<number> {
  const [r] = await rowsOf(
    db,
    sql`select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from mail_messages where status = 'QUEUED'`,
  )
  return Number(r?.age ?? 0)
}

export const remindersByChannelAndStatus = (db: Db) =>
  rowsOf(db, sql`select channel, status, count(*)::int as n from reminder_sends group by 1, 2`)

export const claimsByStatus = (db: Db) =>
  rowsOf(db, sql`select status, count(*)::int as n from claims group by 1`)

export const webhookDeliveriesByStatus = (db: Db) =>
  rowsOf(db, sql`select status, count(*)::int as n from webhook_deliveries group by 1`)

export const webhookEndpointsByStatus = (db: Db) =>
  rowsOf(db, sql`select status, count(*)::int as n from webhook_endpoints group by 1`)

/** The block of the last confirmed mint batch; 0 before any. */
export async function lastConfirmedBlock(db: Db): Promise<number> {
  const [r] = await rowsOf(
    db,
    sql`select coalesce(max(block_number), 0)::bigint as block from mint_batches where status = 'CONFIRMED'`,
  )
  return Number(r?.block ?? 0)
}

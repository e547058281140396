import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import { WARRANTY_DAYS_LOCK_NAMESPACE } from '../../db/lock-keys.js'
import {
  CLAIM_STATUSES,
  claims,
  globalProducts,
  MERCHANT_STATUSES,
  MINT_STATUSES,
  merchantProducts,
  merchants,
  merchantWarrantyDays,
  ROLES,
  SERVICE_PROVIDER_STATUSES,
  serviceProviders,
  users,
  warranties,
} from '../../db/schema/index.js'

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

/** One aggregate per enum value, zero-filled: `{ PENDING: n, … }`. */
function countsBy<K extends string>(values: readonly K[], column: AnyPgColumn): Record<K, SQL<number>> {
  return Object.fromEntries(values.map((v) => [v, countWhere(sql`${column} = ${v}`)])) as Record<
    K,
    SQL<number>
  >
}

/** Warranty counters; `now()` is the transaction's start, the same instant for every counter. */
const warrantyCounters = {
  total: count(),
  active: countWhere(sql`${warranties.expiresAt} > now()`),
  expired: countWhere(sql`${warranties.expiresAt} <= now()`),
  claimed: countWhere(sql`${warranties.claimedAt} is not null`),
}

/** The one row an aggregate without GROUP BY always answers. */
function single<T>(rows: T[]): T {
  const [row] = rows
  if (!row) throw new Error('an aggregate query returned no row')
  return row
}

/** The platform's counters; run in one snapshot (`tx`) so that they agree with each other. */
export async function platformCounts(tx: Tx) {
  const merchantRow = single(
    await tx.select({ total: count(), ...countsBy(MERCHANT_STATUSES, merchants.status) }).from(merchants),
  )
  const userRow = single(await tx.select({ total: count(), ...countsBy(ROLES, users.role) }).from(users))
  const globalRow = single(await tx.select({ n: count() }).from(globalProducts))
  const productRow = single(
    await tx.select({ n: count() }).from(merchantProducts).where(isNull(merchantProducts.deletedAt)),
  )
  const warrantyRow = single(
    await tx
      .select({ ...warrantyCounters, ...countsBy(MINT_STATUSES, warranties.mintStatus) })
      .from(warranties),
  )
  const providerRow = single(
    await tx
      .select({ total: count(), ...countsBy(SERVICE_PROVIDER_STATUSES, serviceProviders.status) })
      .from(serviceProviders),
  )
  const claimRow = single(
    await tx.select({ total: count(), ...countsBy(CLAIM_STATUSES, claims.status) }).from(claims),
  )
  return {
    merchantRow,
    userRow,
    globalProducts: globalRow.n,
    merchantProducts: productRow.n,
    warrantyRow,
    providerRow,
    claimRow,
  }
}

/** One merchant's counters; run in one snapshot (`tx`). Reads O(days) rows, not O(warranties). */
export async function merchantCounts(tx: Tx, merchantId: string) {
  const productRow = single(
    await tx
      .select({ n: count() })
      .from(merchantProducts)
      .where(and(eq(merchantProducts.merchantId, merchantId), isNull(merchantProducts.deletedAt))),
  )
  const d = merchantWarrantyDays
  const sum = (column: AnyPgColumn, where?: SQL) =>
    sql<number>`coalesce(sum(${column})${where ? sql` filter (where ${where})` : sql``}, 0)`.mapWith(Number)
  // The UTC day of now() and of now() + 30 days: whole days strictly between them are summed,
  // the two partial ones are counted row by row below.
  const today = sql`(now() at time zone 'UTC')::date`
  const day30 = sql`((now() + interval '30 days') at time zone 'UTC')::date`
  const days = single(
    await tx
      .select({
        total: sum(d.issued),
        claimed: sum(d.claimed),
        PENDING: sum(d.pending),
        MINTING: sum(d.minting),
        MINTED: sum(d.minted),
        FAILED: sum(d.failed),
        afterToday: sum(d.expiring, sql`${d.day} > ${today}`),
        beforeDay30: sum(d.expiring, sql`${d.day} > ${today} and ${d.day} < ${day30}`),
      })
      .from(d)
      .where(eq(d.merchantId, merchantId)),
  )
  // The rest of today (after now()) and the start of day 30 (up to now() + 30 days), from the
  // warranties themselves: rows expiring on two days, whatever the merchant's total.
  const dayStart = (date: SQL) => sql`(${date})::timestamp at time zone 'UTC'`
  const restOfToday = sql`${warranties.expiresAt} > now() and ${warranties.expiresAt} < ${dayStart(today)} + interval '24 hours'`
  const startOfDay30 = sql`${warranties.expiresAt} >= ${dayStart(day30)} and ${warranties.expiresAt} <= now() + interval '30 days'`
  const edges = single(
    await tx
      .select({ restOfToday: countWhere(restOfToday), startOfDay30: countWhere(startOfDay30) })
      .from(warranties)
      .where(and(eq(warranties.merchantId, merchantId), sql`((${restOfToday}) or (${startOfDay30}))`)),
  )
  const active = days.afterToday + edges.restOfToday
  const { afterToday: _a, beforeDay30: _b, ...sums } = days
  const warrantyRow = {
    ...sums,
    active,
    expired: days.total - active,
    expiringIn30Days: edges.restOfToday + days.beforeDay30 + edges.startOfDay30,
  }
  const perDay = await tx
    .select({ date: d.day, count: sum(d.issued) })
    .from(d)
    .where(
      and(
        eq(d.merchantId, merchantId),
        sql`${d.day} between ${today} - ${ISSUED_DAYS - 1}::int and ${today}`,
      ),
    )
    .groupBy(d.day)
  return { products: productRow.n, warrantyRow, perDay }
}

/**
 * Folds the merchant's delta rows of merchant_warranty_days (what the triggers appended since)
 * into one compacted row per day, so that the next reads sum O(days) rows. The counts read the
 * same before and after. Skipped while another compaction of the merchant runs.
 */
export async function compactMerchantDays(tx: Tx, merchantId: string): Promise<void> {
  const locked = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${WARRANTY_DAYS_LOCK_NAMESPACE}, hashtext(${merchantId})) as locked`,
  )) as unknown as { rows: { locked: boolean }[] }
  if (!locked.rows[0]?.locked) return
  const counters = ['issued', 'expiring', 'claimed', 'pending', 'minting', 'minted', 'failed'].map(
    sql.identifier,
  )
  const list = sql.join(counters, sql`, `)
  const summed = sql.join(
    counters.map((c) => sql`sum(${c})`),
    sql`, `,
  )
  const added = sql.join(
    counters.map((c) => sql`${c} = merchant_warranty_days.${c} + excluded.${c}`),
    sql`, `,
  )
  const folded = (await tx.execute(sql`
    with gone as (
      delete from merchant_warranty_days where merchant_id = ${merchantId} and not compacted returning *
    )
    insert into merchant_warranty_days (merchant_id, day, compacted, ${list})
    select merchant_id, day, true, ${summed} from gone group by merchant_id, day order by day
    on conflict (merchant_id, day) where compacted do update set ${added}
    returning day`)) as unknown as { rows: unknown[] }
  if (folded.rows.length === 0) return
  await tx.execute(sql`
    delete from merchant_warranty_days where merchant_id = ${merchantId} and compacted
      and ${sql.join(
        counters.map((c) => sql`${c} = 0`),
        sql` and `,
      )}`)
}

/** Up to `limit` merchants with day-count deltas not folded yet. */
export async function merchantsWithDayDeltas(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ merchantId: merchantWarrantyDays.merchantId })
    .from(merchantWarrantyDays)
    .where(eq(merchantWarrantyDays.compacted, false))
    .limit(limit)
  return rows.map((row) => row.merchantId)
}

/** How many days (today, UTC, included) the merchant dashboard's issued-per-day series covers. */
export const ISSUED_DAYS = 30

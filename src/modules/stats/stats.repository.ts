import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import {
  globalProducts,
  MERCHANT_STATUSES,
  MINT_STATUSES,
  merchantProducts,
  merchants,
  ROLES,
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
  return { merchantRow, userRow, globalProducts: globalRow.n, merchantProducts: productRow.n, warrantyRow }
}

/** One merchant's counters; run in one snapshot (`tx`). */
export async function merchantCounts(tx: Tx, merchantId: string) {
  const productRow = single(
    await tx
      .select({ n: count() })
      .from(merchantProducts)
      .where(and(eq(merchantProducts.merchantId, merchantId), isNull(merchantProducts.deletedAt))),
  )
  const warrantyRow = single(
    await tx
      .select({
        ...warrantyCounters,
        expiringIn30Days: countWhere(
          sql`${warranties.expiresAt} > now() and ${warranties.expiresAt} <= now() + interval '30 days'`,
        ),
        ...countsBy(MINT_STATUSES, warranties.mintStatus),
      })
      .from(warranties)
      .where(eq(warranties.merchantId, merchantId)),
  )
  const perDay = await tx
    .select({
      date: sql<string>`to_char(date_trunc('day', ${warranties.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      count: count(),
    })
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, merchantId),
        sql`${warranties.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '${sql.raw(String(ISSUED_DAYS - 1))} days'`,
      ),
    )
    .groupBy(sql`1`)
  return { products: productRow.n, warrantyRow, perDay }
}

/** How many days (today, UTC, included) the merchant dashboard's issued-per-day series covers. */
export const ISSUED_DAYS = 30

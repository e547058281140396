import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import {
  globalProducts,
  MERCHANT_STATUSES,
  type MerchantStatus,
  MINT_STATUSES,
  type MintStatus,
  merchantProducts,
  merchants,
  ROLES,
  type Role,
  users,
  warranties,
} from '../../db/schema/index.js'

export interface WarrantyCounts {
  total: number
  active: number
  expired: number
  claimed: number
}

export interface PlatformStats {
  merchants: { total: number; byStatus: Record<MerchantStatus, number> }
  users: { total: number; byRole: Record<Role, number> }
  customers: number
  globalProducts: number
  merchantProducts: number
  warranties: WarrantyCounts
  mints: Record<MintStatus, number>
  generatedAt: string
}

export interface MerchantStats {
  products: number
  warranties: WarrantyCounts & { expiringIn30Days: number }
  mints: Record<MintStatus, number>
  generatedAt: string
}

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

/** Dashboard numbers, each computed by an aggregate query in one read-only snapshot. */
export class StatsService {
  private readonly db: Db

  constructor(deps: { db: Db }) {
    this.db = deps.db
  }

  async platform(): Promise<PlatformStats> {
    return this.snapshot(async (tx) => {
      const [merchantRow] = await tx
        .select({ total: count(), ...countsBy(MERCHANT_STATUSES, merchants.status) })
        .from(merchants)
      const [userRow] = await tx.select({ total: count(), ...countsBy(ROLES, users.role) }).from(users)
      const [globalRow] = await tx.select({ n: count() }).from(globalProducts)
      const [productRow] = await tx
        .select({ n: count() })
        .from(merchantProducts)
        .where(isNull(merchantProducts.deletedAt))
      const [warrantyRow] = await tx
        .select({ ...warrantyCounters, ...countsBy(MINT_STATUSES, warranties.mintStatus) })
        .from(warranties)
      if (!merchantRow || !userRow || !globalRow || !productRow || !warrantyRow) {
        throw new Error('an aggregate query returned no row')
      }
      const { total: merchantTotal, ...merchantsByStatus } = merchantRow
      const { total: userTotal, ...usersByRole } = userRow
      return {
        merchants: { total: merchantTotal, byStatus: merchantsByStatus },
        users: { total: userTotal, byRole: usersByRole },
        customers: usersByRole.CUSTOMER,
        globalProducts: globalRow.n,
        merchantProducts: productRow.n,
        warranties: pick(warrantyRow, ['total', 'active', 'expired', 'claimed']),
        mints: pick(warrantyRow, MINT_STATUSES),
        generatedAt: new Date().toISOString(),
      }
    })
  }

  async merchant(merchantId: string): Promise<MerchantStats> {
    return this.snapshot(async (tx) => {
      const [productRow] = await tx
        .select({ n: count() })
        .from(merchantProducts)
        .where(and(eq(merchantProducts.merchantId, merchantId), isNull(merchantProducts.deletedAt)))
      const [warrantyRow] = await tx
        .select({
          ...warrantyCounters,
          expiringIn30Days: countWhere(
            sql`${warranties.expiresAt} > now() and ${warranties.expiresAt} <= now() + interval '30 days'`,
          ),
          ...countsBy(MINT_STATUSES, warranties.mintStatus),
        })
        .from(warranties)
        .where(eq(warranties.merchantId, merchantId))
      if (!productRow || !warrantyRow) throw new Error('an aggregate query returned no row')
      return {
        products: productRow.n,
        warranties: pick(warrantyRow, ['total', 'active', 'expired', 'claimed', 'expiringIn30Days']),
        mints: pick(warrantyRow, MINT_STATUSES),
        generatedAt: new Date().toISOString(),
      }
    })
  }

  private snapshot<T>(read: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' })
  }
}

function pick<T extends Record<string, unknown>, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>
}

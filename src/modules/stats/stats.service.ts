import type { Db, Tx } from '../../db/client.js'
import { MINT_STATUSES, OPEN_CLAIM_STATUSES } from '../../db/schema/index.js'
import {
  compactMerchantDays,
  ISSUED_DAYS,
  merchantCounts,
  merchantsWithDayDeltas,
  platformCounts,
} from './stats.repository.js'
import type { MerchantStatsView, PlatformStatsView } from './stats.schemas.js'

/** Merchants folded per sweep (the next sweep takes the rest). */
const FOLD_BATCH = 500

/** Dashboard numbers, each computed by an aggregate query in one read-only snapshot. */
export class StatsService {
  private readonly db: Db

  constructor(deps: { db: Db }) {
    this.db = deps.db
  }

  async platform(): Promise<PlatformStatsView> {
    return this.snapshot(async (tx) => {
      const counts = await platformCounts(tx)
      const { total: merchantTotal, ...merchantsByStatus } = counts.merchantRow
      const { total: userTotal, ...usersByRole } = counts.userRow
      const { total: providerTotal, ...providersByStatus } = counts.providerRow
      const { total: claimTotal, ...claimsByStatus } = counts.claimRow
      return {
        merchants: { total: merchantTotal, byStatus: merchantsByStatus },
        users: { total: userTotal, byRole: usersByRole },
        customers: usersByRole.CUSTOMER,
        globalProducts: counts.globalProducts,
        merchantProducts: counts.merchantProducts,
        warranties: pick(counts.warrantyRow, ['total', 'active', 'expired', 'claimed']),
        mints: pick(counts.warrantyRow, MINT_STATUSES),
        serviceProviders: { total: providerTotal, byStatus: providersByStatus },
        claims: {
          total: claimTotal,
          open: OPEN_CLAIM_STATUSES.reduce((sum, s) => sum + claimsByStatus[s], 0),
          byStatus: claimsByStatus,
        },
        generatedAt: new Date().toISOString(),
      }
    })
  }

  /**
   * Folds the merchant's new day-count deltas first (its own short transaction), then reads the
   * day counts in one snapshot: the cost follows the days the merchant's warranties span, not
   * their number.
   */
  async merchant(merchantId: string): Promise<MerchantStatsView> {
    await this.db.transaction((tx) => compactMerchantDays(tx, merchantId))
    return this.snapshot(async (tx) => {
      const { products, warrantyRow, perDay } = await merchantCounts(tx, merchantId)
      return {
        products,
        warranties: pick(warrantyRow, ['total', 'active', 'expired', 'claimed', 'expiringIn30Days']),
        mints: pick(warrantyRow, MINT_STATUSES),
        issuedPerDay: zeroFilledDays(perDay, new Date()),
        generatedAt: new Date().toISOString(),
      }
    })
  }

  /**
   * Folds the day-count deltas of merchants who have not read their statistics since (the
   * worker's periodic sweep): what the /metrics gauges and the next dashboard read sum stays
   * O(merchants × days), whoever never opens a dashboard. Returns how many merchants it folded.
   */
  async foldAll(): Promise<number> {
    const merchantIds = await merchantsWithDayDeltas(this.db, FOLD_BATCH)
    for (const merchantId of merchantIds) {
      await this.db.transaction((tx) => compactMerchantDays(tx, merchantId))
    }
    return merchantIds.length
  }

  private snapshot<T>(read: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' })
  }
}

function pick<T extends Record<string, unknown>, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>
}

/** The last ISSUED_DAYS UTC days, oldest first, each with its count (0 when none). */
function zeroFilledDays(
  rows: { date: string; count: number }[],
  now: Date,
): { date: string; count: number }[] {
  const counts = new Map(rows.map((r) => [r.date, r.count]))
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: ISSUED_DAYS }, (_, i) => {
    const date = new Date(today - (ISSUED_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10)
    return { date, count: counts.get(date) ?? 0 }
  })
}

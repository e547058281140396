import type { DbOrTx } from '../../db/client.js'
import { CLAIM_OUTCOMES, OPEN_CLAIM_STATUSES } from '../../db/schema/index.js'
import { claimCountsOf, claimRatesByProduct, medianResolutionHours } from './claim-lookups.repository.js'
import type { ClaimStatsView } from './claims.schemas.js'

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>

/** A merchant's claims dashboard: open claims by state and age, outcomes, resolution time, rates. */
export async function merchantClaimStats(db: DbOrTx, merchantId: string): Promise<ClaimStatsView> {
  const [rows, median, products] = await Promise.all([
    claimCountsOf(db, merchantId),
    medianResolutionHours(db, merchantId),
    claimRatesByProduct(db, merchantId),
  ])
  const byStatus = zeros(OPEN_CLAIM_STATUSES)
  const closed = zeros(['RESOLVED', 'DENIED', 'CANCELLED'] as const)
  const outcomes = zeros(CLAIM_OUTCOMES)
  const age = { under2: 0, under7: 0, under30: 0, all: 0 }
  for (const r of rows) {
    if ((OPEN_CLAIM_STATUSES as readonly string[]).includes(r.status)) {
      byStatus[r.status as keyof typeof byStatus] += r.n
      age.under2 += r.under2Days
      age.under7 += r.under7Days
      age.under30 += r.under30Days
      age.all += r.n
    } else {
      closed[r.status as keyof typeof closed] += r.n
      if (r.outcome) outcomes[r.outcome] += r.n
    }
  }
  return {
    open: {
      total: age.all,
      byStatus,
      byAge: {
        under2Days: age.under2,
        from2To7Days: age.under7 - age.under2,
        from7To30Days: age.under30 - age.under7,
        over30Days: age.all - age.under30,
      },
    },
    closed,
    outcomes,
    medianHoursToResolution: median === null ? null : Math.round(median * 10) / 10,
    byProduct: products.map((p) => ({
      merchantProductId: p.merchantProductId,
      productName: p.title,
      claims: p.claims,
      warranties: p.warranties,
      claimRate: p.warranties === 0 ? 0 : Math.round((p.claims / p.warranties) * 10_000) / 10_000,
    })),
    generatedAt: new Date().toISOString(),
  }
}

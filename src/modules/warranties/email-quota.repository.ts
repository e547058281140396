import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { merchantEmailUsage } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'

/** Seconds until the next UTC midnight, when the daily quota starts again. */
function untilUtcMidnight(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000))
}

export const emailQuotaExceeded = () =>
  new AppError(
    'email_quota_exceeded',
    "The merchant's daily quota of customer e-mails is used up; issue without customerEmail or try again tomorrow (UTC)",
    undefined,
    untilUtcMidnight(),
  )

/**
 * Takes up to `wanted` claim e-mails from the merchant's quota of today (UTC) and answers how many
 * it got (0 to `wanted`). The day's row is locked until the caller's transaction ends, so
 * concurrent issues of one merchant count one after the other, and a rolled-back issue gives its
 * share back.
 */
export async function takeEmailQuota(
  tx: Tx,
  merchantId: string,
  wanted: number,
  perDay: number,
): Promise<number> {
  if (wanted <= 0) return 0
  const day = sql`(now() at time zone 'utc')::date`
  await tx
    .insert(merchantEmailUsage)
    .values({ merchantId, day: sql`${day}`, sent: 0 })
    .onConflictDoNothing()
  const where = and(eq(merchantEmailUsage.merchantId, merchantId), eq(merchantEmailUsage.day, sql`${day}`))
  const [row] = await tx
    .select({ sent: merchantEmailUsage.sent })
    .from(merchantEmailUsage)
    .where(where)
    .for('update')
  const granted = Math.max(0, Math.min(wanted, perDay - (row?.sent ?? 0)))
  if (granted > 0) {
    await tx
      .update(merchantEmailUsage)
      .set({ sent: sql`${merchantEmailUsage.sent} + ${granted}` })
      .where(where)
  }
  return granted
}

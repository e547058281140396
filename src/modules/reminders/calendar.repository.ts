import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { customerProfiles, users, warranties } from '../../db/schema/index.js'
import { productName, selectWarrantyViews } from '../warranties/index.js'

/** The feed lists at most this many warranties (those that expire last: past ones drop off first). */
const FEED_LIMIT = 1000

/** Sets (or replaces) the customer's feed token hash, creating the profile with its defaults. */
export async function setCalendarTokenHash(db: DbOrTx, customerId: string, hash: string | null) {
  await db
    .insert(customerProfiles)
    .values({ userId: customerId, calendarTokenHash: hash })
    .onConflictDoUpdate({
      target: customerProfiles.userId,
      set: { calendarTokenHash: hash, updatedAt: sql`now()` },
    })
}

/** The active customer whose feed token has this hash, with their reminder threshold. */
export async function findCalendarOwner(db: DbOrTx, hash: string) {
  const [row] = await db
    .select({ customerId: customerProfiles.userId, reminderDays: customerProfiles.reminderDaysBeforeExpiry })
    .from(customerProfiles)
    .innerJoin(users, eq(users.id, customerProfiles.userId))
    .where(
      and(
        eq(customerProfiles.calendarTokenHash, hash),
        eq(users.role, 'CUSTOMER'),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .limit(1)
  return row ?? null
}

export interface CalendarWarranty {
  id: string
  expiresAt: Date
  updatedAt: Date
  merchantName: string
  productName: string | null
  warrantyCode: string
}

/** The customer's claimed warranties (those the reminders are about), latest expiry first. */
export async function listCalendarWarranties(db: DbOrTx, customerId: string): Promise<CalendarWarranty[]> {
  const rows = await selectWarrantyViews(db)
    .where(and(eq(warranties.customerId, customerId), isNotNull(warranties.claimedAt)))
    .orderBy(desc(warranties.expiresAt), desc(warranties.id))
    .limit(FEED_LIMIT)
  return rows.map((w) => ({
    id: w.id,
    expiresAt: w.expiresAt,
    updatedAt: w.updatedAt,
    merchantName: w.merchantName,
    productName: productName(w),
    warrantyCode: w.warrantyCode,
  }))
}

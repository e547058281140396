import { and, asc, count, eq, gt, inArray, min, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  MINT_STATUSES,
  type MintStatus,
  merchantProducts,
  merchants,
  senderAddresses,
  users,
  warranties,
} from '../../db/schema/index.js'

/** Warranties by mint state, and how long the oldest unfinished one has waited. */
export interface MintBacklog {
  counts: Record<MintStatus, number>
  /** Creation time of the oldest PENDING or MINTING warranty; null when there is none. */
  oldestUnminted: Date | null
}

export async function mintBacklog(db: DbOrTx, merchantId: string | null): Promise<MintBacklog> {
  const scope = merchantId ? eq(warranties.merchantId, merchantId) : undefined
  const rows = await db
    .select({ status: warranties.mintStatus, n: count() })
    .from(warranties)
    .where(scope)
    .groupBy(warranties.mintStatus)
  const counts = Object.fromEntries(MINT_STATUSES.map((s) => [s, 0])) as Record<MintStatus, number>
  for (const row of rows) counts[row.status] = Number(row.n)
  const [oldest] = await db
    .select({ at: min(warranties.createdAt) })
    .from(warranties)
    .where(and(scope, inArray(warranties.mintStatus, ['PENDING', 'MINTING'])))
  return { counts, oldestUnminted: oldest?.at ? new Date(oldest.at) : null }
}

export async function findMerchant(db: DbOrTx, id: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id))
  return row ?? null
}

/** The merchant's users without their password hashes and token versions. */
export function merchantUsers(db: DbOrTx, merchantId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      merchantRole: users.merchantRole,
      status: users.status,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.merchantId, merchantId))
    .orderBy(asc(users.createdAt), asc(users.id))
}

export function merchantProductRows(db: DbOrTx, merchantId: string) {
  return db
    .select()
    .from(merchantProducts)
    .where(eq(merchantProducts.merchantId, merchantId))
    .orderBy(asc(merchantProducts.createdAt), asc(merchantProducts.id))
}

/** Sender addresses without their verification token hashes. */
export function merchantSenderAddresses(db: DbOrTx, merchantId: string) {
  return db
    .select({
      id: senderAddresses.id,
      email: senderAddresses.email,
      verifiedAt: senderAddresses.verifiedAt,
      createdAt: senderAddresses.createdAt,
      updatedAt: senderAddresses.updatedAt,
    })
    .from(senderAddresses)
    .where(eq(senderAddresses.merchantId, merchantId))
    .orderBy(asc(senderAddresses.createdAt), asc(senderAddresses.id))
}

export type WarrantyExportRow = typeof warranties.$inferSelect

/** One page of the merchant's warranties in (createdAt, id) order, after `after`. */
export function warrantyPage(
  db: DbOrTx,
  merchantId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<WarrantyExportRow[]> {
  return db
    .select()
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, merchantId),
        after
          ? or(
              gt(warranties.createdAt, after.createdAt),
              and(eq(warranties.createdAt, after.createdAt), gt(warranties.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(warranties.createdAt), asc(warranties.id))
    .limit(limit)
}

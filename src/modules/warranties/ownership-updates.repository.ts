import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { warranties } from '../../db/schema/index.js'
import { selectWarrantyViews, type WarrantyView } from './warranty-view.js'

/**
 * What the ownership and service-history features change on a warranty (its owner, its
 * expiry, its serial), kept here because the warranties table is this feature's.
 */

/**
 * The warranty now belongs to `customer` (claimed: they proved an address or an e-mail), or to
 * nobody known (`null`: a holder who has not linked the address yet). The previous owner's
 * contact fields go with the previous owner.
 */
export async function moveWarrantyToCustomer(
  db: DbOrTx,
  id: string,
  customer: { id: string; email: string } | null,
): Promise<void> {
  await db
    .update(warranties)
    .set({
      customerId: customer?.id ?? null,
      customerEmail: customer?.email ?? null,
      customerName: null,
      customerPhone: null,
      claimedAt: customer ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(warranties.id, id))
}

/** A new expiry (an extension or a replacement): reminders follow `expires_at`. */
export async function setWarrantyExpiry(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(warranties).set({ expiresAt, updatedAt: sql`now()` }).where(eq(warranties.id, id))
}

/** A replacement product: its serial number. */
export async function setWarrantySerial(db: DbOrTx, id: string, serialNumber: string): Promise<void> {
  await db.update(warranties).set({ serialNumber, updatedAt: sql`now()` }).where(eq(warranties.id, id))
}

/** The warranty of a minted token, or null. */
export async function findWarrantyByToken(db: DbOrTx, tokenId: bigint): Promise<WarrantyView | null> {
  const rows = await selectWarrantyViews(db)
    .where(eq(warranties.tokenId, Number(tokenId)))
    .limit(1)
  return rows[0] ?? null
}

import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { type WarrantyRow, warranties } from '../../db/schema/index.js'
import type { CoverageGrant } from './coverage-rule.js'
import { findActiveDuplicates, lockSerials, serialKeyText } from './warranties.repository.js'
import { duplicateSerial } from './warranty-plan.js'
import type { WarrantyView } from './warranty-view.js'
import { selectWarrantyViews } from './warranty-view.repository.js'

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

/**
 * A new expiry (an extension or a replacement): reminders follow `expires_at`. Only under a
 * grant of the coverage rule, for the warranty's own merchant.
 */
export async function setWarrantyExpiry(
  db: DbOrTx,
  grant: CoverageGrant,
  id: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(warranties)
    .set({ expiresAt, updatedAt: sql`now()` })
    .where(and(eq(warranties.id, id), eq(warranties.merchantId, grant.merchantId)))
}

/**
 * A replacement product: its serial number, refused with the 409 when another unexpired
 * warranty of the merchant covers that serial for the same product (the same lock and check as
 * issuing, so a replacement and an issue cannot both take it).
 */
export async function setWarrantySerial(
  tx: DbOrTx,
  grant: CoverageGrant,
  warranty: WarrantyRow,
  serialNumber: string,
): Promise<void> {
  if (grant.merchantId !== warranty.merchantId) throw new Error('coverage grant of another merchant')
  const key = {
    merchantId: warranty.merchantId,
    merchantProductId: warranty.merchantProductId,
    globalProductId: warranty.merchantProductId ? null : warranty.globalProductId,
    serialNumber,
  }
  await lockSerials(tx, [key])
  const coveredBy = (await findActiveDuplicates(tx, warranty.merchantId, [key])).get(serialKeyText(key))
  if (coveredBy !== undefined && coveredBy !== warranty.warrantyCode) throw duplicateSerial(coveredBy)
  await tx
    .update(warranties)
    .set({ serialNumber, updatedAt: sql`now()` })
    .where(eq(warranties.id, warranty.id))
}

/** The warranty of a minted token, or null. */
export async function findWarrantyByToken(db: DbOrTx, tokenId: bigint): Promise<WarrantyView | null> {
  const rows = await selectWarrantyViews(db)
    .where(eq(warranties.tokenId, Number(tokenId)))
    .limit(1)
  return rows[0] ?? null
}

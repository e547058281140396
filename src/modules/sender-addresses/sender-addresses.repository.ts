import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type SenderAddressRow, senderAddresses } from '../../db/schema/index.js'

/** The merchant's addresses, newest first. */
export async function listSenderAddresses(
  db: DbOrTx,
  merchantId: string,
  window: PageWindow,
): Promise<SenderAddressRow[]> {
  return keysetPage(db.select().from(senderAddresses).$dynamic(), senderAddresses, window, [
    eq(senderAddresses.merchantId, merchantId),
  ])
}

export async function findSenderAddress(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<SenderAddressRow | null> {
  const rows = await db
    .select()
    .from(senderAddresses)
    .where(and(eq(senderAddresses.id, id), eq(senderAddresses.merchantId, merchantId)))
    .limit(1)
  return rows[0] ?? null
}

/** Inserts an address with its first verification token; null when the merchant already has it. */
export async function insertSenderAddress(
  db: DbOrTx,
  values: { merchantId: string; email: string; verifyTokenHash: string; verifyExpiresAt: Date },
): Promise<SenderAddressRow | null> {
  const rows = await db
    .insert(senderAddresses)
    .values(values)
    .onConflictDoNothing({ target: [senderAddresses.merchantId, senderAddresses.email] })
    .returning()
  return rows[0] ?? null
}

/** Replaces the verification token of an unverified address (the old one stops working). */
export async function replaceVerifyToken(
  db: DbOrTx,
  merchantId: string,
  id: string,
  token: { verifyTokenHash: string; verifyExpiresAt: Date },
): Promise<SenderAddressRow | null> {
  const rows = await db
    .update(senderAddresses)
    .set({ ...token, updatedAt: sql`now()` })
    .where(
      and(
        eq(senderAddresses.id, id),
        eq(senderAddresses.merchantId, merchantId),
        isNull(senderAddresses.verifiedAt),
      ),
    )
    .returning()
  return rows[0] ?? null
}

/** Marks the address of a current, unexpired token verified and forgets the token. */
export async function verifyByTokenHash(db: DbOrTx, hash: string): Promise<SenderAddressRow | null> {
  const rows = await db
    .update(senderAddresses)
    .set({ verifiedAt: sql`now()`, verifyTokenHash: null, verifyExpiresAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(senderAddresses.verifyTokenHash, hash),
        gt(senderAddresses.verifyExpiresAt, sql`now()`),
        isNull(senderAddresses.verifiedAt),
      ),
    )
    .returning()
  return rows[0] ?? null
}

export async function deleteSenderAddress(db: DbOrTx, merchantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(senderAddresses)
    .where(and(eq(senderAddresses.id, id), eq(senderAddresses.merchantId, merchantId)))
    .returning({ id: senderAddresses.id })
  return rows.length > 0
}

import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { resaleOffers, warranties } from '../../db/schema/index.js'

type ResaleOfferRow = typeof resaleOffers.$inferSelect

/** A new OPEN offer of a warranty from one customer to another. */
export async function insertOffer(
  tx: Tx,
  offer: { warrantyId: string; fromCustomerId: string; toCustomerId: string },
): Promise<ResaleOfferRow | undefined> {
  const [row] = await tx.insert(resaleOffers).values(offer).returning()
  return row
}

const openOfferTo = (warrantyId: string, customerId: string) =>
  and(
    eq(resaleOffers.warrantyId, warrantyId),
    eq(resaleOffers.toCustomerId, customerId),
    eq(resaleOffers.status, 'OPEN'),
  )

/** Who is giving the warranty by e-mail to this customer (the open offer's giver), or null: no offer. */
export async function openOfferGiver(
  tx: DbOrTx,
  warrantyId: string,
  customerId: string,
): Promise<string | null> {
  const [offer] = await tx
    .select({ from: resaleOffers.fromCustomerId })
    .from(resaleOffers)
    .where(openOfferTo(warrantyId, customerId))
    .limit(1)
  return offer?.from ?? null
}

/** Whether the warranty is being given by e-mail to this customer. */
export async function hasOpenOffer(tx: DbOrTx, warrantyId: string, customerId: string): Promise<boolean> {
  return (await openOfferGiver(tx, warrantyId, customerId)) !== null
}

/** The open offer of the warranty to this customer, locked until the transaction ends. */
export async function lockOpenOffer(
  tx: Tx,
  warrantyId: string,
  customerId: string,
): Promise<ResaleOfferRow | undefined> {
  const [offer] = await tx
    .select()
    .from(resaleOffers)
    .where(openOfferTo(warrantyId, customerId))
    .for('update')
  return offer
}

/** An offer ends: COMPLETED (the warranty moved) or CANCELLED. */
export async function setOfferStatus(tx: Tx, id: string, status: 'COMPLETED' | 'CANCELLED'): Promise<void> {
  await tx
    .update(resaleOffers)
    .set(
      status === 'COMPLETED'
        ? { status, completedAt: sql`now()`, updatedAt: sql`now()` }
        : { status, updatedAt: sql`now()` },
    )
    .where(eq(resaleOffers.id, id))
}

/** Locks the warranty row until the transaction ends: claims of older offers and second gifts wait. */
export async function lockWarranty(tx: Tx, warrantyId: string): Promise<void> {
  await tx.select({ id: warranties.id }).from(warranties).where(eq(warranties.id, warrantyId)).for('update')
}

/** The warranty's customer (null: none). */
export async function ownerOf(tx: DbOrTx, warrantyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ customerId: warranties.customerId })
    .from(warranties)
    .where(eq(warranties.id, warrantyId))
  return row?.customerId ?? null
}

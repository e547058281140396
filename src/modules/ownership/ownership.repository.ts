import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  type CertificateTransferRow,
  certificateHolders,
  certificateTransfers,
  chainCursors,
  customerWallets,
  mintBatches,
  type OwnerChangeKind,
  ownerChanges,
  resaleOffers,
  users,
  walletNonces,
} from '../../db/schema/index.js'
import { expireOpenClaimLinks } from '../claim-links/index.js'

/** Stores a SIWE nonce (its hash) for a customer. */
export async function insertNonce(db: DbOrTx, customerId: string, nonceHash: string, expiresAt: Date) {
  await db.insert(walletNonces).values({ customerId, nonceHash, expiresAt })
}

/** The nonce as stored (for the refusal's reason), or null. */
export async function findNonce(db: DbOrTx, nonceHash: string) {
  const [row] = await db.select().from(walletNonces).where(eq(walletNonces.nonceHash, nonceHash)).limit(1)
  return row ?? null
}

/** Uses an open, unexpired nonce of this customer in one conditional UPDATE; false when none. */
export async function useNonce(db: DbOrTx, customerId: string, nonceHash: string): Promise<boolean> {
  const rows = await db
    .update(walletNonces)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(walletNonces.nonceHash, nonceHash),
        eq(walletNonces.customerId, customerId),
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: walletNonces.id })
  return rows.length === 1
}

/** Links an address to a customer; an address proved by another customer moves to this one. */
export async function upsertWallet(db: DbOrTx, customerId: string, address: string, chainId: number) {
  const [row] = await db
    .insert(customerWallets)
    .values({ customerId, address, chainId })
    .onConflictDoUpdate({
      target: customerWallets.address,
      set: { customerId, chainId, updatedAt: sql`now()` },
    })
    .returning()
  if (!row) throw new Error('wallet neither inserted nor updated')
  return row
}

export async function listWallets(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(customerWallets)
    .where(eq(customerWallets.customerId, customerId))
    .orderBy(desc(customerWallets.createdAt))
}

export async function deleteWallet(db: DbOrTx, customerId: string, address: string): Promise<boolean> {
  const rows = await db
    .delete(customerWallets)
    .where(
      and(
        eq(customerWallets.customerId, customerId),
        sql`lower(${customerWallets.address}) = ${address.toLowerCase()}`,
      ),
    )
    .returning({ id: customerWallets.id })
  return rows.length > 0
}

/** The customer who proved this address, with their e-mail, or null. */
export async function customerOfAddress(db: DbOrTx, address: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, address: customerWallets.address })
    .from(customerWallets)
    .innerJoin(users, eq(users.id, customerWallets.customerId))
    .where(sql`lower(${customerWallets.address}) = ${address.toLowerCase()}`)
    .limit(1)
  return row ?? null
}

/** A customer's id and e-mail, or null. */
export async function customerById(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id))
  return row ?? null
}

export async function insertTransfer(
  db: DbOrTx,
  transfer: { warrantyId: string; customerId: string; tokenId: number; toAddress: string },
): Promise<CertificateTransferRow> {
  const [row] = await db.insert(certificateTransfers).values(transfer).returning()
  if (!row) throw new Error('transfer not inserted')
  return row
}

/** Transfers still in flight, oldest first. */
export async function openTransfers(db: DbOrTx, limit: number): Promise<CertificateTransferRow[]> {
  return db
    .select()
    .from(certificateTransfers)
    .where(inArray(certificateTransfers.status, ['PENDING', 'SENT']))
    .orderBy(asc(certificateTransfers.createdAt))
    .limit(limit)
}

export async function updateTransfer(db: DbOrTx, id: string, set: Partial<CertificateTransferRow>) {
  await db
    .update(certificateTransfers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(certificateTransfers.id, id))
}

/** The latest transfer of a warranty, or null. */
export async function latestTransfer(db: DbOrTx, warrantyId: string): Promise<CertificateTransferRow | null> {
  const [row] = await db
    .select()
    .from(certificateTransfers)
    .where(eq(certificateTransfers.warrantyId, warrantyId))
    .orderBy(desc(certificateTransfers.createdAt))
    .limit(1)
  return row ?? null
}

export async function findHolder(db: DbOrTx, warrantyId: string) {
  const [row] = await db
    .select()
    .from(certificateHolders)
    .where(eq(certificateHolders.warrantyId, warrantyId))
    .limit(1)
  return row ?? null
}

/** The warranties whose tokens this address holds. */
export async function holdingsOf(db: DbOrTx, address: string): Promise<string[]> {
  const rows = await db
    .select({ warrantyId: certificateHolders.warrantyId })
    .from(certificateHolders)
    .where(sql`lower(${certificateHolders.holder}) = ${address.toLowerCase()}`)
  return rows.map((r) => r.warrantyId)
}

export async function setHolder(
  db: DbOrTx,
  holder: { warrantyId: string; tokenId: number; holder: string; blockNumber: number },
) {
  await db
    .insert(certificateHolders)
    .values(holder)
    .onConflictDoUpdate({
      target: certificateHolders.warrantyId,
      set: { holder: holder.holder, blockNumber: holder.blockNumber, updatedAt: sql`now()` },
    })
}

export async function recordOwnerChange(
  db: DbOrTx,
  change: {
    warrantyId: string
    kind: OwnerChangeKind
    fromCustomerId?: string | null
    toCustomerId?: string | null
    fromAddress?: string | null
    toAddress?: string | null
    txHash?: string | null
  },
) {
  await db.insert(ownerChanges).values(change)
}

export async function ownerChangesOf(db: DbOrTx, warrantyId: string) {
  return db
    .select()
    .from(ownerChanges)
    .where(eq(ownerChanges.warrantyId, warrantyId))
    .orderBy(asc(ownerChanges.createdAt))
}

/** The block of the first mint recorded (no certificate can move before it), or null when none is. */
export async function firstMintBlock(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ block: sql<string | null>`min(${mintBatches.blockNumber})` })
    .from(mintBatches)
  return row?.block == null ? null : Number(row.block)
}

export async function readCursor(db: DbOrTx, name: string) {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, name)).limit(1)
  return row ?? null
}

export async function writeCursor(db: DbOrTx, name: string, blockNumber: number, blockHash: string) {
  await db
    .insert(chainCursors)
    .values({ name, blockNumber, blockHash })
    .onConflictDoUpdate({ target: chainCursors.name, set: { blockNumber, blockHash, updatedAt: sql`now()` } })
}

/**
 * Cancels the open offers of a warranty (a newer offer, an export) and ends the claim links
 * they e-mailed: a cancelled offer's link then reads as expired.
 */
export async function cancelOpenOffers(tx: DbOrTx, warrantyId: string): Promise<void> {
  const cancelled = await tx
    .update(resaleOffers)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(resaleOffers.warrantyId, warrantyId), eq(resaleOffers.status, 'OPEN')))
    .returning({ toCustomerId: resaleOffers.toCustomerId })
  for (const offer of cancelled) await expireOpenClaimLinks(tx, warrantyId, offer.toCustomerId)
}

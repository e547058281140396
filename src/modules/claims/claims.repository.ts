import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import {
  type ClaimCategory,
  type ClaimMessageRow,
  type ClaimParty,
  type ClaimPhotoRow,
  type ClaimRow,
  type ClaimStatus,
  type ClaimTransitionRow,
  claimMessages,
  claimPhotos,
  claims,
  claimTransitions,
  globalProducts,
  merchantProducts,
  merchants,
  receipts,
  serviceProviders,
  warranties,
} from '../../db/schema/index.js'

/** Which claims a caller may see: its merchant's, its provider's, or its own (a customer). */
export type ClaimScope =
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'provider'; serviceProviderId: string }
  | { kind: 'customer'; customerId: string }

function scopeFilter(scope: ClaimScope): SQL {
  if (scope.kind === 'merchant') return eq(claims.merchantId, scope.merchantId)
  if (scope.kind === 'provider') return eq(claims.serviceProviderId, scope.serviceProviderId)
  return eq(claims.customerId, scope.customerId)
}

export async function insertClaim(
  tx: Tx,
  claim: {
    merchantId: string
    warrantyId: string
    customerId: string
    category: ClaimCategory
    description: string
    receiptId: string | null
    status: ClaimStatus
    autoApproved: boolean
  },
): Promise<ClaimRow | null> {
  // The partial unique index allows one open claim per warranty: a second one inserts nothing.
  const [row] = await tx.insert(claims).values(claim).onConflictDoNothing().returning()
  return row ?? null
}

/** The open claim of a warranty, if any. */
export async function openClaimOf(db: DbOrTx, warrantyId: string): Promise<ClaimRow | null> {
  const [row] = await db
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.warrantyId, warrantyId),
        inArray(claims.status, ['SUBMITTED', 'INFO_REQUESTED', 'APPROVED', 'ASSIGNED', 'IN_REPAIR']),
      ),
    )
  return row ?? null
}

/** The claim if the scope may see it; `forUpdate` locks its row (a transition's first step). */
export async function findClaim(
  db: DbOrTx,
  scope: ClaimScope,
  id: string,
  forUpdate = false,
): Promise<ClaimRow | null> {
  const query = db
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), scopeFilter(scope)))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

/**
 * The one guarded state change: moves the claim to `to` only if it is in one of `from` (and in
 * the caller's scope). Under concurrent decisions the second waits for the first's row lock, then
 * finds the status changed and updates nothing: the caller answers 409 invalid_state.
 */
export async function moveClaim(
  tx: Tx,
  scope: ClaimScope,
  id: string,
  from: readonly ClaimStatus[],
  to: ClaimStatus,
  set: Partial<
    Pick<
      ClaimRow,
      | 'serviceProviderId'
      | 'decisionNote'
      | 'diagnosis'
      | 'outcome'
      | 'outcomeNote'
      | 'replacementSerial'
      | 'resolvedAt'
    >
  > = {},
): Promise<ClaimRow | null> {
  const [row] = await tx
    .update(claims)
    .set({ ...set, status: to, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(claims.id, id), scopeFilter(scope), inArray(claims.status, [...from])))
    .returning()
  return row ?? null
}

export async function insertTransition(
  tx: Tx,
  t: {
    claimId: string
    fromStatus: ClaimStatus | null
    toStatus: ClaimStatus
    actorId: string | null
    actorParty: ClaimParty
    note: string | null
  },
): Promise<void> {
  await tx.insert(claimTransitions).values(t)
}

export async function insertMessage(
  tx: Tx,
  m: { claimId: string; authorId: string; authorParty: ClaimParty; body: string },
): Promise<ClaimMessageRow> {
  const [row] = await tx.insert(claimMessages).values(m).returning()
  if (!row) throw new Error('claim message not inserted')
  return row
}

export async function insertPhotos(
  tx: Tx,
  photos: {
    claimId: string
    messageId: string | null
    imageKey: string
    thumbnailKey: string | null
    contentType: string
    width: number | null
    height: number | null
  }[],
): Promise<void> {
  if (photos.length > 0) await tx.insert(claimPhotos).values(photos)
}

/** Touches the claim (a message moves it up nothing but its `updatedAt`). */
export async function touchClaim(tx: Tx, id: string): Promise<void> {
  await tx.update(claims).set({ updatedAt: sql`now()` }).where(eq(claims.id, id))
}

export async function timelineOf(db: DbOrTx, claimId: string): Promise<ClaimTransitionRow[]> {
  return db
    .select()
    .from(claimTransitions)
    .where(eq(claimTransitions.claimId, claimId))
    .orderBy(asc(claimTransitions.seq))
}

export async function messagesOf(db: DbOrTx, claimId: string): Promise<ClaimMessageRow[]> {
  return db
    .select()
    .from(claimMessages)
    .where(eq(claimMessages.claimId, claimId))
    .orderBy(asc(claimMessages.seq))
}

export async function photosOf(db: DbOrTx, claimId: string): Promise<ClaimPhotoRow[]> {
  return db
    .select()
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, claimId))
    .orderBy(asc(claimPhotos.createdAt), asc(claimPhotos.id))
}

export async function findPhoto(db: DbOrTx, claimId: string, photoId: string): Promise<ClaimPhotoRow | null> {
  const [row] = await db
    .select()
    .from(claimPhotos)
    .where(and(eq(claimPhotos.claimId, claimId), eq(claimPhotos.id, photoId)))
  return row ?? null
}

/** What every view of a claim shows beside it: the warranty, product, merchant and provider names. */
const listColumns = {
  id: claims.id,
  createdAt: claims.createdAt,
  claim: claims,
  warrantyCode: warranties.warrantyCode,
  serialNumber: warranties.serialNumber,
  expiresAt: warranties.expiresAt,
  purchaseDate: warranties.purchaseDate,
  productTitle: sql<
    string | null
  >`coalesce(${merchantProducts.title}, ${globalProducts.brand} || ' ' || ${globalProducts.model})`,
  merchantProductId: warranties.merchantProductId,
  merchantName: merchants.name,
  serviceProviderName: serviceProviders.name,
}

function listQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(claims)
    .innerJoin(warranties, eq(warranties.id, claims.warrantyId))
    .innerJoin(merchants, eq(merchants.id, claims.merchantId))
    .leftJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
    .leftJoin(globalProducts, eq(globalProducts.id, warranties.globalProductId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, claims.serviceProviderId))
    .$dynamic()
}

export type ClaimListRow = Awaited<ReturnType<typeof findClaimListRow>> & object

export async function findClaimListRow(db: DbOrTx, scope: ClaimScope, id: string) {
  const [row] = await listQuery(db).where(and(eq(claims.id, id), scopeFilter(scope)))
  return row ?? null
}

export interface ClaimFilter {
  status?: ClaimStatus | undefined
  merchantProductId?: string | undefined
  serviceProviderId?: string | undefined
  /** Opened before this instant (the queue's "older than N days"). */
  openedBefore?: Date | undefined
  warrantyId?: string | undefined
}

/** Claims in scope, newest first, filtered. */
export async function listClaims(
  db: DbOrTx,
  scope: ClaimScope,
  filter: ClaimFilter,
  window: PageWindow,
): Promise<NonNullable<Awaited<ReturnType<typeof findClaimListRow>>>[]> {
  return keysetPage(listQuery(db), claims, window, [
    scopeFilter(scope),
    filter.status ? eq(claims.status, filter.status) : undefined,
    filter.merchantProductId ? eq(warranties.merchantProductId, filter.merchantProductId) : undefined,
    filter.serviceProviderId ? eq(claims.serviceProviderId, filter.serviceProviderId) : undefined,
    filter.openedBefore ? lt(claims.createdAt, filter.openedBefore) : undefined,
    filter.warrantyId ? eq(claims.warrantyId, filter.warrantyId) : undefined,
  ])
}

/** Whether the receipt is the customer's. */
export async function customerOwnsReceipt(db: DbOrTx, customerId: string, receiptId: string) {
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.id, receiptId), eq(receipts.customerId, customerId)))
  return rows.length > 0
}

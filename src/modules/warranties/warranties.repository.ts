import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Static } from 'typebox'
import type { DbOrTx } from '../../db/client.js'
import { globalProducts, merchantProducts, type WarrantyRow, warranties } from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'
import { keysetPage, type PageRequest, type PageWindow } from '../../http/pagination.js'
import type { WarrantyListQuery } from './warranties.schemas.js'
import { selectWarrantyViews, type WarrantyView } from './warranty-view.js'

/** Advisory lock namespace of issuance per serial (first key of pg_advisory_xact_lock(int, int)). */
const LOCK_SERIAL = 727_274_102

export async function findWarranty(db: DbOrTx, merchantId: string, id: string): Promise<WarrantyView | null> {
  const rows = await selectWarrantyViews(db)
    .where(and(eq(warranties.id, id), eq(warranties.merchantId, merchantId)))
    .limit(1)
  return rows[0] ?? null
}

/** A warranty by id alone, at any merchant (a customer's resend-link names it by its claim link). */
export async function findWarrantyById(db: DbOrTx, id: string): Promise<WarrantyView | null> {
  const rows = await selectWarrantyViews(db).where(eq(warranties.id, id)).limit(1)
  return rows[0] ?? null
}

/**
 * One page of a lookup, newest first: the warranty with this code (at most one row) or the
 * warranties of this customer e-mail, at this merchant. Fetches `limit + 1` rows (see `keysetPage`).
 */
export async function lookupWarranties(
  db: DbOrTx,
  merchantId: string,
  by: { code: string } | { email: string },
  page: PageWindow,
): Promise<WarrantyView[]> {
  return keysetPage(selectWarrantyViews(db), warranties, page, [
    eq(warranties.merchantId, merchantId),
    'code' in by ? eq(warranties.warrantyCode, by.code) : eq(warranties.customerEmail, by.email),
  ])
}

/** The filters of the list route (its query without the page). */
export type WarrantyFilters = Omit<Static<typeof WarrantyListQuery>, keyof PageRequest>

export async function listWarranties(
  db: DbOrTx,
  merchantId: string,
  filters: WarrantyFilters,
  page: PageWindow,
): Promise<WarrantyView[]> {
  const conditions: (SQL | undefined)[] = [eq(warranties.merchantId, merchantId)]
  if (filters.status === 'active') conditions.push(gt(warranties.expiresAt, sql`now()`))
  if (filters.status === 'expired') conditions.push(lte(warranties.expiresAt, sql`now()`))
  if (filters.mintStatus) conditions.push(eq(warranties.mintStatus, filters.mintStatus))
  if (filters.claimed === true) conditions.push(isNotNull(warranties.claimedAt))
  if (filters.claimed === false) conditions.push(isNull(warranties.claimedAt))
  if (filters.productId) conditions.push(eq(warranties.merchantProductId, filters.productId))
  if (filters.q) {
    const q = filters.q
    conditions.push(
      or(
        contains(warranties.serialNumber, q),
        contains(warranties.warrantyCode, q),
        contains(warranties.customerEmail, q),
        contains(warranties.invoiceNumber, q),
      ),
    )
  }
  return keysetPage(selectWarrantyViews(db), warranties, page, conditions)
}

/** The caller's live product, with the names a warranty shows (its global product's too). */
export async function findMerchantProduct(db: DbOrTx, merchantId: string, id: string) {
  const rows = await db
    .select({
      id: merchantProducts.id,
      title: merchantProducts.title,
      globalProductId: merchantProducts.globalProductId,
      warrantyDurationMonths: merchantProducts.warrantyDurationMonths,
      brand: globalProducts.brand,
      model: globalProducts.model,
    })
    .from(merchantProducts)
    .leftJoin(globalProducts, eq(globalProducts.id, merchantProducts.globalProductId))
    .where(
      and(
        eq(merchantProducts.id, id),
        eq(merchantProducts.merchantId, merchantId),
        isNull(merchantProducts.deletedAt),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function findGlobalProductNames(
  db: DbOrTx,
  id: string,
): Promise<{ brand: string; model: string } | null> {
  const rows = await db
    .select({ brand: globalProducts.brand, model: globalProducts.model })
    .from(globalProducts)
    .where(eq(globalProducts.id, id))
    .limit(1)
  return rows[0] ?? null
}

/** What makes two warranties duplicates: merchant, product (merchant, else global, else none), serial. */
export interface SerialKey {
  merchantId: string
  merchantProductId: string | null
  globalProductId: string | null
  serialNumber: string
}

/**
 * Serialises issuance of one serial number of one product of one merchant until the end of
 * the transaction, so that the duplicate check and the insert cannot interleave.
 */
export async function lockSerial(tx: DbOrTx, key: SerialKey): Promise<void> {
  const product = key.merchantProductId
    ? `m:${key.merchantProductId}`
    : key.globalProductId
      ? `g:${key.globalProductId}`
      : '-'
  const text = `${key.merchantId}|${product}|${key.serialNumber.toLowerCase()}`
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SERIAL}, hashtext(${text}))`)
}

/** An unexpired warranty for the same merchant, product and serial (any case), if any. */
export async function findActiveDuplicate(
  db: DbOrTx,
  key: SerialKey,
): Promise<{ warrantyCode: string } | null> {
  const product = key.merchantProductId
    ? eq(warranties.merchantProductId, key.merchantProductId)
    : key.globalProductId
      ? and(isNull(warranties.merchantProductId), eq(warranties.globalProductId, key.globalProductId))
      : and(isNull(warranties.merchantProductId), isNull(warranties.globalProductId))
  const rows = await db
    .select({ warrantyCode: warranties.warrantyCode })
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, key.merchantId),
        sql`lower(${warranties.serialNumber}) = ${key.serialNumber.toLowerCase()}`,
        gt(warranties.expiresAt, sql`now()`),
        product,
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

export type NewWarranty = Omit<typeof warranties.$inferInsert, 'warrantyCode'>

/**
 * Inserts a warranty under a fresh code; on the (unlikely) collision with an existing code,
 * draws another. `ON CONFLICT DO NOTHING` keeps the surrounding transaction usable.
 */
export async function insertWarranty(
  db: DbOrTx,
  values: NewWarranty,
  nextCode: () => string,
  attempts = 5,
): Promise<WarrantyRow> {
  for (let i = 0; i < attempts; i++) {
    const rows = await db
      .insert(warranties)
      .values({ ...values, warrantyCode: nextCode() })
      .onConflictDoNothing({ target: warranties.warrantyCode })
      .returning()
    if (rows[0]) return rows[0]
  }
  throw new Error(`no free warranty code after ${attempts} attempts`)
}

/** FAILED → PENDING, error cleared, attempts kept. Answers whether the warranty moved. */
export async function resetFailedMint(db: DbOrTx, merchantId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(warranties)
    .set({ mintStatus: 'PENDING', mintError: null, updatedAt: sql`now()` })
    .where(
      and(eq(warranties.id, id), eq(warranties.merchantId, merchantId), eq(warranties.mintStatus, 'FAILED')),
    )
    .returning({ id: warranties.id })
  return rows.length > 0
}

/** Links a warranty to its customer; one who has proved the address has it in the wallet at once. */
export async function setWarrantyCustomer(
  db: DbOrTx,
  id: string,
  customer: { id: string; verified: boolean },
): Promise<void> {
  await db
    .update(warranties)
    .set({
      customerId: customer.id,
      ...(customer.verified ? { claimedAt: sql`coalesce(${warranties.claimedAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(warranties.id, id))
}

/** The warranties of these merchants expiring within `withinDays` (not yet expired). */
export async function listExpiringWarranties(
  db: DbOrTx,
  merchantIds: readonly string[],
  withinDays: number,
): Promise<WarrantyRow[]> {
  if (merchantIds.length === 0) return []
  return db
    .select()
    .from(warranties)
    .where(
      and(
        inArray(warranties.merchantId, [...merchantIds]),
        gt(warranties.expiresAt, sql`now()`),
        lte(warranties.expiresAt, sql`now() + make_interval(days => ${withinDays}::int)`),
      ),
    )
}

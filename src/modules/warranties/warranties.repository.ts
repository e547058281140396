import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Static } from 'typebox'
import type { Db, DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { SERIAL_LOCK_NAMESPACE } from '../../db/lock-keys.js'
import { globalProducts, merchantProducts, type WarrantyRow, warranties } from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'
import type { PageRequest } from '../../http/pagination.js'
import { orderedIds } from '../../lib/ordered-ids.js'
import type { WarrantyListQuery } from './warranties.schemas.js'
import type { WarrantyView } from './warranty-view.js'
import { selectWarrantyViews } from './warranty-view.repository.js'

export async function findWarranty(db: DbOrTx, merchantId: string, id: string): Promise<WarrantyView | null> {
  const rows = await selectWarrantyViews(db)
    .where(and(eq(warranties.id, id), eq(warranties.merchantId, merchantId)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * `findWarranty` on the database (not in a transaction) as a prepared statement: parsed and
 * planned once per connection. The merchant's warranty read is the hottest read of the API.
 */
export function prepareFindWarranty(
  db: Db,
): (merchantId: string, id: string) => Promise<WarrantyView | null> {
  const statement = selectWarrantyViews(db)
    .where(
      and(eq(warranties.id, sql.placeholder('id')), eq(warranties.merchantId, sql.placeholder('merchantId'))),
    )
    .limit(1)
    .prepare('warranties_find_by_id')
  return async (merchantId, id) => (await statement.execute({ merchantId, id }))[0] ?? null
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

/** The caller's live products among `ids`, with the names a warranty shows (their global products' too). */
export async function findMerchantProducts(db: DbOrTx, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
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
        inArray(merchantProducts.id, [...ids]),
        eq(merchantProducts.merchantId, merchantId),
        isNull(merchantProducts.deletedAt),
      ),
    )
}

/** Brand and model of the global products among `ids` that exist. */
export async function findGlobalProductNames(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; brand: string; model: string }[]> {
  if (ids.length === 0) return []
  return db
    .select({ id: globalProducts.id, brand: globalProducts.brand, model: globalProducts.model })
    .from(globalProducts)
    .where(inArray(globalProducts.id, [...ids]))
}

/** What makes two warranties duplicates: merchant, product (merchant, else global, else none), serial. */
export interface SerialKey {
  merchantId: string
  merchantProductId: string | null
  globalProductId: string | null
  serialNumber: string
}

/** The text a serial key is locked and compared by (the serial in lower case). */
export function serialKeyText(key: SerialKey): string {
  const product = key.merchantProductId
    ? `m:${key.merchantProductId}`
    : key.globalProductId
      ? `g:${key.globalProductId}`
      : '-'
  return `${key.merchantId}|${product}|${key.serialNumber.toLowerCase()}`
}

/**
 * Serialises issuance of these serial numbers (of one product of one merchant each) until the
 * end of the transaction, so that the duplicate check and the insert cannot interleave. One
 * statement for any number of keys, taken in a fixed order (no deadlock between two batches).
 */
export async function lockSerials(tx: DbOrTx, keys: readonly SerialKey[]): Promise<void> {
  if (keys.length === 0) return
  const texts = [...new Set(keys.map(serialKeyText))].sort()
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(${SERIAL_LOCK_NAMESPACE}, hashtext(t))) from unnest(${sql.param(texts)}::text[]) as t`,
  )
}

/**
 * The unexpired warranties that duplicate any of these keys (same merchant, product rule and
 * serial in any case), as a map from `serialKeyText` to the existing warranty code. One query.
 */
export async function findActiveDuplicates(
  db: DbOrTx,
  merchantId: string,
  keys: readonly SerialKey[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  if (keys.length === 0) return found
  const serials = [...new Set(keys.map((k) => k.serialNumber.toLowerCase()))]
  const rows = await db
    .select({
      serial: sql<string>`lower(${warranties.serialNumber})`,
      merchantProductId: warranties.merchantProductId,
      globalProductId: warranties.globalProductId,
      warrantyCode: warranties.warrantyCode,
    })
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, merchantId),
        sql`lower(${warranties.serialNumber}) = any(${sql.param(serials)}::text[])`,
        gt(warranties.expiresAt, sql`now()`),
      ),
    )
  for (const row of rows) {
    // A row with a merchant product duplicates that product's key; else its global product's; else none's.
    const key = {
      merchantId,
      merchantProductId: row.merchantProductId,
      globalProductId: row.merchantProductId ? null : row.globalProductId,
      serialNumber: row.serial,
    }
    found.set(serialKeyText(key), row.warrantyCode)
  }
  return found
}

export type NewWarranty = Omit<typeof warranties.$inferInsert, 'warrantyCode'>

/**
 * Inserts warranties (one statement for all), each under a fresh code; rows whose code
 * collided with an existing one (unlikely) are drawn again. `ON CONFLICT DO NOTHING` keeps the
 * surrounding transaction usable. Answers the rows in the order of `values`. Rows of one
 * statement share their creation time: their ids are drawn in the order of `values`
 * (`orderedIds`), so that lists (newest first, then by id) keep the order of a bulk request or
 * of a file's lines, never a shuffle.
 */
export async function insertWarranties(
  db: DbOrTx,
  given: readonly NewWarranty[],
  nextCode: () => string,
  attempts = 5,
): Promise<WarrantyRow[]> {
  const ids = given.length > 1 ? orderedIds(given.length) : []
  const values = given.map((v, i) => (ids[i] && v.id === undefined ? { ...v, id: ids[i] } : v))
  const inserted: (WarrantyRow | undefined)[] = new Array(values.length)
  let todo = values.map((_, i) => i)
  for (let attempt = 0; attempt < attempts && todo.length > 0; attempt++) {
    const codes = todo.map(() => nextCode())
    const rows = await db
      .insert(warranties)
      .values(
        todo.map((i, n) => ({ ...values[i], warrantyCode: codes[n] }) as typeof warranties.$inferInsert),
      )
      .onConflictDoNothing({ target: warranties.warrantyCode })
      .returning()
    const byCode = new Map(rows.map((row) => [row.warrantyCode, row]))
    todo = todo.filter((i, n) => {
      const row = byCode.get(codes[n] as string)
      inserted[i] = row
      return row === undefined
    })
  }
  if (todo.length > 0) throw new Error(`no free warranty code after ${attempts} attempts`)
  return inserted as WarrantyRow[]
}

/** Links a warranty to its customer (in the wallet at once, claimed when the customer takes it). */
export async function setWarrantyCustomer(db: DbOrTx, id: string, customer: { id: string }): Promise<void> {
  await db
    .update(warranties)
    .set({ customerId: customer.id, updatedAt: sql`now()` })
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

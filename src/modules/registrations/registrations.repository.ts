import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import {
  merchantProducts,
  merchants,
  type ProductRegistrationRow,
  productRegistrations,
  type RegistrationSettingsRow,
  registrationSerials,
  registrationSettings,
  warranties,
} from '../../db/schema/index.js'

/** A product as registration sees it: the merchant's product with this GTIN and its rules. */
export interface RegistrationProduct {
  merchantProductId: string
  merchantId: string
  title: string
  gtin: string | null
  merchantName: string
  warrantyDurationMonths: number | null
  settings: RegistrationSettingsRow | null
}

const productColumns = {
  merchantProductId: merchantProducts.id,
  merchantId: merchantProducts.merchantId,
  title: merchantProducts.title,
  gtin: merchantProducts.gtin,
  merchantName: merchants.name,
  warrantyDurationMonths: merchantProducts.warrantyDurationMonths,
  settings: registrationSettings,
}

function productQuery(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(merchantProducts)
    .innerJoin(merchants, eq(merchants.id, merchantProducts.merchantId))
    .leftJoin(registrationSettings, eq(registrationSettings.merchantProductId, merchantProducts.id))
}

/**
 * The merchant product with one of these stored GTIN forms that registration speaks for: the
 * oldest one whose registration is on, else the oldest one. Null when no merchant has it.
 */
export async function findRegistrationProduct(
  db: DbOrTx,
  gtinForms: string[],
): Promise<RegistrationProduct | null> {
  const [row] = await productQuery(db)
    .where(and(inArray(merchantProducts.gtin, gtinForms), isNull(merchantProducts.deletedAt)))
    .orderBy(sql`coalesce(${registrationSettings.enabled}, false) desc`, asc(merchantProducts.createdAt))
    .limit(1)
  return (row as RegistrationProduct | undefined) ?? null
}

/** What the check and the resolver need to know of an item, read in one statement. */
export interface ItemFacts extends RegistrationProduct {
  /** The merchant uploaded this serial. */
  known: boolean
  /** A live registration or a warranty of the merchant's product has this serial. */
  taken: boolean
}

/**
 * `findRegistrationProduct` and, for that product, whether the serial (lower-cased) is known and
 * whether it is taken: one prepared statement (the check's and the resolver's hot path), each
 * probe on its own index (the known serials' primary key, the live registrations' unique index,
 * `warranties_merchant_serial_lower_idx`).
 */
export function prepareItemFacts(
  db: Db,
): (gtinForms: string[], serialKey: string) => Promise<ItemFacts | null> {
  const key = sql.placeholder('serialKey')
  const known = sql<boolean>`exists (select 1 from ${registrationSerials} where ${registrationSerials.merchantProductId} = ${merchantProducts.id} and ${registrationSerials.serialKey} = ${key})`
  const registered = sql`exists (select 1 from ${productRegistrations} where ${productRegistrations.merchantProductId} = ${merchantProducts.id} and ${productRegistrations.serialKey} = ${key} and ${productRegistrations.status} in ('PENDING', 'APPROVED'))`
  const covered = sql`exists (select 1 from ${warranties} where ${warranties.merchantId} = ${merchantProducts.merchantId} and ${warranties.merchantProductId} = ${merchantProducts.id} and lower(${warranties.serialNumber}) = ${key})`
  const statement = db
    .select({ ...productColumns, known, taken: sql<boolean>`(${registered} or ${covered})` })
    .from(merchantProducts)
    .innerJoin(merchants, eq(merchants.id, merchantProducts.merchantId))
    .leftJoin(registrationSettings, eq(registrationSettings.merchantProductId, merchantProducts.id))
    .where(
      and(
        sql`${merchantProducts.gtin} = any(${sql.placeholder('gtinForms')}::text[])`,
        isNull(merchantProducts.deletedAt),
      ),
    )
    .orderBy(sql`coalesce(${registrationSettings.enabled}, false) desc`, asc(merchantProducts.createdAt))
    .limit(1)
    .prepare('registrations_item_facts')
  return async (gtinForms, serialKey) =>
    ((await statement.execute({ gtinForms, serialKey }))[0] as ItemFacts | undefined) ?? null
}

/** A merchant's product (not deleted) with its registration rules; null for another merchant's. */
export async function findMerchantRegistrationProduct(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<RegistrationProduct | null> {
  const [row] = await productQuery(db)
    .where(
      and(
        eq(merchantProducts.id, id),
        eq(merchantProducts.merchantId, merchantId),
        isNull(merchantProducts.deletedAt),
      ),
    )
    .limit(1)
  return (row as RegistrationProduct | undefined) ?? null
}

export type SettingsValues = Pick<
  RegistrationSettingsRow,
  'enabled' | 'coverageMonths' | 'coverageStart' | 'autoApproveMaxAgeDays' | 'requireKnownSerial'
>

export async function upsertSettings(
  db: DbOrTx,
  merchantId: string,
  merchantProductId: string,
  values: SettingsValues,
): Promise<RegistrationSettingsRow> {
  const [row] = await db
    .insert(registrationSettings)
    .values({ merchantProductId, merchantId, ...values })
    .onConflictDoUpdate({
      target: registrationSettings.merchantProductId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning()
  if (!row) throw new Error('the registration settings were not stored')
  return row
}

/** True when the merchant listed this serial (lower-cased) for the product: one primary-key probe. */
export async function isKnownSerial(db: DbOrTx, merchantProductId: string, serialKey: string) {
  const rows = await db
    .select({ one: sql`1` })
    .from(registrationSerials)
    .where(
      and(
        eq(registrationSerials.merchantProductId, merchantProductId),
        eq(registrationSerials.serialKey, serialKey),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** How many serials the merchant listed for the product. */
export async function countKnownSerials(db: DbOrTx, merchantProductId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrationSerials)
    .where(eq(registrationSerials.merchantProductId, merchantProductId))
  return row?.n ?? 0
}

/** The live (PENDING or APPROVED) registration of the item, if any. */
export async function findLiveRegistration(
  db: DbOrTx,
  merchantProductId: string,
  serialKey: string,
): Promise<ProductRegistrationRow | null> {
  const [row] = await db
    .select()
    .from(productRegistrations)
    .where(
      and(
        eq(productRegistrations.merchantProductId, merchantProductId),
        eq(productRegistrations.serialKey, serialKey),
        inArray(productRegistrations.status, ['PENDING', 'APPROVED']),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The newest warranty of the merchant's product for this serial (any case, expired or not). */
export async function findItemWarrantyOf(
  db: DbOrTx,
  merchantId: string,
  merchantProductId: string,
  serialKey: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: warranties.id })
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, merchantId),
        eq(warranties.merchantProductId, merchantProductId),
        sql`lower(${warranties.serialNumber}) = ${serialKey}`,
      ),
    )
    .orderBy(desc(warranties.createdAt))
    .limit(1)
  return row ?? null
}

export type NewRegistration = typeof productRegistrations.$inferInsert

export async function insertRegistration(
  db: DbOrTx,
  values: NewRegistration,
): Promise<ProductRegistrationRow> {
  const [row] = await db.insert(productRegistrations).values(values).returning()
  if (!row) throw new Error('the registration was not inserted')
  return row
}

export async function updateRegistration(
  db: DbOrTx,
  id: string,
  values: Partial<NewRegistration>,
): Promise<ProductRegistrationRow> {
  const [row] = await db
    .update(productRegistrations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productRegistrations.id, id))
    .returning()
  if (!row) throw new Error('the registration was not updated')
  return row
}

/** Locks the merchant's registration for a decision; null when it is not the merchant's. */
export async function lockRegistration(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<ProductRegistrationRow | null> {
  const [row] = await db
    .select()
    .from(productRegistrations)
    .where(and(eq(productRegistrations.id, id), eq(productRegistrations.merchantId, merchantId)))
    .for('update')
    .limit(1)
  return row ?? null
}

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  type ClaimSettingsRow,
  claimSettings,
  globalProducts,
  merchantProducts,
  merchantServiceProviders,
  serviceProviders,
  users,
  warranties,
} from '../../db/schema/index.js'
import { selectWarrantyViewsWith } from '../warranties/index.js'

// Around claims: the merchant's rules, its allow-list, the people to notify, the coverage desk.

export async function findSettings(db: DbOrTx, merchantId: string): Promise<ClaimSettingsRow | null> {
  const [row] = await db.select().from(claimSettings).where(eq(claimSettings.merchantId, merchantId))
  return row ?? null
}

export async function upsertSettings(
  db: DbOrTx,
  merchantId: string,
  values: {
    autoApproveWithinDays: number | null
    autoApproveProductIds: string[]
    repairExtensionDays: number
  },
): Promise<ClaimSettingsRow> {
  const [row] = await db
    .insert(claimSettings)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: claimSettings.merchantId, set: { ...values, updatedAt: sql`now()` } })
    .returning()
  if (!row) throw new Error('claim settings not written')
  return row
}

/** Of `ids`, those that are products of the merchant (not deleted). */
export async function merchantProductIdsOf(db: DbOrTx, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>()
  const rows = await db
    .select({ id: merchantProducts.id })
    .from(merchantProducts)
    .where(and(eq(merchantProducts.merchantId, merchantId), inArray(merchantProducts.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

/** The provider with its status, if the merchant allowed it. */
export async function allowedProvider(db: DbOrTx, merchantId: string, serviceProviderId: string) {
  const [row] = await db
    .select({ id: serviceProviders.id, name: serviceProviders.name, status: serviceProviders.status })
    .from(merchantServiceProviders)
    .innerJoin(serviceProviders, eq(serviceProviders.id, merchantServiceProviders.serviceProviderId))
    .where(
      and(
        eq(merchantServiceProviders.merchantId, merchantId),
        eq(merchantServiceProviders.serviceProviderId, serviceProviderId),
      ),
    )
  return row ?? null
}

/** Active users to notify: a merchant's staff or a provider's users. */
export async function activeStaffEmails(
  db: DbOrTx,
  of: { merchantId: string } | { serviceProviderId: string },
): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        'merchantId' in of
          ? eq(users.merchantId, of.merchantId)
          : eq(users.serviceProviderId, of.serviceProviderId),
        eq(users.status, 'ACTIVE'),
        'merchantId' in of ? eq(users.role, 'MERCHANT_USER') : eq(users.role, 'SERVICE_PROVIDER'),
      ),
    )
    .limit(50)
}

export async function userEmail(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id))
  return row?.email ?? null
}

export async function userName(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id))
  return row?.name ?? null
}

/**
 * The coverage desk: the warranties a provider may look up (of merchants that allowed it), by
 * code or by GTIN and serial. Never the owner's details.
 */
export async function coverageLookup(
  db: DbOrTx,
  serviceProviderId: string,
  by: { warrantyCode: string } | { gtin: string; serialNumber: string },
) {
  const gtin = sql<string | null>`coalesce(${merchantProducts.gtin}, ${globalProducts.gtin})`
  const allowed = sql`exists (select 1 from merchant_service_providers m where m.merchant_id = ${warranties.merchantId} and m.service_provider_id = ${serviceProviderId})`
  const match =
    'warrantyCode' in by
      ? eq(warranties.warrantyCode, by.warrantyCode)
      : and(sql`${gtin} = ${by.gtin}`, sql`lower(${warranties.serialNumber}) = lower(${by.serialNumber})`)
  return selectWarrantyViewsWith(db, {
    gtin,
    voided: sql<boolean>`exists (select 1 from service_events e where e.warranty_id = ${warranties.id} and e.kind = 'VOIDED')`,
  })
    .where(and(match, allowed))
    .orderBy(sql`${warranties.expiresAt} desc`)
    .limit(5)
}

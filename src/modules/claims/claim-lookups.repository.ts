import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  type ClaimSettingsRow,
  claimSettings,
  claims,
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

/** A merchant's claims by state, open ones by age bucket (docs/claims.md#statistics). */
export async function claimCountsOf(db: DbOrTx, merchantId: string) {
  return db
    .select({
      status: claims.status,
      outcome: claims.outcome,
      n: sql<number>`count(*)::int`,
      under2Days: sql<number>`(count(*) filter (where ${claims.createdAt} > now() - interval '2 days'))::int`,
      under7Days: sql<number>`(count(*) filter (where ${claims.createdAt} > now() - interval '7 days'))::int`,
      under30Days: sql<number>`(count(*) filter (where ${claims.createdAt} > now() - interval '30 days'))::int`,
    })
    .from(claims)
    .where(eq(claims.merchantId, merchantId))
    .groupBy(claims.status, claims.outcome)
}

/** The median time from opening to resolution of the claims resolved in the last 90 days, in hours. */
export async function medianResolutionHours(db: DbOrTx, merchantId: string): Promise<number | null> {
  const [row] = await db
    .select({
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${claims.resolvedAt} - ${claims.createdAt}) / 3600)`,
    })
    .from(claims)
    .where(
      and(
        eq(claims.merchantId, merchantId),
        eq(claims.status, 'RESOLVED'),
        sql`${claims.resolvedAt} > now() - interval '90 days'`,
      ),
    )
  return row?.hours === null || row?.hours === undefined ? null : Number(row.hours)
}

/** The products with the most claims (at most 20), each with its warranties: the claim rate. */
export async function claimRatesByProduct(db: DbOrTx, merchantId: string) {
  const top = await db
    .select({
      merchantProductId: merchantProducts.id,
      title: merchantProducts.title,
      claims: sql<number>`count(*)::int`,
    })
    .from(claims)
    .innerJoin(warranties, eq(warranties.id, claims.warrantyId))
    .innerJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
    .where(eq(claims.merchantId, merchantId))
    .groupBy(merchantProducts.id, merchantProducts.title)
    .orderBy(sql`count(*) desc`, merchantProducts.id)
    .limit(20)
  if (top.length === 0) return []
  const issued = await db
    .select({ merchantProductId: warranties.merchantProductId, n: sql<number>`count(*)::int` })
    .from(warranties)
    .where(
      and(
        eq(warranties.merchantId, merchantId),
        inArray(
          warranties.merchantProductId,
          top.map((t) => t.merchantProductId),
        ),
      ),
    )
    .groupBy(warranties.merchantProductId)
  const counts = new Map(issued.map((r) => [r.merchantProductId, r.n]))
  return top.map((t) => ({ ...t, warranties: counts.get(t.merchantProductId) ?? 0 }))
}

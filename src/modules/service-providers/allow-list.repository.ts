import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { merchantServiceProviders as links, serviceProviders } from '../../db/schema/index.js'

// A provider as its merchant sees it on the allow-list; `createdAt` is when it was allowed.
const allowedColumns = {
  id: serviceProviders.id,
  name: serviceProviders.name,
  contactEmail: serviceProviders.contactEmail,
  phone: serviceProviders.phone,
  address: serviceProviders.address,
  status: serviceProviders.status,
  createdAt: links.createdAt,
}

const allowed = (db: DbOrTx) =>
  db
    .select(allowedColumns)
    .from(links)
    .innerJoin(serviceProviders, eq(serviceProviders.id, links.serviceProviderId))

export async function findAllowedServiceProvider(db: DbOrTx, merchantId: string, serviceProviderId: string) {
  const [row] = await allowed(db).where(
    and(eq(links.merchantId, merchantId), eq(links.serviceProviderId, serviceProviderId)),
  )
  return row ?? null
}

export type AllowedServiceProviderRow = NonNullable<Awaited<ReturnType<typeof findAllowedServiceProvider>>>

/** The providers a merchant allowed, the latest allowed first. */
export async function listAllowedServiceProviders(
  db: DbOrTx,
  merchantId: string,
  window: PageWindow,
): Promise<AllowedServiceProviderRow[]> {
  return keysetPage(
    allowed(db).$dynamic(),
    { createdAt: links.createdAt, id: links.serviceProviderId },
    window,
    [eq(links.merchantId, merchantId)],
  )
}

/** Adds the provider to the merchant's allow-list; false when it was there already. */
export async function insertAllowedServiceProvider(
  db: DbOrTx,
  merchantId: string,
  serviceProviderId: string,
): Promise<boolean> {
  const rows = await db
    .insert(links)
    .values({ merchantId, serviceProviderId })
    .onConflictDoNothing()
    .returning({ merchantId: links.merchantId })
  return rows.length > 0
}

/** Takes the provider off the merchant's allow-list; false when it was not on it. */
export async function deleteAllowedServiceProvider(
  db: DbOrTx,
  merchantId: string,
  serviceProviderId: string,
): Promise<boolean> {
  const rows = await db
    .delete(links)
    .where(and(eq(links.merchantId, merchantId), eq(links.serviceProviderId, serviceProviderId)))
    .returning({ merchantId: links.merchantId })
  return rows.length > 0
}

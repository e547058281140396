import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import {
  type ServiceProviderRow,
  type ServiceProviderStatus,
  serviceProviders,
  users,
} from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'
import { pendingInvitationExpiry } from '../../db/staff-invitations.js'

/** The unique index a taken provider name breaks (case-insensitive). */
export const PROVIDER_NAME_UNIQUE = 'service_providers_name_unique'

export type NewServiceProvider = Pick<ServiceProviderRow, 'name' | 'contactEmail' | 'phone' | 'address'>
export type ServiceProviderChanges = Partial<
  Pick<ServiceProviderRow, 'name' | 'contactEmail' | 'phone' | 'address' | 'status'>
>

export async function insertServiceProvider(
  db: DbOrTx,
  provider: NewServiceProvider,
): Promise<ServiceProviderRow> {
  const [row] = await db.insert(serviceProviders).values(provider).returning()
  if (!row) throw new Error('the service provider insert returned no row')
  return row
}

/** The provider, row-locked until the transaction ends when `forUpdate`. */
export async function findServiceProvider(
  db: DbOrTx,
  id: string,
  forUpdate = false,
): Promise<ServiceProviderRow | null> {
  const query = db.select().from(serviceProviders).where(eq(serviceProviders.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

/** Sets only the columns given (and `updatedAt`); null when there is no such provider. */
export async function updateServiceProvider(
  db: DbOrTx,
  id: string,
  changes: ServiceProviderChanges,
): Promise<ServiceProviderRow | null> {
  const [row] = await db
    .update(serviceProviders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(serviceProviders.id, id))
    .returning()
  return row ?? null
}

/** Newest first; `status` and `nameContains` (case-insensitive) narrow the list. */
export async function listServiceProviders(
  db: DbOrTx,
  filter: { status?: ServiceProviderStatus | undefined; nameContains?: string | undefined },
  window: PageWindow,
): Promise<ServiceProviderRow[]> {
  const filters: (SQL | undefined)[] = [
    filter.status ? eq(serviceProviders.status, filter.status) : undefined,
    filter.nameContains ? contains(serviceProviders.name, filter.nameContains) : undefined,
  ]
  return keysetPage(db.select().from(serviceProviders).$dynamic(), serviceProviders, window, filters)
}

/** Active providers, id and name only (what a merchant sees before allowing one), newest first. */
export async function listActiveServiceProviders(
  db: DbOrTx,
  nameContains: string | undefined,
  window: PageWindow,
): Promise<{ id: string; name: string; createdAt: Date }[]> {
  const columns = {
    id: serviceProviders.id,
    name: serviceProviders.name,
    createdAt: serviceProviders.createdAt,
  }
  return keysetPage(db.select(columns).from(serviceProviders).$dynamic(), serviceProviders, window, [
    eq(serviceProviders.status, 'ACTIVE'),
    nameContains ? contains(serviceProviders.name, nameContains) : undefined,
  ])
}

// Never the password hash: only these columns of a provider's user ever leave the database.
const providerUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  serviceProviderId: users.serviceProviderId,
  status: users.status,
  invitationExpiresAt: pendingInvitationExpiry,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export async function findServiceProviderUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select(providerUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'SERVICE_PROVIDER')))
  return row ?? null
}

export type ServiceProviderUserRow = NonNullable<Awaited<ReturnType<typeof findServiceProviderUser>>>

/** The users of one provider, newest first. */
export async function listServiceProviderUsers(
  db: DbOrTx,
  serviceProviderId: string,
  window: PageWindow,
): Promise<ServiceProviderUserRow[]> {
  return keysetPage(db.select(providerUserColumns).from(users).$dynamic(), users, window, [
    eq(users.serviceProviderId, serviceProviderId),
  ])
}

import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  customerProfiles,
  inboxAddresses,
  type Language,
  type SubscriptionTier,
  users,
} from '../../db/schema/index.js'

/** The reminder threshold of a customer who never set one. */
export const DEFAULT_REMINDER_DAYS = 7

export interface ProfileRow {
  id: string
  email: string
  name: string | null
  subscriptionTier: SubscriptionTier
  reminderDaysBeforeExpiry: number
  language: Language | null
  verifiedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/**
 * The customer with the profile settings; a customer without a profile row yet reads the
 * defaults (FREE, 7 days). Null for an unknown id or a user who is not a customer.
 */
export async function findProfile(db: DbOrTx, customerId: string): Promise<ProfileRow | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      subscriptionTier: sql<SubscriptionTier>`coalesce(${customerProfiles.subscriptionTier}, 'FREE')`,
      reminderDaysBeforeExpiry: sql<number>`coalesce(${customerProfiles.reminderDaysBeforeExpiry}, ${DEFAULT_REMINDER_DAYS})::int`,
      language: customerProfiles.language,
      verifiedAt: customerProfiles.verifiedAt,
      createdAt: users.createdAt,
      userUpdatedAt: users.updatedAt,
      profileUpdatedAt: customerProfiles.updatedAt,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(sql`${users.id} = ${customerId} and ${users.role} = 'CUSTOMER'`)
    .limit(1)
  const row = rows[0]
  if (!row) return null
  const { userUpdatedAt, profileUpdatedAt, ...profile } = row
  const updatedAt = profileUpdatedAt && profileUpdatedAt > userUpdatedAt ? profileUpdatedAt : userUpdatedAt
  return { ...profile, updatedAt }
}

/** Writes the settings given (creating the profile row when missing). */
export async function saveProfile(
  db: DbOrTx,
  customerId: string,
  patch: {
    subscriptionTier?: SubscriptionTier
    reminderDaysBeforeExpiry?: number
    language?: Language | null
  },
): Promise<void> {
  await db
    .insert(customerProfiles)
    .values({ userId: customerId, ...patch })
    .onConflictDoUpdate({ target: customerProfiles.userId, set: { ...patch, updatedAt: sql`now()` } })
}

/** Records that the customer proved the address (the first time only; later proofs keep it). */
export async function markVerified(db: DbOrTx, customerId: string): Promise<void> {
  await db
    .insert(customerProfiles)
    .values({ userId: customerId, verifiedAt: sql`now()` })
    .onConflictDoUpdate({
      target: customerProfiles.userId,
      set: { verifiedAt: sql`coalesce(${customerProfiles.verifiedAt}, now())` },
    })
}

export interface InboxAddressRow {
  id: string
  localPart: string
  createdAt: Date
}

/** The customer's inbox addresses, oldest first. */
export async function listInboxAddresses(db: DbOrTx, customerId: string): Promise<InboxAddressRow[]> {
  return db
    .select({
      id: inboxAddresses.id,
      localPart: inboxAddresses.localPart,
      createdAt: inboxAddresses.createdAt,
    })
    .from(inboxAddresses)
    .where(eq(inboxAddresses.customerId, customerId))
    .orderBy(asc(inboxAddresses.createdAt), asc(inboxAddresses.id))
}

/** Adds an address; null when the local part is taken (the caller draws another). */
export async function insertInboxAddress(
  db: DbOrTx,
  customerId: string,
  localPart: string,
): Promise<InboxAddressRow | null> {
  const rows = await db
    .insert(inboxAddresses)
    .values({ customerId, localPart })
    .onConflictDoNothing({ target: inboxAddresses.localPart })
    .returning({
      id: inboxAddresses.id,
      localPart: inboxAddresses.localPart,
      createdAt: inboxAddresses.createdAt,
    })
  return rows[0] ?? null
}

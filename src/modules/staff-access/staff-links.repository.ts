import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  type AdminRole,
  type MerchantRole,
  merchants,
  type Role,
  type StaffLinkKind,
  serviceProviders,
  staffLinks,
  users,
} from '../../db/schema/index.js'
import { createOneTimeToken } from '../../lib/one-time-tokens.js'

/** Records a fresh link; answers the raw token (it goes into the e-mail only) and its expiry. */
export async function createStaffLink(
  db: DbOrTx,
  link: { userId: string; kind: StaffLinkKind; ttlMs: number; createdBy: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = createOneTimeToken()
  const expiresAt = new Date(Date.now() + link.ttlMs)
  await db.insert(staffLinks).values({
    userId: link.userId,
    kind: link.kind,
    tokenHash: hash,
    expiresAt,
    createdBy: link.createdBy,
  })
  return { token, expiresAt }
}

/** A staff link as the console's landing pages and the using call read it (by its token's hash). */
export interface StoredStaffLink {
  userId: string
  kind: StaffLinkKind
  expiresAt: Date
  usedAt: Date | null
  email: string
  name: string | null
  role: Role
  /** The user's merchant or service provider (null for an admin). */
  organisationName: string | null
}

export async function findStaffLink(db: DbOrTx, tokenHash: string): Promise<StoredStaffLink | null> {
  const rows = await db
    .select({
      userId: staffLinks.userId,
      kind: staffLinks.kind,
      expiresAt: staffLinks.expiresAt,
      usedAt: staffLinks.usedAt,
      email: users.email,
      name: users.name,
      role: users.role,
      organisationName: sql<string | null>`coalesce(${merchants.name}, ${serviceProviders.name})`,
    })
    .from(staffLinks)
    .innerJoin(users, eq(users.id, staffLinks.userId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, users.serviceProviderId))
    .where(eq(staffLinks.tokenHash, tokenHash))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Uses an open, unexpired link of this kind in one conditional UPDATE: of any number of
 * concurrent calls, exactly one gets the row (as claim and magic links). Null: nothing used.
 */
export async function useStaffLink(
  db: DbOrTx,
  tokenHash: string,
  kind: StaffLinkKind,
): Promise<{ userId: string } | null> {
  const rows = await db
    .update(staffLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffLinks.tokenHash, tokenHash),
        eq(staffLinks.kind, kind),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: staffLinks.userId })
  return rows[0] ?? null
}

/**
 * Ends the user's open links (of one kind, or every kind): they then read as expired. A newer
 * link supersedes the older ones; a used link ends all the others.
 */
export async function expireOpenStaffLinks(db: DbOrTx, userId: string, kind?: StaffLinkKind): Promise<void> {
  await db
    .update(staffLinks)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(staffLinks.userId, userId),
        kind ? eq(staffLinks.kind, kind) : undefined,
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, sql`now()`),
      ),
    )
}

/** A staff user as an invitation's resend and revocation see it, locked until the transaction ends. */
export interface Invitee {
  id: string
  email: string
  name: string | null
  role: Role
  merchantId: string | null
  merchantRole: MerchantRole | null
  adminRole: AdminRole | null
  serviceProviderId: string | null
  /** Has not chosen a password yet: the invitation is still open to resend or revoke. */
  pending: boolean
  createdAt: Date
}

export async function lockInvitee(db: DbOrTx, id: string): Promise<Invitee | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      merchantId: users.merchantId,
      merchantRole: users.merchantRole,
      adminRole: users.adminRole,
      serviceProviderId: users.serviceProviderId,
      pending: sql<boolean>`${users.passwordHash} is null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.role} <> 'CUSTOMER'`))
    .for('update')
  return row ?? null
}

/** The name of the merchant or service provider (null: there is none with this id). */
export async function organisationName(
  db: DbOrTx,
  of: { merchantId: string } | { serviceProviderId: string },
): Promise<string | null> {
  const [row] =
    'merchantId' in of
      ? await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, of.merchantId))
      : await db
          .select({ name: serviceProviders.name })
          .from(serviceProviders)
          .where(eq(serviceProviders.id, of.serviceProviderId))
  return row?.name ?? null
}

/** Deletes an invited user who never chose a password (their links go with them). */
export async function deleteInvitee(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning({ id: users.id })
  return rows.length > 0
}

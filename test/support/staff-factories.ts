import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.js'
import { type StaffLinkKind, staffLinks, users } from '../../src/db/schema/index.js'
import { createOneTimeToken } from '../../src/lib/one-time-tokens.js'
import { uniqueEmail } from './factories.js'
import { mailsAbout } from './warranty-factories.js'

/** A staff link written directly (no e-mail): `expiresInMs` negative for an expired one. */
export async function insertStaffLink(
  db: Db,
  link: { userId: string; kind: StaffLinkKind; expiresInMs?: number },
): Promise<string> {
  const { token, hash } = createOneTimeToken()
  await db.insert(staffLinks).values({
    userId: link.userId,
    kind: link.kind,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + (link.expiresInMs ?? 3600_000)),
  })
  return token
}

/** A merchant user invited but not yet accepted (no password), with an open invitation link. */
export async function insertInvitedMerchantUser(
  db: Db,
  merchantId: string,
): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail('invited')
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: null,
      name: 'Invited',
      role: 'MERCHANT_USER',
      merchantId,
      merchantRole: 'USER',
    })
    .returning({ id: users.id })
  if (!row) throw new Error('invited user not created')
  return { id: row.id, email, token: await insertStaffLink(db, { userId: row.id, kind: 'INVITATION' }) }
}

/** The links e-mailed about a staff user (read from the recorded messages), oldest first, with their template. */
export async function staffMailsOf(
  db: Db,
  userId: string,
): Promise<{ template: string; token: string; data: Record<string, unknown> }[]> {
  const mails = await mailsAbout(db, 'staff_user', userId)
  return mails.map((m) => {
    const data = m.data as Record<string, unknown>
    return {
      template: m.template,
      token: new URL(String(data.url)).searchParams.get('token') ?? '',
      data,
    }
  })
}

/** The user's link rows (hashes only), oldest first. */
export function staffLinksOf(db: Db, userId: string) {
  return db.select().from(staffLinks).where(eq(staffLinks.userId, userId)).orderBy(staffLinks.createdAt)
}

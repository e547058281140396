import type { DbOrTx } from '../../db/client.js'
import type { AdminRole } from '../../db/schema/index.js'
import { findUserByEmail, insertUser } from '../users/index.js'
import { hashPassword } from './passwords.js'

export interface NewAdmin {
  email: string
  password: string
  /** Default 'Administrator'. */
  name?: string | undefined
  /** Default SUPER_ADMIN. */
  adminRole?: AdminRole | undefined
}

export type EnsureAdminResult = { created: true; id: string } | { created: false; reason: 'exists' }

/**
 * Creates an admin unless a user with the e-mail (any role, any case) exists: the one way in
 * for the start-up bootstrap (`AuthService.ensureAdmin`) and `npm run admin:create`.
 */
export async function ensureAdmin(db: DbOrTx, admin: NewAdmin): Promise<EnsureAdminResult> {
  if (await findUserByEmail(db, admin.email)) return { created: false, reason: 'exists' }
  const inserted = await insertUser(db, {
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    name: admin.name ?? 'Administrator',
    role: 'ADMIN',
    adminRole: admin.adminRole ?? 'SUPER_ADMIN',
  })
  return inserted ? { created: true, id: inserted.id } : { created: false, reason: 'exists' }
}

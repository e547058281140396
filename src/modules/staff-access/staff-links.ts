import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { StaffLinkKind } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { clientKey } from '../../lib/client-address.js'
import { hashToken, linkRefusal } from '../../lib/one-time-tokens.js'
import { type AuthService, hashPassword, type LoginView, refuseLockedOut } from '../auth/index.js'
import { findUserById, setPassword } from '../users/index.js'
import {
  expireOpenStaffLinks,
  findStaffLink,
  type StoredStaffLink,
  useStaffLink,
} from './staff-links.repository.js'

/** What each kind of link says when it cannot be used (the codes: invalid_token, token_used, expired_token). */
const REFUSALS: Record<StaffLinkKind, Record<'invalid_token' | 'token_used' | 'expired_token', string>> = {
  INVITATION: {
    invalid_token: 'The invitation link is not valid (it may have been revoked): ask for a new invitation',
    token_used: 'The invitation was already accepted: sign in with your e-mail address and password',
    expired_token: 'The invitation has expired: ask the person who invited you to send it again',
  },
  PASSWORD_RESET: {
    invalid_token: 'The password reset link is not valid: ask for a new one',
    token_used: 'The password reset link was already used: ask for a new one',
    expired_token: 'The password reset link has expired (or a newer one replaced it): ask for a new one',
  },
}

/**
 * Checking and using a staff link (an invitation or a password reset): checking never uses it;
 * using it sets the password the user chose, in one transaction with the link's conditional
 * use (exactly one of concurrent uses wins), ends every other open link of the user and every
 * session of before (the token version moves on), and answers a fresh session, as a login does.
 */
export class StaffLinks {
  constructor(
    private readonly deps: { db: Db; limiter: RateLimiter; auth: Pick<AuthService, 'openSession'> },
  ) {}

  /** The open link of this kind, or the refusal that says why not (401). */
  async check(token: string, kind: StaffLinkKind): Promise<StoredStaffLink> {
    const link = await findStaffLink(this.deps.db, hashToken(token))
    return this.open(link, kind)
  }

  async use(token: string, kind: StaffLinkKind, password: string, address: string): Promise<LoginView> {
    const { db, limiter } = this.deps
    const limit = await limiter.hit(`staff-link:client:${clientKey(address)}`, limiter.limits.staffLinkUse)
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    // Checked before the password is hashed: an unknown token costs no hashing.
    const link = await this.check(token, kind)
    const before = await findUserById(db, link.userId)
    if (!before) throw linkRefusal(null, REFUSALS[kind])
    refuseLockedOut(before)
    const passwordHash = await hashPassword(password)
    const hash = hashToken(token)
    const used = await db.transaction(async (tx) => {
      const row = await useStaffLink(tx, hash, kind)
      if (!row) return null
      await setPassword(tx, row.userId, passwordHash)
      await expireOpenStaffLinks(tx, row.userId)
      return row
    })
    if (!used) throw this.refusal(await findStaffLink(db, hash), kind)
    const user = await findUserById(db, used.userId)
    if (!user) throw linkRefusal(null, REFUSALS[kind])
    return this.deps.auth.openSession(user)
  }

  private open(link: StoredStaffLink | null, kind: StaffLinkKind): StoredStaffLink {
    if (!link || link.kind !== kind || link.usedAt || link.expiresAt <= new Date())
      throw this.refusal(link, kind)
    return link
  }

  private refusal(link: StoredStaffLink | null, kind: StaffLinkKind): AppError {
    return linkRefusal(link?.kind === kind ? link : null, REFUSALS[kind])
  }
}

import type { Logger } from 'pino'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { Principal } from '../../http/auth.js'
import { refuseSuspendedProvider } from '../../http/provider-suspension.js'
import type { TokenService } from '../../http/tokens.js'
import type { JobQueue } from '../../jobs/queue.js'
import { clientKey } from '../../lib/client-address.js'
import {
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setPassword,
  type UserWithMerchant,
} from '../users/index.js'
import { type EnsureAdminResult, ensureAdmin, type NewAdmin } from './admins.js'
import type { LoginView, ProfileView, SessionUserView } from './auth.schemas.js'
import { burnVerification, hashPassword, verifyPassword } from './passwords.js'

/*
 * Login limits (RATE_LIMIT_LOGIN_*, src/config/limits.ts; docs/security.md#rate-limits). Nobody
 * can lock an account against its owner: failures lock the account only for the address they
 * came from (`loginPerAccountAddress`, cleared by a success); the account-wide count
 * (`loginPerAccount`, every address together, against guessing from many addresses) shuts out
 * only addresses that have never signed in to the account (`KNOWN_ADDRESS`), so its owner, from
 * an address they used before, still gets in; `loginPerAddress` counts every attempt from one
 * address, whatever the account.
 */

/**
 * An address that signed in to an account within 30 days: one hit on its key marks it (a
 * one-hit rule, so that `peek` answers "not allowed" once it is marked).
 */
const KNOWN_ADDRESS: RateLimitRule = { limit: 1, windowMs: 30 * 24 * 3600_000 }

export const RECORD_LOGIN_JOB = 'auth.record-login'

/** Always pays for one verification, so that "no such user" and "wrong password" take the same time. */
async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password)
  await burnVerification(password)
  return false
}

/** A suspended user, or a user of a suspended merchant or service provider, is not let in (403). */
export function refuseLockedOut(user: UserWithMerchant): void {
  if (user.status === 'SUSPENDED') throw new AppError('account_suspended')
  if (user.merchantId && user.merchantStatus !== 'ACTIVE') throw new AppError('merchant_suspended')
  refuseSuspendedProvider(user)
}

export function sessionUser(user: UserWithMerchant): SessionUserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    merchantId: user.merchantId,
    merchantName: user.merchantName,
    merchantRole: user.merchantRole,
    ...(user.role === 'ADMIN' && user.adminRole ? { adminRole: user.adminRole } : {}),
    ...providerFields(user),
  }
}

/** A service provider's user carries its provider (docs/service-providers.md); other roles do not. */
function providerFields(user: {
  role: string
  serviceProviderId: string | null
  serviceProviderName: string | null
}): { serviceProviderId?: string; serviceProviderName?: string } {
  if (user.role !== 'SERVICE_PROVIDER' || !user.serviceProviderId) return {}
  return { serviceProviderId: user.serviceProviderId, serviceProviderName: user.serviceProviderName ?? '' }
}

export class AuthService {
  constructor(
    private readonly deps: {
      db: Db
      tokens: TokenService
      limiter: RateLimiter
      queue: JobQueue
      logger: Logger
    },
  ) {}

  /** E-mail and password login for admins, merchant users and service providers. */
  async login(email: string, password: string, address: string): Promise<LoginView> {
    const account = normalizeEmail(email)
    const client = clientKey(address)
    const pairKey = `login:pair:${account}:${client}`
    const accountKey = `login:email:${account}`
    const knownKey = `login:known:${account}:${client}`
    // Counted before the password is checked, so that concurrent guesses cannot slip past the
    // limits while earlier ones are still being verified.
    const [byPair, byAccount, byAddress] = await Promise.all([
      this.deps.limiter.hit(pairKey, this.deps.limiter.limits.loginPerAccountAddress),
      this.deps.limiter.hit(accountKey, this.deps.limiter.limits.loginPerAccount),
      this.deps.limiter.hit(`login:addr:${client}`, this.deps.limiter.limits.loginPerAddress),
    ])
    const refused = [byPair, byAddress]
    if (!byAccount.allowed && (await this.deps.limiter.peek(knownKey, KNOWN_ADDRESS)).allowed) {
      refused.push(byAccount)
    }
    const over = refused.filter((limit) => !limit.allowed)
    if (over.length > 0) {
      throw new AppError(
        'too_many_requests',
        'Too many login attempts, try again later',
        undefined,
        Math.max(...over.map((limit) => limit.retryAfterSeconds)),
      )
    }

    const user = await findUserByEmail(this.deps.db, email)
    const valid = await checkPassword(user?.passwordHash ?? null, password)
    if (!user || !valid) throw new AppError('invalid_credentials')
    refuseLockedOut(user)

    await Promise.all([this.deps.limiter.reset(pairKey), this.deps.limiter.hit(knownKey, KNOWN_ADDRESS)])
    return this.openSession(user)
  }

  /**
   * A session for a staff user who proved who they are (a password at login, or an e-mailed
   * invitation or reset link with the password just chosen): refused like a login when the
   * user, its merchant or its service provider is suspended. Records the login.
   */
  async openSession(user: UserWithMerchant): Promise<LoginView> {
    refuseLockedOut(user)
    const token = await this.deps.tokens.issue({ sub: user.id, role: user.role, tv: user.tokenVersion })
    await this.deps.queue
      .send(RECORD_LOGIN_JOB, { userId: user.id, at: new Date().toISOString() })
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'could not enqueue the login record'))
    return { token, user: sessionUser(user) }
  }

  /** Changes the caller's password; every earlier token stops working, a fresh one is returned. */
  async changePassword(
    principal: Principal,
    currentPassword: string,
    newPassword: string,
  ): Promise<{ token: string }> {
    const key = `password:user:${principal.userId}`
    const limit = await this.deps.limiter.hit(key, this.deps.limiter.limits.changePassword)
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    const user = await findUserById(this.deps.db, principal.userId)
    if (!user) throw new AppError('unauthorized')
    const valid = await checkPassword(user.passwordHash, currentPassword)
    if (!valid) throw new AppError('invalid_credentials', 'The current password is wrong')
    const tokenVersion = await setPassword(this.deps.db, user.id, await hashPassword(newPassword))
    await this.deps.limiter.reset(key)
    return { token: await this.deps.tokens.issue({ sub: user.id, role: user.role, tv: tokenVersion }) }
  }

  /** The caller's profile, as the auth guard read it for this request (no second query). */
  profile(principal: Principal): ProfileView {
    return {
      id: principal.userId,
      name: principal.name,
      email: principal.email,
      role: principal.role,
      merchantId: principal.merchantId,
      merchantName: principal.merchantName,
      merchantRole: principal.merchantRole,
      ...(principal.role === 'ADMIN' && principal.adminRole ? { adminRole: principal.adminRole } : {}),
      ...providerFields(principal),
      status: principal.status,
      lastLoginAt: principal.lastLoginAt?.toISOString() ?? null,
      createdAt: principal.createdAt.toISOString(),
      updatedAt: principal.updatedAt.toISOString(),
    }
  }

  /** Creates an admin unless the e-mail exists (the start-up bootstrap; the CLI calls `ensureAdmin`). */
  async ensureAdmin(admin: NewAdmin): Promise<EnsureAdminResult> {
    return ensureAdmin(this.deps.db, admin)
  }
}

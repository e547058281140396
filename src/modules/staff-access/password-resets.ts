import type { Logger } from 'pino'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { defineJob, type JobQueue } from '../../jobs/queue.js'
import { clientKey } from '../../lib/client-address.js'
import { hashToken } from '../../lib/one-time-tokens.js'
import { refuseLockedOut } from '../auth/index.js'
import type { MailOutbox } from '../mail/index.js'
import { findUserByEmail, normalizeEmail } from '../users/index.js'
import type { ResetCheckView } from './staff-access.schemas.js'
import type { StaffLinks } from './staff-links.js'
import { createStaffLink, expireOpenStaffLinks } from './staff-links.repository.js'

/** A password reset link works once, for 30 minutes. */
export const RESET_TTL_MINUTES = 30
export const SEND_RESET_JOB = 'staff-access.send-password-reset'

/**
 * "Forgot password?" for staff (docs/security.md, Password reset). The request answers the same
 * for any address, in the same time: it counts the limits and queues a job, nothing else; the
 * job looks the address up and, for a staff user who may sign in, e-mails a link (a newer one
 * replaces the open one). Using the link is `StaffLinks.use`: the password changes, every
 * session of before ends.
 */
export class PasswordResets {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      queue: JobQueue
      mailOutbox: MailOutbox
      appUrl: string
      logger: Logger
      links: StaffLinks
    },
  ) {}

  async request(email: string, clientAddress: string): Promise<void> {
    const { limiter } = this.deps
    const address = normalizeEmail(email)
    const [byEmail, byClient] = await Promise.all([
      limiter.hit(`staff:reset:email:${hashToken(address)}`, limiter.limits.passwordResetPerEmail),
      limiter.hit(`staff:reset:client:${clientKey(clientAddress)}`, limiter.limits.passwordResetPerAddress),
    ])
    if (!byEmail.allowed || !byClient.allowed) {
      this.deps.logger.warn(
        { clientAddress, perEmail: !byEmail.allowed, perClient: !byClient.allowed },
        'forgot-password over its limit: no reset link sent',
      )
      return
    }
    await this.deps.queue.send(SEND_RESET_JOB, { email: address })
  }

  /** The job: e-mails a reset link to the staff user with this address, if there is one who may sign in. */
  async send(email: string): Promise<void> {
    const { db, mailOutbox, appUrl } = this.deps
    const user = await findUserByEmail(db, email)
    if (!user) return
    try {
      refuseLockedOut(user)
    } catch {
      return // suspended (or their merchant or provider): no link, the same answer was given
    }
    await db.transaction(async (tx) => {
      await expireOpenStaffLinks(tx, user.id, 'PASSWORD_RESET')
      const { token } = await createStaffLink(tx, {
        userId: user.id,
        kind: 'PASSWORD_RESET',
        ttlMs: RESET_TTL_MINUTES * 60_000,
        createdBy: null,
      })
      await mailOutbox.enqueue(tx, {
        to: user.email,
        content: {
          template: 'staff.password-reset',
          data: { url: `${appUrl}/login/reset?token=${token}`, expiresInMinutes: RESET_TTL_MINUTES },
        },
        about: { type: 'staff_user', id: user.id },
      })
    })
  }

  async check(token: string): Promise<ResetCheckView> {
    const link = await this.deps.links.check(token, 'PASSWORD_RESET')
    return { valid: true, email: link.email, expiresAt: link.expiresAt.toISOString() }
  }
}

const SendReset = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) })

export const sendResetJob = (resets: PasswordResets) =>
  defineJob<{ email: string }>({
    name: SEND_RESET_JOB,
    // Each run is one lookup and, for a staff user, one short transaction: several at once.
    concurrency: 4,
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    async handler(data) {
      if (!Value.Check(SendReset, data)) return // a malformed payload can never succeed: drop it
      await resets.send(data.email)
    },
  })

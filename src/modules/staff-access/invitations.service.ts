import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import type { AdminRole, MerchantRole } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import type { StaffScope } from '../../http/staff-audiences.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import type { MailOutbox } from '../mail/index.js'
import { insertUser } from '../users/index.js'
import type { InvitationCheckView, StaffInvitationView } from './staff-access.schemas.js'
import type { StaffLinks } from './staff-links.js'
import {
  createStaffLink,
  deleteInvitee,
  expireOpenStaffLinks,
  type Invitee,
  lockInvitee,
  organisationName,
} from './staff-links.repository.js'

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000

/** Whom to invite: a merchant's user, a service provider's user or an admin. */
export type NewInvitee = { email: string; name: string } & (
  | { role: 'MERCHANT_USER'; merchantId: string; merchantRole: MerchantRole }
  | { role: 'SERVICE_PROVIDER'; serviceProviderId: string }
  | { role: 'ADMIN'; adminRole: AdminRole }
)

/** Who may resend or revoke whose invitation: an admin any staff user's, a merchant's owner its users'. */
export type InvitationScope = StaffScope

const ACTIONS = {
  MERCHANT_USER: { action: 'merchant_user.invite', targetType: 'merchant_user' },
  SERVICE_PROVIDER: { action: 'service_provider_user.invite', targetType: 'service_provider_user' },
  ADMIN: { action: 'admin_user.invite', targetType: 'admin_user' },
} as const

const TARGET_TYPES: Record<Invitee['role'], string> = {
  ADMIN: 'admin_user',
  MERCHANT_USER: 'merchant_user',
  SERVICE_PROVIDER: 'service_provider_user',
  CUSTOMER: 'customer',
}

function invitationView(user: Invitee, expiresAt: Date): StaffInvitationView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    merchantId: user.merchantId,
    merchantRole: user.merchantRole,
    adminRole: user.adminRole,
    serviceProviderId: user.serviceProviderId,
    invitation: {
      status: expiresAt > new Date() ? 'PENDING' : 'EXPIRED',
      expiresAt: expiresAt.toISOString(),
    },
    createdAt: user.createdAt.toISOString(),
  }
}

/**
 * Staff invitations by e-mail (docs/console.md, Invitations): the account is made at once
 * without a password (nobody can sign in to it), and the invited person receives a link that
 * works once, for INVITATION_TTL_DAYS, to choose their password (`StaffLinks`). An invitation
 * still open can be sent again (the older link stops working) or revoked (the account is
 * deleted). Every step is audited.
 */
export class StaffInvitations {
  constructor(
    private readonly deps: {
      db: Db
      audit: AuditService
      mailOutbox: MailOutbox
      limiter: RateLimiter
      appUrl: string
      links: StaffLinks
    },
  ) {}

  async invite(ctx: AuditContext, who: NewInvitee): Promise<StaffInvitationView> {
    return this.deps.db.transaction(async (tx) => {
      const organisation = await organisationOf(tx, {
        merchantId: who.role === 'MERCHANT_USER' ? who.merchantId : null,
        serviceProviderId: who.role === 'SERVICE_PROVIDER' ? who.serviceProviderId : null,
      })
      if (who.role !== 'ADMIN' && organisation === null) {
        throw new AppError(
          'not_found',
          who.role === 'MERCHANT_USER' ? 'No such merchant' : 'No such service provider',
        )
      }
      const inserted = await insertUser(tx, {
        email: who.email,
        passwordHash: null,
        name: who.name,
        role: who.role,
        ...(who.role === 'MERCHANT_USER'
          ? { merchantId: who.merchantId, merchantRole: who.merchantRole }
          : {}),
        ...(who.role === 'SERVICE_PROVIDER' ? { serviceProviderId: who.serviceProviderId } : {}),
        ...(who.role === 'ADMIN' ? { adminRole: who.adminRole } : {}),
      })
      if (!inserted) throw new AppError('conflict', 'A user with this e-mail already exists')
      const user = await lockInvitee(tx, inserted.id)
      if (!user) throw new Error('the invited user is missing')
      const view = await this.send(tx, ctx, user, organisation)
      await this.deps.audit.record(tx, {
        ...ctx,
        ...ACTIONS[who.role],
        targetId: user.id,
        before: null,
        after: view,
      })
      return view
    })
  }

  /** A fresh link for an invitation not yet accepted; the links sent before stop working. */
  async resend(ctx: AuditContext, scope: InvitationScope, id: string): Promise<StaffInvitationView> {
    const { limiter } = this.deps
    return this.deps.db.transaction(async (tx) => {
      const user = await this.pendingInScope(tx, scope, id)
      // Counted once the caller is known to reach the user: nobody else can use up its resends.
      const limit = await limiter.hit(`invitation:resend:${id}`, limiter.limits.invitationResend)
      if (!limit.allowed) {
        throw new AppError(
          'too_many_requests',
          'The invitation was sent again recently, try again later',
          undefined,
          limit.retryAfterSeconds,
        )
      }
      await expireOpenStaffLinks(tx, user.id, 'INVITATION')
      const organisation = await organisationOf(tx, user)
      const view = await this.send(tx, ctx, user, organisation)
      await this.record(tx, ctx, 'staff_user.invitation_resend', user, view)
      return view
    })
  }

  /** Withdraws an invitation not yet accepted: the account it made is deleted, its link stops working. */
  async revoke(
    ctx: AuditContext,
    scope: InvitationScope,
    id: string,
  ): Promise<{ revoked: true; id: string }> {
    return this.deps.db.transaction(async (tx) => {
      const user = await this.pendingInScope(tx, scope, id)
      if (!(await deleteInvitee(tx, user.id))) throw new Error('the locked invitee is missing')
      await this.record(tx, ctx, 'staff_user.invitation_revoke', user, null)
      return { revoked: true as const, id }
    })
  }

  /** What the console's invitation page shows before the password is chosen (the link stays unused). */
  async check(token: string): Promise<InvitationCheckView> {
    const link = await this.deps.links.check(token, 'INVITATION')
    return {
      valid: true,
      email: link.email,
      name: link.name,
      role: link.role,
      organisationName: link.organisationName,
      expiresAt: link.expiresAt.toISOString(),
    }
  }

  /** The invited user, locked, if the scope reaches it and the invitation is still open (else 404 / 409). */
  private async pendingInScope(tx: Tx, scope: InvitationScope, id: string): Promise<Invitee> {
    const user = await lockInvitee(tx, id)
    const inScope =
      user !== null &&
      (scope.kind === 'platform' || (user.role === 'MERCHANT_USER' && user.merchantId === scope.merchantId))
    if (!user || !inScope) throw new AppError('not_found', 'No such user')
    if (!user.pending) throw new AppError('invalid_state', 'The invitation was already accepted')
    return user
  }

  /** Creates the link and queues its e-mail, in the caller's transaction. */
  private async send(
    tx: Tx,
    ctx: AuditContext,
    user: Invitee,
    organisation: string | null,
  ): Promise<StaffInvitationView> {
    const { token, expiresAt } = await createStaffLink(tx, {
      userId: user.id,
      kind: 'INVITATION',
      ttlMs: INVITATION_TTL_MS,
      createdBy: ctx.actor.userId,
    })
    await this.deps.mailOutbox.enqueue(tx, {
      to: user.email,
      content: {
        template: 'staff.invitation',
        data: {
          url: `${this.deps.appUrl}/login/invitation?token=${token}`,
          inviterName: ctx.actor.name ?? ctx.actor.email,
          roleDescription: describeRole(user, organisation),
          expiresAt,
        },
      },
      about: { type: 'staff_user', id: user.id },
    })
    return invitationView(user, expiresAt)
  }

  private record(
    tx: Tx,
    ctx: AuditContext,
    action: 'staff_user.invitation_resend' | 'staff_user.invitation_revoke',
    user: Invitee,
    after: StaffInvitationView | null,
  ) {
    const { pending: _pending, createdAt: _createdAt, ...before } = user
    return this.deps.audit.record(tx, {
      ...ctx,
      action,
      targetType: TARGET_TYPES[user.role],
      targetId: user.id,
      before,
      after,
    })
  }
}

/** The name of the user's merchant or service provider (null: an admin, or none with that id). */
function organisationOf(
  tx: Tx,
  user: { merchantId: string | null; serviceProviderId: string | null },
): Promise<string | null> {
  if (user.merchantId) return organisationName(tx, { merchantId: user.merchantId })
  if (user.serviceProviderId) return organisationName(tx, { serviceProviderId: user.serviceProviderId })
  return Promise.resolve(null)
}

/** "a user of Nordlicht Electronics", "an owner of …", "an administrator of the platform". */
function describeRole(user: Invitee, organisation: string | null): string {
  if (user.role === 'ADMIN') return 'an administrator of the platform'
  const role =
    user.merchantRole === 'OWNER' ? 'an owner' : user.merchantRole === 'ADMIN' ? 'an admin' : 'a user'
  return `${role} of ${organisation ?? 'your organisation'}`
}

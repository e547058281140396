import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS, merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { MERCHANT_OWNERS, STAFF_AUDIENCES } from '../../http/staff-audiences.js'
import { auditContext } from '../audit/index.js'
import type { StaffInvitations } from './invitations.service.js'
import {
  InvitationRevoked,
  InviteAdminBody,
  InviteMerchantUserBody,
  InviteProviderUserBody,
  StaffInvitation,
} from './staff-access.schemas.js'

const created = { 200: StaffInvitation, ...errorResponses(400, 401, 403, 404, 409) }
const invite = { summary: 'E-mails a link with which the person chooses their own password (7 days, once)' }

/**
 * Invitations by e-mail: admins invite a merchant's user, a service provider's user or an admin;
 * a merchant's owners invite to their own team. Each answers the invited account with its
 * invitation; resend and revoke under the off-boarding's paths (/v1/admin/users/{id}/…,
 * /v1/merchant/users/{id}/…).
 */
export async function adminInvitationRoutes(
  base: FastifyInstance,
  { invitations }: { invitations: StaffInvitations },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/admin/merchants/:id/invitations',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'inviteMerchantUser',
        summary: `Invite a user of the merchant by e-mail. ${invite.summary}`,
        params: IdParams,
        body: InviteMerchantUserBody,
        response: created,
      },
    },
    async (request) =>
      invitations.invite(auditContext(request), {
        ...request.body,
        role: 'MERCHANT_USER',
        merchantId: request.params.id,
        merchantRole: request.body.merchantRole ?? 'USER',
      }),
  )

  app.post(
    '/v1/admin/service-providers/:id/invitations',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['service-providers'],
        operationId: 'inviteServiceProviderUser',
        summary: `Invite a user of the service provider by e-mail. ${invite.summary}`,
        params: IdParams,
        body: InviteProviderUserBody,
        response: created,
      },
    },
    async (request) =>
      invitations.invite(auditContext(request), {
        ...request.body,
        role: 'SERVICE_PROVIDER',
        serviceProviderId: request.params.id,
      }),
  )

  app.post(
    '/v1/admin/admins/invitations',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'inviteAdmin',
        summary: `Invite an admin by e-mail. ${invite.summary}`,
        body: InviteAdminBody,
        response: created,
      },
    },
    async (request) =>
      invitations.invite(auditContext(request), {
        ...request.body,
        role: 'ADMIN',
        adminRole: request.body.adminRole ?? 'ADMIN',
      }),
  )
}

/** A merchant's owners invite to their team; admins and owners resend and revoke open invitations. */
export async function teamInvitationRoutes(
  base: FastifyInstance,
  { invitations }: { invitations: StaffInvitations },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/merchant/invitations',
    {
      config: { auth: MERCHANT_OWNERS },
      schema: {
        tags: ['merchant'],
        operationId: 'inviteTeamMember',
        summary: `Invite a user to the merchant's team by e-mail (owners only). ${invite.summary}`,
        body: InviteMerchantUserBody,
        response: created,
      },
    },
    async (request) =>
      invitations.invite(auditContext(request), {
        ...request.body,
        role: 'MERCHANT_USER',
        merchantId: merchantIdOf(request),
        merchantRole: request.body.merchantRole ?? 'USER',
      }),
  )

  for (const { prefix, auth, tag, name, scope } of STAFF_AUDIENCES) {
    app.post(
      `${prefix}/:id/invitation/resend`,
      {
        config: { auth },
        schema: {
          tags: [tag],
          operationId: `resend${name}Invitation`,
          summary: 'E-mails the invitation again with a fresh link; the links sent before stop working',
          params: IdParams,
          response: { 200: StaffInvitation, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => invitations.resend(auditContext(request), scope(request), request.params.id),
    )
    app.delete(
      `${prefix}/:id/invitation`,
      {
        config: { auth },
        schema: {
          tags: [tag],
          operationId: `revoke${name}Invitation`,
          summary:
            'Revokes an invitation not yet accepted: its link stops working and the invited account is deleted',
          params: IdParams,
          response: { 200: InvitationRevoked, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => invitations.revoke(auditContext(request), scope(request), request.params.id),
    )
  }
}

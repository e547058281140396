import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses, Ok } from '../../http/schemas.js'
import { LoginResponse } from '../auth/index.js'
import type { StaffInvitations } from './invitations.service.js'
import type { PasswordResets } from './password-resets.js'
import {
  AcceptInvitationBody,
  ForgotPasswordBody,
  InvitationCheck,
  LinkTokenQuery,
  ResetCheck,
  ResetPasswordBody,
} from './staff-access.schemas.js'
import type { StaffLinks } from './staff-links.js'

const tags = ['auth']

/**
 * The e-mailed links of staff (no bearer token): an invitation, checked first without being used
 * (the console's page), then accepted.
 */
export async function invitationLinkRoutes(
  base: FastifyInstance,
  { invitations, links }: { invitations: StaffInvitations; links: StaffLinks },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: 'public' as const }

  app.get(
    '/v1/auth/invitation',
    {
      config,
      schema: {
        tags,
        operationId: 'checkInvitation',
        summary: 'Check an invitation link without using it: the address invited, the role, the organisation',
        querystring: LinkTokenQuery,
        response: { 200: InvitationCheck, ...errorResponses(400, 401) },
      },
    },
    async (request) => invitations.check(request.query.token),
  )

  app.post(
    '/v1/auth/invitation/accept',
    {
      config,
      schema: {
        tags,
        operationId: 'acceptInvitation',
        summary:
          'Accept an invitation: the password chosen becomes the account’s, the link stops working, a session is answered',
        body: AcceptInvitationBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => links.use(request.body.token, 'INVITATION', request.body.password, request.ip),
  )
}

/** The console's "Forgot password?": the request, the link's check and its use. */
export async function passwordResetRoutes(
  base: FastifyInstance,
  { resets, links }: { resets: PasswordResets; links: StaffLinks },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: 'public' as const }

  app.post(
    '/v1/auth/forgot-password',
    {
      config,
      schema: {
        tags,
        operationId: 'forgotPassword',
        summary: 'E-mail a staff user a password reset link (30 minutes); the same answer for any address',
        body: ForgotPasswordBody,
        response: { 200: Ok, ...errorResponses(400) },
      },
    },
    async (request) => {
      await resets.request(request.body.email, request.ip)
      return { ok: true as const }
    },
  )

  app.get(
    '/v1/auth/reset-password',
    {
      config,
      schema: {
        tags,
        operationId: 'checkPasswordReset',
        summary: 'Check a password reset link without using it',
        querystring: LinkTokenQuery,
        response: { 200: ResetCheck, ...errorResponses(400, 401) },
      },
    },
    async (request) => resets.check(request.query.token),
  )

  app.post(
    '/v1/auth/reset-password',
    {
      config,
      schema: {
        tags,
        operationId: 'resetPassword',
        summary:
          'Use a password reset link: the new password is set, every earlier session ends, a fresh session is answered',
        body: ResetPasswordBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => links.use(request.body.token, 'PASSWORD_RESET', request.body.newPassword, request.ip),
  )
}

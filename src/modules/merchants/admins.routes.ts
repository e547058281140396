import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import { AdminListQuery, AdminPage, CreateAdminBody } from './admins.schemas.js'
import type { AdminAccounts } from './admins.service.js'
import { StaffUser } from './staff.schemas.js'

/** Admins managing admins: the list and a new admin with a password (invitations: staff-access). */
export async function adminsRoutes(
  base: FastifyInstance,
  { admins }: { admins: AdminAccounts },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/admin/admins',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'listAdmins',
        summary: "The platform's admins, newest first (invited ones carry their invitation)",
        querystring: AdminListQuery,
        response: { 200: AdminPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admins.list(request.query),
  )
  app.post(
    '/v1/admin/admins',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'createAdmin',
        summary:
          'Add an admin who logs in with e-mail and the password given (to invite by e-mail instead: /v1/admin/admins/invitations)',
        body: CreateAdminBody,
        response: { 200: StaffUser, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => admins.create(auditContext(request), request.body),
  )
}

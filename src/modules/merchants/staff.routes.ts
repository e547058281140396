import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { MERCHANT_OWNERS, STAFF_AUDIENCES } from '../../http/staff-audiences.js'
import { auditContext } from '../audit/index.js'
import { MerchantUserPage, MerchantUsersQuery } from './merchants.schemas.js'
import type { MerchantsService } from './merchants.service.js'
import { StaffUser, StaffUserRemoved } from './staff.schemas.js'
import type { StaffOffboarding } from './staff.service.js'

const ACTIONS = [
  { verb: 'suspend', summary: 'Suspends the user: they cannot log in and every session ends at once' },
  { verb: 'reactivate', summary: 'Reactivates a suspended user (they sign in again)' },
] as const

/**
 * Off-boarding: admins suspend, reactivate and remove any staff user (merchant users, service
 * providers' users and admins) under /v1/admin/users; a merchant's owners do the same for its
 * users under /v1/merchant/users (another merchant's user: 404).
 */
export async function staffRoutes(
  base: FastifyInstance,
  { staff, merchants }: { staff: StaffOffboarding; merchants: MerchantsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  for (const { prefix, auth, tag, name, scope } of STAFF_AUDIENCES) {
    for (const { verb, summary } of ACTIONS) {
      app.post(
        `${prefix}/:id/${verb}`,
        {
          config: { auth },
          schema: {
            tags: [tag],
            operationId: `${verb}${name}`,
            summary,
            params: IdParams,
            response: { 200: StaffUser, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => staff[verb](auditContext(request), scope(request), request.params.id),
      )
    }
    app.delete(
      `${prefix}/:id`,
      {
        config: { auth },
        schema: {
          tags: [tag],
          operationId: `remove${name}`,
          summary:
            'Removes the user: every session ends at once; what they did stays (warranties, events), their unfinished imports stop',
          params: IdParams,
          response: { 200: StaffUserRemoved, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => staff.remove(auditContext(request), scope(request), request.params.id),
    )
  }
  app.get(
    '/v1/merchant/users',
    {
      config: { auth: MERCHANT_OWNERS },
      schema: {
        tags: ['merchant'],
        operationId: 'listTeamMembers',
        summary: "The merchant's users, newest first (owners only)",
        querystring: MerchantUsersQuery,
        response: { 200: MerchantUserPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => merchants.listUsers(merchantIdOf(request), request.query),
  )
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { AuditPage, AuditQuery } from './audit.schemas.js'
import type { AuditService } from './audit.service.js'

export async function auditRoutes(base: FastifyInstance, { audit }: { audit: AuditService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/admin/audit',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditLog',
        summary: 'The audit log of admin changes, newest first',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.list(request.query),
  )
}

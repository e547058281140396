import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_USERS, merchantIdOf, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { RecordEventBody, ServiceHistory } from './service-history.schemas.js'
import type { ServiceHistoryService } from './service-history.service.js'

const config = { auth: MERCHANT_USERS }

/** Merchants record service events on their own warranties and read the history. */
export async function serviceHistoryRoutes(
  base: FastifyInstance,
  { history }: { history: ServiceHistoryService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/v1/merchant/warranties/:id/events',
    {
      config,
      schema: {
        tags: ['merchant'],
        operationId: 'recordServiceEvent',
        summary:
          'Records a public service event (anchored on chain in batches); extensions and replacements move the expiry',
        params: IdParams,
        body: RecordEventBody,
        response: { 201: ServiceHistory, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request)
      const actor = {
        merchantId: merchantIdOf(request),
        userId: principal.userId,
        merchantRole: principal.merchantRole,
      }
      return reply.status(201).send(await history.record(actor, request.params.id, request.body))
    },
  )
  app.get(
    '/v1/merchant/warranties/:id/events',
    {
      config,
      schema: {
        tags: ['merchant'],
        operationId: 'listServiceEvents',
        summary: "A warranty's service history, oldest first, with each anchored event's proof",
        params: IdParams,
        response: { 200: ServiceHistory, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => history.list(merchantIdOf(request), request.params.id),
  )
}

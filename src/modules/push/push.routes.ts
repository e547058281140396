import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { PushDevice, PushUnregistered, RegisterPushBody, UnregisterPushBody } from './push.schemas.js'
import type { PushDevicesService } from './push.service.js'

export async function pushRoutes(
  base: FastifyInstance,
  { push }: { push: PushDevicesService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/customer/push/register',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags: ['push'],
        operationId: 'registerPushDevice',
        summary:
          "Register this device's push token; the same token again updates it, and a token " +
          'another customer registered moves to the caller',
        body: RegisterPushBody,
        response: { 200: PushDevice, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => push.register(principalOf(request).userId, request.body),
  )

  app.post(
    '/v1/customer/push/unregister',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags: ['push'],
        operationId: 'unregisterPushDevice',
        summary: "Remove one of the caller's push tokens, or all of them when no token is given",
        body: UnregisterPushBody,
        response: { 200: PushUnregistered, ...errorResponses(400, 401, 403) },
      },
      // The body is optional: none (or an empty one) means "every device of mine".
      preValidation: async (request) => {
        request.body ??= {}
      },
    },
    async (request) => push.unregister(principalOf(request).userId, request.body.token),
  )
}

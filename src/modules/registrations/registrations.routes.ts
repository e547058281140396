import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import {
  CheckQuery,
  RegisterBody,
  Registration,
  RegistrationCheck,
  RegistrationListQuery,
} from './registrations.schemas.js'
import type { RegistrationsService } from './registrations.service.js'

const tags = ['registrations']

/** The public check of an item and the buyer's registrations (docs/digital-link.md). */
export async function registrationsRoutes(
  base: FastifyInstance,
  { registrations }: { registrations: RegistrationsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/global/registrations/check',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'checkRegistration',
        summary: 'Whether an item (GTIN and serial) can be registered by its buyer',
        description:
          'Public, nothing personal: the product, its merchant, and a stable reason (registrable, not_registrable, ' +
          'unknown_serial, already_registered: a registration would then be a dispute). An unknown GTIN: 404; a bad ' +
          'check digit: 400 invalid_gtin. Counts against RATE_LIMIT_VERIFY_PER_ADDRESS.',
        querystring: CheckQuery,
        response: { 200: RegistrationCheck, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => registrations.check(request.query.gtin, request.query.serial, request.ip),
  )

  app.post(
    '/v1/customer/registrations',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags,
        operationId: 'registerProduct',
        summary: 'Register a product you bought, with a receipt of yours as the proof of purchase',
        description:
          "Refused before anything is stored: 422 not_registrable (the merchant takes no registrations of this GTIN), 422 unknown_serial (the merchant did not make this serial). A receipt that is not yours: 404. Answered 201 with the registration: APPROVED (a warranty issued at once by the merchant's rule, in your wallet, minted like any other), PENDING (in the merchant's queue), or DISPUTE (the item is registered or covered already: the merchant decides; never a second warranty). You registered the item already: 409 conflict. An e-mail tells you the outcome.",
        body: RegisterBody,
        response: { 201: Registration, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { userId, email } = principalOf(request)
      return reply.status(201).send(await registrations.register({ id: userId, email }, request.body))
    },
  )

  app.get(
    '/v1/customer/registrations',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags,
        operationId: 'listMyRegistrations',
        summary: 'Your registrations, newest first',
        querystring: RegistrationListQuery,
        response: { 200: Page(Registration), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => registrations.list({ customerId: principalOf(request).userId }, request.query),
  )

  app.get(
    '/v1/customer/registrations/:id',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags,
        operationId: 'getMyRegistration',
        summary: 'One registration of yours',
        params: IdParams,
        response: { 200: Registration, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => registrations.view({ customerId: principalOf(request).userId }, request.params.id),
  )
}

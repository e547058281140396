import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Ok } from '../../http/schemas.js'
import {
  CustomerProfile,
  InboxAddresses,
  ProfilePatch,
  SignOutEverywhereBody,
  WalletPage,
  WalletQuery,
  WalletWarranty,
} from './customers.schemas.js'
import type { CustomersService } from './customers.service.js'

const config = { auth: CUSTOMERS }

/** The signed-in customer's own profile, wallet and inbox addresses. */
export async function customersRoutes(
  base: FastifyInstance,
  { customers }: { customers: CustomersService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId

  app.get(
    '/v1/customer/me',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'getCustomerProfile',
        summary: "The customer's profile and settings",
        response: { 200: CustomerProfile, ...errorResponses(401, 403) },
      },
    },
    async (request) => customers.profile(me(request)),
  )

  app.patch(
    '/v1/customer/me',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'updateCustomerProfile',
        summary:
          "Change subscriptionTier (FREE | PAID), reminderDaysBeforeExpiry (1 to 30) and language (en | de | fr, null: the browser's)",
        body: ProfilePatch,
        response: { 200: CustomerProfile, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => customers.updateProfile(me(request), request.body),
  )

  app.post(
    '/v1/customer/sign-out-everywhere',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'signOutEverywhere',
        summary: 'End every session of the customer (every device, this one too): their tokens answer 401',
        body: SignOutEverywhereBody,
        response: { 200: Ok, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await customers.signOutEverywhere(me(request))
      return { ok: true as const }
    },
  )

  app.get(
    '/v1/customer/warranties',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'listCustomerWarranties',
        summary: "The customer's warranties across merchants, newest first",
        querystring: WalletQuery,
        response: { 200: WalletPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => customers.wallet(me(request), request.query),
  )

  app.get(
    '/v1/customer/warranties/:id',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'getCustomerWarranty',
        summary: "One warranty of the customer's wallet (another customer's: 404)",
        params: IdParams,
        response: { 200: WalletWarranty, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => customers.walletWarranty(me(request), request.params.id),
  )

  app.get(
    '/v1/customer/inbox-address',
    {
      config,
      schema: {
        tags: ['customer'],
        operationId: 'getInboxAddresses',
        summary:
          "The customer's receipt inbox addresses {local}@{INBOX_DOMAIN}; the first is created on first use",
        response: { 200: InboxAddresses, ...errorResponses(401, 403) },
      },
    },
    async (request) => customers.inboxAddresses(me(request)),
  )
}

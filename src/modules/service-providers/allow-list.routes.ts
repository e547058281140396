import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import type { AllowListService } from './allow-list.service.js'
import {
  AllowedServiceProvider,
  AllowedServiceProviderPage,
  AllowedServiceProvidersQuery,
  ServiceProviderDirectoryQuery,
  ServiceProviderListingPage,
  ServiceProviderWithdrawn,
} from './service-providers.schemas.js'

const tags = ['service-providers']

/**
 * A merchant's allow-list of service providers: every user of the merchant reads it; its
 * OWNERs and ADMINs find active providers, allow and withdraw them.
 */
export async function allowListRoutes(
  base: FastifyInstance,
  { allowList }: { allowList: AllowListService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/merchant/service-providers',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'listAllowedServiceProviders',
        summary: 'The service providers the merchant allowed to work on its claims, the latest allowed first',
        querystring: AllowedServiceProvidersQuery,
        response: { 200: AllowedServiceProviderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => allowList.list(merchantIdOf(request), request.query),
  )

  app.get(
    '/v1/merchant/service-providers/directory',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'listServiceProviderDirectory',
        summary: 'Active service providers to choose from (id and name), newest first; filter by name',
        querystring: ServiceProviderDirectoryQuery,
        response: { 200: ServiceProviderListingPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => allowList.directory(request.query),
  )

  app.put(
    '/v1/merchant/service-providers/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'allowServiceProvider',
        summary:
          'Allow an active service provider to work on the merchant’s claims (idempotent); a suspended one answers 409 invalid_state',
        params: IdParams,
        response: { 200: AllowedServiceProvider, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => allowList.allow(auditContext(request), merchantIdOf(request), request.params.id),
  )

  app.delete(
    '/v1/merchant/service-providers/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'withdrawServiceProvider',
        summary: 'Withdraw a service provider from the merchant’s list (not on it: 404)',
        params: IdParams,
        response: { 200: ServiceProviderWithdrawn, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => allowList.withdraw(auditContext(request), merchantIdOf(request), request.params.id),
  )
}

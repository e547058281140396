import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import {
  CreateServiceProviderBody,
  CreateServiceProviderUserBody,
  ServiceProvider,
  ServiceProviderListQuery,
  ServiceProviderPage,
  ServiceProviderUser,
  ServiceProviderUserPage,
  ServiceProviderUsersQuery,
  UpdateServiceProviderBody,
} from './service-providers.schemas.js'
import type { ServiceProvidersService } from './service-providers.service.js'

const tags = ['service-providers']

/** Admins run service providers and their users (suspending a user: /v1/admin/users/{id}/suspend). */
export async function serviceProvidersRoutes(
  base: FastifyInstance,
  { providers }: { providers: ServiceProvidersService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/admin/service-providers',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'listServiceProviders',
        summary: 'All service providers, newest first; filter by status or name',
        querystring: ServiceProviderListQuery,
        response: { 200: ServiceProviderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => providers.list(request.query),
  )

  app.post(
    '/v1/admin/service-providers',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'createServiceProvider',
        summary: 'Create a service provider (ACTIVE); a taken name answers 409 conflict',
        body: CreateServiceProviderBody,
        response: { 200: ServiceProvider, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => providers.create(auditContext(request), request.body),
  )

  app.get(
    '/v1/admin/service-providers/:id',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'getServiceProvider',
        summary: 'One service provider',
        params: IdParams,
        response: { 200: ServiceProvider, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => providers.get(request.params.id),
  )

  app.put(
    '/v1/admin/service-providers/:id',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'updateServiceProvider',
        summary:
          'Change a service provider; status SUSPENDED locks its users out at once (403 provider_suspended), ACTIVE lets them in again',
        params: IdParams,
        body: UpdateServiceProviderBody,
        response: { 200: ServiceProvider, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => providers.update(auditContext(request), request.params.id, request.body),
  )

  app.get(
    '/v1/admin/service-providers/:id/users',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'listServiceProviderUsers',
        summary: 'The users of a service provider, newest first',
        params: IdParams,
        querystring: ServiceProviderUsersQuery,
        response: { 200: ServiceProviderUserPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => providers.listUsers(request.params.id, request.query),
  )

  app.post(
    '/v1/admin/service-providers/:id/users',
    {
      config: { auth: ADMINS },
      schema: {
        tags,
        operationId: 'createServiceProviderUser',
        summary:
          'Create a user of the service provider (role SERVICE_PROVIDER) who logs in with e-mail and password',
        params: IdParams,
        body: CreateServiceProviderUserBody,
        response: { 200: ServiceProviderUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => providers.createUser(auditContext(request), request.params.id, request.body),
  )
}

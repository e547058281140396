import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import {
  CreateMerchantBody,
  CreateMerchantUserBody,
  Merchant,
  MerchantListQuery,
  MerchantPage,
  MerchantUser,
  MerchantUserPage,
  MerchantUsersQuery,
  UpdateMerchantBody,
} from './merchants.schemas.js'
import type { MerchantsService } from './merchants.service.js'

export async function merchantsRoutes(
  base: FastifyInstance,
  { merchants }: { merchants: MerchantsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/admin/merchants',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'listMerchants',
        summary: 'All merchants, newest first; filter by status or name',
        querystring: MerchantListQuery,
        response: { 200: MerchantPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => merchants.list(request.query),
  )

  app.post(
    '/v1/admin/merchants',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'createMerchant',
        summary: 'Create a merchant (ACTIVE)',
        body: CreateMerchantBody,
        response: { 200: Merchant, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => merchants.create(auditContext(request), request.body),
  )

  app.get(
    '/v1/admin/merchants/:id',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'getMerchant',
        summary: 'One merchant',
        params: IdParams,
        response: { 200: Merchant, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merchants.get(request.params.id),
  )

  app.put(
    '/v1/admin/merchants/:id',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'updateMerchant',
        summary: 'Change a merchant; status SUSPENDED locks its users out at once, ACTIVE lets them in again',
        params: IdParams,
        body: UpdateMerchantBody,
        response: { 200: Merchant, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merchants.update(auditContext(request), request.params.id, request.body),
  )

  app.get(
    '/v1/admin/merchants/:id/users',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'listMerchantUsers',
        summary: 'The users of a merchant, newest first',
        params: IdParams,
        querystring: MerchantUsersQuery,
        response: { 200: MerchantUserPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merchants.listUsers(request.params.id, request.query),
  )

  app.post(
    '/v1/admin/merchants/:id/users',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['merchants'],
        operationId: 'createMerchantUser',
        summary: 'Create a user of the merchant who logs in with e-mail and password',
        params: IdParams,
        body: CreateMerchantUserBody,
        response: { 200: MerchantUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => merchants.createUser(auditContext(request), request.params.id, request.body),
  )
}

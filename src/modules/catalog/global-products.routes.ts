import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import { checkGlobalProductBody } from './catalog.edge.js'
import {
  CreateGlobalProductBody,
  GlobalProduct,
  GlobalProductDeleted,
  GlobalProductPage,
  GlobalProductQuery,
  UpdateGlobalProductBody,
} from './catalog.schemas.js'
import type { GlobalProductsService } from './global-products.service.js'

export async function globalProductsRoutes(
  base: FastifyInstance,
  { globalProducts }: { globalProducts: GlobalProductsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/global/products',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['global-products'],
        operationId: 'searchGlobalProducts',
        summary: 'Search the public product catalogue, newest first',
        querystring: GlobalProductQuery,
        response: { 200: GlobalProductPage, ...errorResponses(400) },
      },
    },
    async (request) => globalProducts.list(request.query),
  )

  app.get(
    '/v1/admin/global-products',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['global-products'],
        operationId: 'listGlobalProducts',
        summary: 'The global product catalogue, newest first',
        querystring: GlobalProductQuery,
        response: { 200: GlobalProductPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => globalProducts.list(request.query),
  )

  app.post(
    '/v1/admin/global-products',
    {
      config: { auth: ADMINS },
      preHandler: checkGlobalProductBody,
      schema: {
        tags: ['global-products'],
        operationId: 'createGlobalProduct',
        summary: 'Add a product to the global catalogue',
        body: CreateGlobalProductBody,
        response: { 200: GlobalProduct, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => globalProducts.create(auditContext(request), request.body),
  )

  app.put(
    '/v1/admin/global-products/:id',
    {
      config: { auth: ADMINS },
      preHandler: checkGlobalProductBody,
      schema: {
        tags: ['global-products'],
        operationId: 'updateGlobalProduct',
        summary: 'Change a global product',
        params: IdParams,
        body: UpdateGlobalProductBody,
        response: { 200: GlobalProduct, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => globalProducts.update(auditContext(request), request.params.id, request.body),
  )

  app.delete(
    '/v1/admin/global-products/:id',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['global-products'],
        operationId: 'deleteGlobalProduct',
        summary:
          'Delete a global product (409 while warranties refer to it; merchant products lose only the link)',
        params: IdParams,
        response: { 200: GlobalProductDeleted, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => globalProducts.delete(auditContext(request), request.params.id),
  )
}

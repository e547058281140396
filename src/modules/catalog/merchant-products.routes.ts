import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { checkMerchantProductBody } from './catalog.edge.js'
import {
  CreateMerchantProductBody,
  MerchantProduct,
  MerchantProductDeleted,
  MerchantProductPage,
  MerchantProductParams,
  MerchantProductQuery,
  UpdateMerchantProductBody,
} from './catalog.schemas.js'
import type { MerchantProductsService } from './merchant-products.service.js'

export async function merchantProductsRoutes(
  base: FastifyInstance,
  { merchantProducts }: { merchantProducts: MerchantProductsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/merchant/products',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['merchant-products'],
        operationId: 'listMerchantProducts',
        summary: "The caller's merchant's products, newest first",
        querystring: MerchantProductQuery,
        response: { 200: MerchantProductPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => merchantProducts.list(merchantIdOf(request), request.query),
  )

  app.post(
    '/v1/merchant/products',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      preHandler: checkMerchantProductBody,
      schema: {
        tags: ['merchant-products'],
        operationId: 'createMerchantProduct',
        summary: 'Add a product; an unknown globalProductId answers 400',
        body: CreateMerchantProductBody,
        response: { 200: MerchantProduct, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => merchantProducts.create(merchantIdOf(request), request.body),
  )

  app.put(
    '/v1/merchant/products/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      preHandler: checkMerchantProductBody,
      schema: {
        tags: ['merchant-products'],
        operationId: 'updateMerchantProduct',
        summary: 'Change a product',
        params: MerchantProductParams,
        body: UpdateMerchantProductBody,
        response: { 200: MerchantProduct, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => merchantProducts.update(merchantIdOf(request), request.params.id, request.body),
  )

  app.delete(
    '/v1/merchant/products/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags: ['merchant-products'],
        operationId: 'deleteMerchantProduct',
        summary: 'Delete a product (soft: issued warranties keep it; its SKU becomes free)',
        params: MerchantProductParams,
        response: { 200: MerchantProductDeleted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merchantProducts.delete(merchantIdOf(request), request.params.id),
  )
}

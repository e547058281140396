import type { FastifyRequest } from 'fastify'
import { assertGtin } from './gtin.js'
import { isProductId, productNotFound } from './merchant-products.service.js'
import { assertPrice } from './price.js'

/**
 * What the request schemas cannot express (a GS1 check digit, cents), checked at the edge so
 * that the 400 names the field of the request and the services stay free of HTTP paths. Run as
 * a route's `preHandler`: after the schema, before the service.
 */
interface ProductFields {
  gtin?: string | null
  price?: number | null
}

export async function checkGlobalProductBody(request: FastifyRequest): Promise<void> {
  assertGtin((request.body as ProductFields).gtin)
}

/** An id that cannot be a product answers 404 first, as the service would, then the fields. */
export async function checkMerchantProductBody(request: FastifyRequest): Promise<void> {
  const { id } = (request.params ?? {}) as { id?: string }
  if (id !== undefined && !isProductId(id)) throw productNotFound()
  const body = request.body as ProductFields
  assertGtin(body.gtin)
  assertPrice(body.price)
}

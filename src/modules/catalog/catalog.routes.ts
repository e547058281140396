import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.js'
import { globalProductsRoutes } from './global-products.routes.js'
import { merchantProductsRoutes } from './merchant-products.routes.js'

export async function catalogRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  await globalProductsRoutes(app, services.catalog)
  await merchantProductsRoutes(app, services.catalog)
}

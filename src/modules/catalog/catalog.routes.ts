import type { FastifyInstance } from 'fastify'
import type { CatalogService } from './catalog.service.js'
import { globalProductsRoutes } from './global-products.routes.js'
import { merchantProductsRoutes } from './merchant-products.routes.js'

export async function catalogRoutes(
  app: FastifyInstance,
  { catalog }: { catalog: CatalogService },
): Promise<void> {
  await globalProductsRoutes(app, catalog)
  await merchantProductsRoutes(app, catalog)
}

import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { AuditService } from '../audit/index.js'
import { catalogRoutes } from './catalog.routes.js'
import { CatalogService } from './catalog.service.js'

export { hasGtinCheckDigit } from './gtin.js'
export { assertPrice } from './price.js'

/** The product catalogue: the admins' global products and each merchant's own. */
export function catalogFeature(deps: { db: Db }, uses: { audit: AuditService }): Feature<CatalogService> {
  const service = new CatalogService({ db: deps.db, audit: uses.audit })
  return { name: 'catalog', service, routes: (app) => app.register(catalogRoutes, { catalog: service }) }
}

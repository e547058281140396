import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { AuditService } from '../audit/index.js'
import { merchantsRoutes } from './merchants.routes.js'
import { MerchantsService } from './merchants.service.js'

export { merchantName } from './merchants.repository.js'

/** Merchants and their staff, run by admins. */
export function merchantsFeature(deps: { db: Db }, uses: { audit: AuditService }): Feature<MerchantsService> {
  const service = new MerchantsService({ db: deps.db, audit: uses.audit })
  return {
    name: 'merchants',
    service,
    routes: (app) => app.register(merchantsRoutes, { merchants: service }),
  }
}

import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { AuditService } from '../audit/index.js'
import { adminsRoutes } from './admins.routes.js'
import { AdminAccounts } from './admins.service.js'
import { merchantSettingsRoutes } from './merchant-settings.routes.js'
import { merchantsRoutes } from './merchants.routes.js'
import { MerchantsService } from './merchants.service.js'
import { staffRoutes } from './staff.routes.js'
import { StaffOffboarding, type StopImportsOf } from './staff.service.js'

export { merchantCurrency, merchantName } from './merchants.repository.js'

/** Merchants and their staff, run by admins; off-boarding of staff by admins and merchant owners. */
export function merchantsFeature(
  deps: { db: Db },
  uses: { audit: AuditService; stopImportsOf: StopImportsOf },
): Feature<MerchantsService> {
  const service = new MerchantsService({ db: deps.db, audit: uses.audit })
  return {
    name: 'merchants',
    service,
    routes: async (app) => {
      await app.register(merchantsRoutes, { merchants: service })
      await app.register(merchantSettingsRoutes, { merchants: service })
      const staff = new StaffOffboarding({
        db: deps.db,
        audit: uses.audit,
        stopImportsOf: uses.stopImportsOf,
      })
      await app.register(staffRoutes, { staff, merchants: service })
      await app.register(adminsRoutes, { admins: new AdminAccounts({ db: deps.db, audit: uses.audit }) })
    },
  }
}

import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { AuditService } from '../audit/index.js'
import { allowListRoutes } from './allow-list.routes.js'
import { AllowListService } from './allow-list.service.js'
import { serviceProvidersRoutes } from './service-providers.routes.js'
import { ServiceProvidersService } from './service-providers.service.js'

export type { AllowListService } from './allow-list.service.js'
export type { ServiceProvidersService } from './service-providers.service.js'

/**
 * Service providers (repair shops, service centres): admins run them and their users; a
 * merchant's OWNERs and ADMINs choose which may work on its claims (docs/service-providers.md).
 */
export function serviceProvidersFeature(
  deps: { db: Db },
  uses: { audit: AuditService },
): Feature<{ providers: ServiceProvidersService; allowList: AllowListService }> {
  const providers = new ServiceProvidersService({ db: deps.db, audit: uses.audit })
  const allowList = new AllowListService({ db: deps.db, audit: uses.audit })
  return {
    name: 'service-providers',
    service: { providers, allowList },
    routes: async (app) => {
      await app.register(serviceProvidersRoutes, { providers })
      await app.register(allowListRoutes, { allowList })
    },
  }
}

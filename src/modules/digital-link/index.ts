import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { digitalLinkRoutes } from './digital-link.routes.js'
import { LabelsService } from './labels.service.js'
import { ResolverService } from './resolver.service.js'

/** The Digital Link of a warranty's item, for the certificate's verification. */
export { itemDigitalLink } from './digital-link.js'
export type { LabelsService } from './labels.service.js'
export type { ResolverService } from './resolver.service.js'

/**
 * GS1 Digital Link: the resolver of the service's products and items, their QR codes and the
 * merchants' label sheets (docs/digital-link.md).
 */
export function digitalLinkFeature(deps: {
  db: Db
  limiter: RateLimiter
  publicApiUrl: string
  appUrl: string
}): Feature<{ resolver: ResolverService; labels: LabelsService }> {
  const resolver = new ResolverService(deps)
  const labels = new LabelsService({ db: deps.db, resolver })
  return {
    name: 'digital-link',
    service: { resolver, labels },
    routes: (app) => app.register(digitalLinkRoutes, { resolver, labels }),
  }
}

import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { digitalLinkRoutes } from './digital-link.routes.js'
import { LabelsService } from './labels.service.js'
import { type RegistrationLookup, ResolverService } from './resolver.service.js'

/** The Digital Link of a warranty's item, for the certificate's verification. */
/** GTIN and serial rules (and the stored forms of a GTIN) for registration by the buyer. */
export {
  assertGs1Serial,
  digitalLinkUri,
  gtin14,
  isGs1Serial,
  itemDigitalLink,
  storedGtin14,
} from './digital-link.js'
export { storedForms } from './digital-link.repository.js'
export type { LabelsService } from './labels.service.js'
export type { RegistrationLookup, ResolverService } from './resolver.service.js'

/**
 * GS1 Digital Link: the resolver of the service's products and items, their QR codes and the
 * merchants' label sheets (docs/digital-link.md).
 */
export function digitalLinkFeature(deps: {
  db: Db
  limiter: RateLimiter
  publicApiUrl: string
  appUrl: string
  /** Whether an item without a warranty may be registered by its buyer (the registrations feature). */
  registration?: RegistrationLookup
}): Feature<{ resolver: ResolverService; labels: LabelsService }> {
  const resolver = new ResolverService(deps)
  const labels = new LabelsService({ db: deps.db, resolver })
  return {
    name: 'digital-link',
    service: { resolver, labels },
    routes: (app) => app.register(digitalLinkRoutes, { resolver, labels }),
  }
}

import type { Feature } from '../../feature.js'
import { ownershipRoutes, warrantyOwnershipRoutes } from './ownership.routes.js'
import { type OwnershipDeps, OwnershipService } from './ownership.service.js'

export type { OwnershipService } from './ownership.service.js'

/** Linked wallets, exports, the chain's transfers followed, resale by e-mail. */
export function ownershipFeature(deps: OwnershipDeps & { sweepSeconds: number }): Feature<OwnershipService> {
  const service = new OwnershipService(deps)
  const run = () => service.runOnce()
  return {
    name: 'ownership',
    service,
    routes: async (app) => {
      await app.register(ownershipRoutes, { ownership: service })
      await app.register(warrantyOwnershipRoutes, { ownership: service })
    },
    sweeps: [{ name: 'ownership', everyMs: deps.sweepSeconds * 1000, run }],
    onWorkerStart: async () => service.wake(),
    onStop: () => service.stop(),
  }
}

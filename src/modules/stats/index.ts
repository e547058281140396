import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { statsRoutes } from './stats.routes.js'
import { StatsService } from './stats.service.js'

/** How often the day-count deltas of every merchant are folded (stats.service.ts `foldAll`). */
const FOLD_SWEEP_MS = 5 * 60_000

/** Platform and merchant statistics. */
export function statsFeature(deps: { db: Db }): Feature<StatsService> {
  const service = new StatsService(deps)
  return {
    name: 'stats',
    service,
    routes: (app) => app.register(statsRoutes, { stats: service }),
    sweeps: [
      {
        name: 'merchant day counts',
        everyMs: FOLD_SWEEP_MS,
        run: async () => {
          await service.foldAll()
        },
      },
    ],
  }
}

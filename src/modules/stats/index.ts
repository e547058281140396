import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { statsRoutes } from './stats.routes.js'
import { StatsService } from './stats.service.js'

/** Platform and merchant statistics. */
export function statsFeature(deps: { db: Db }): Feature<StatsService> {
  const service = new StatsService(deps)
  return { name: 'stats', service, routes: (app) => app.register(statsRoutes, { stats: service }) }
}

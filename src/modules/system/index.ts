import type { Feature } from '../../feature.js'
import type { ReadinessCheck } from './readiness.js'
import { systemRoutes, type Verification } from './system.routes.js'

export type { ReadinessCheck } from './readiness.js'

/** Liveness, readiness and version. */
export function systemFeature(deps: {
  readiness: readonly ReadinessCheck[]
  gitRevision: string | null
  verification: Verification
}): Feature<null> {
  return { name: 'system', service: null, routes: (app) => app.register(systemRoutes, deps) }
}

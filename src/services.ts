import type { Deps } from './deps.js'
import type { JobDefinition } from './jobs/queue.js'
import { recordLoginJob } from './modules/auth/auth.jobs.js'
import { AuthService } from './modules/auth/auth.service.js'

/** The feature services, built once from the deps and shared by routes and jobs. */
export interface Services {
  auth: AuthService
}

export function createServices(deps: Deps): Services {
  return {
    auth: new AuthService({
      db: deps.db,
      tokens: deps.tokens,
      limiter: deps.limiter,
      queue: deps.queue,
      logger: deps.logger.child({ component: 'auth' }),
    }),
  }
}

/** Every background job of the service, registered in API and worker processes alike. */
export function createJobs(deps: Deps, _services: Services): JobDefinition<object>[] {
  return [recordLoginJob(deps.db)]
}

import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { TokenService } from '../../http/tokens.js'
import type { JobQueue } from '../../jobs/queue.js'
import { recordLoginJob } from './auth.jobs.js'
import { authRoutes } from './auth.routes.js'
import { AuthService } from './auth.service.js'

export { type TokenClaims, TokenService } from '../../http/tokens.js'
export { ensureAdmin, type NewAdmin } from './admins.js'
export { LoginResponse, type LoginView } from './auth.schemas.js'
export { type AuthService, refuseLockedOut } from './auth.service.js'
export { hashPassword } from './passwords.js'

/** Staff sign-in, profile and password; tokens. */
export function authFeature(deps: {
  db: Db
  tokens: TokenService
  limiter: RateLimiter
  queue: JobQueue
  logger: Logger
}): Feature<AuthService> {
  const service = new AuthService({ ...deps, logger: deps.logger.child({ component: 'auth' }) })
  return {
    name: 'auth',
    service,
    routes: (app) => app.register(authRoutes, { auth: service }),
    jobs: [recordLoginJob(deps.db)],
  }
}

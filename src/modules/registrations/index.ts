import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { drainJob, type JobQueue } from '../../jobs/queue.js'
import type { MailOutbox } from '../mail/index.js'
import type { WarrantiesService } from '../warranties/index.js'
import { merchantRegistrationsRoutes, productRegistrationRoutes } from './merchant-registrations.routes.js'
import { ProductRegistrationService, SERIALS_JOB } from './product-registration.service.js'
import { registrationsRoutes } from './registrations.routes.js'
import { RegistrationsService } from './registrations.service.js'

export type { ProductRegistrationService } from './product-registration.service.js'
export type { RegistrationsService } from './registrations.service.js'

/**
 * Registration by the buyer (docs/digital-link.md#registration-by-the-buyer): per-product
 * settings and known serials, the public check, buyers' registrations and the merchant's queue.
 */
export function registrationsFeature(
  deps: {
    db: Db
    limiter: RateLimiter
    queue: JobQueue
    logger: Logger
    appUrl: string
    /** Runs a known-serials run alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    /** The most bytes of one serials upload (IMPORT_MAX_BYTES, as CSV imports). */
    maxBytes: number
  },
  uses: {
    mail: MailOutbox
    warranties: Pick<WarrantiesService, 'issueOneInTransaction'>
    wakeMinter: () => void
  },
): Feature<{ registrations: RegistrationsService; productRegistrations: ProductRegistrationService }> {
  const logger = deps.logger.child({ component: 'registrations' })
  const registrations = new RegistrationsService({
    db: deps.db,
    limiter: deps.limiter,
    appUrl: deps.appUrl,
    mail: uses.mail,
    warranties: uses.warranties,
    wakeMinter: uses.wakeMinter,
  })
  const products = new ProductRegistrationService({
    db: deps.db,
    queue: deps.queue,
    logger,
    exclusive: deps.exclusive,
    maxBytes: deps.maxBytes,
  })
  const runner = products.runner
  return {
    name: 'registrations',
    service: { registrations, productRegistrations: products },
    routes: async (app) => {
      await app.register(registrationsRoutes, { registrations })
      await app.register(merchantRegistrationsRoutes, { registrations })
      await app.register(productRegistrationRoutes, { products, maxBytes: deps.maxBytes })
    },
    jobs: [drainJob(SERIALS_JOB, () => runner.run(), 'known serial chunks added')],
    onWorkerStart: () => runner.request(),
    onStop: () => runner.stop(),
    sweeps: [{ name: 'known serial uploads', job: SERIALS_JOB, everyMs: 2000, run: () => runner.sweep() }],
  }
}

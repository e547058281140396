import type { Logger } from 'pino'
import type { PushPort } from '../../adapters/push/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailOutbox } from '../mail/index.js'
import type { ReceiptBlobs } from '../receipts/index.js'
import type { ServiceHistoryService } from '../service-history/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { ClaimNotices } from './claim-notices.js'
import { CLAIM_PUSH_JOB, ClaimPushes } from './claim-pushes.js'
import { ClaimsService } from './claims.service.js'
import { customerClaimsRoutes } from './customer-claims.routes.js'
import { merchantClaimsRoutes, providerClaimsRoutes } from './merchant-claims.routes.js'

export type { ClaimsService } from './claims.service.js'

/**
 * Claims (docs/claims.md): customers report faults on warranties in coverage, merchants decide
 * and assign, service providers repair or replace; outcomes act on the warranty through the
 * service history.
 */
export function claimsFeature(
  deps: {
    db: Db
    appUrl: string
    maxPixels: number
    push: PushPort
    queue: JobQueue
    logger: Logger
    /** Runs a push run alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  },
  uses: {
    mail: MailOutbox
    events: WarrantyEvents | undefined
    blobs: ReceiptBlobs
    history: ServiceHistoryService
  },
): Feature<ClaimsService> {
  const pushes = new ClaimPushes({
    db: deps.db,
    push: deps.push,
    queue: deps.queue,
    logger: deps.logger.child({ component: 'claims' }),
    exclusive: deps.exclusive,
    appUrl: deps.appUrl,
  })
  const notices = new ClaimNotices({ mail: uses.mail, pushes, events: uses.events, appUrl: deps.appUrl })
  const service = new ClaimsService({
    db: deps.db,
    blobs: uses.blobs,
    history: uses.history,
    notices,
    maxPixels: deps.maxPixels,
  })
  return {
    name: 'claims',
    service,
    jobs: [pushes.job()],
    // Pushes committed after their wake-up fired, or by an API-only process.
    sweeps: [{ name: 'claim pushes', job: CLAIM_PUSH_JOB, everyMs: 2000, run: () => pushes.sweep() }],
    onWorkerStart: () => pushes.request(),
    onStop: () => pushes.stop(),
    routes: async (app) => {
      await app.register(customerClaimsRoutes, { claims: service })
      await app.register(merchantClaimsRoutes, { claims: service })
      await app.register(providerClaimsRoutes, { claims: service })
    },
  }
}

import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { JwtConfig } from '../../config/jwt.js'
import type { WebhooksConfig } from '../../config/webhooks.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import { WebhookDispatcher } from './webhook-dispatch.js'
import { createWarrantyEvents, type WarrantyEvents } from './webhook-events.js'
import { type ExpiringWarranties, recordExpiring, resealSecrets } from './webhook-maintenance.js'
import { SecretBox } from './webhook-secrets.js'
import { deliverWebhooksJob } from './webhooks.jobs.js'
import { pruneDeliveries } from './webhooks.repository.js'
import { webhooksRoutes } from './webhooks.routes.js'
import { WebhooksService } from './webhooks.service.js'

export { DELIVER_WEBHOOKS_JOB, WebhookDispatcher } from './webhook-dispatch.js'
export {
  type ClaimEventData,
  type ClaimEventType,
  type WarrantyEvents,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from './webhook-events.js'
export { EXPIRING_WITHIN_DAYS, type ExpiringWarranties } from './webhook-maintenance.js'
export { SecretBox } from './webhook-secrets.js'

/** How often a worker looks for due deliveries whose wake-up was lost. */
const DELIVERY_SWEEP_MS = 2000
/** How often warranties coming up to their expiry are looked for, and old deliveries pruned. */
const EXPIRING_SWEEP_MS = 3600_000
const PRUNE_SWEEP_MS = 3600_000

export interface WebhooksFeatureService {
  endpoints: WebhooksService
  /** The port issuing, minting and claiming report through (in their transactions). */
  events: WarrantyEvents
  dispatcher: WebhookDispatcher
  /** Runs the `warranty.expiring` sweep now. */
  recordExpiring(): Promise<void>
  /** Removes finished deliveries older than the retention now (the hourly sweep). */
  pruneDeliveries(): Promise<void>
}

/** Signed webhooks for merchants (docs/webhooks.md): endpoints, the outbox and its delivery. */
export function webhooksFeature(
  deps: {
    db: Db
    queue: JobQueue
    logger: Logger
    /** Runs a delivery run alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    settings: WebhooksConfig
    /** Endpoint signing secrets are sealed under keys derived from these (SecretBox). */
    jwt: Pick<JwtConfig, 'secret' | 'previousSecret'>
    /** NODE_ENV=production: endpoints must be https://. */
    production: boolean
    limiter: RateLimiter
  },
  uses: { expiringWarranties: ExpiringWarranties },
): Feature<WebhooksFeatureService> {
  const { db, settings } = deps
  const logger = deps.logger.child({ component: 'webhooks' })
  const secrets = new SecretBox(deps.jwt.secret, deps.jwt.previousSecret)
  const dispatcher = new WebhookDispatcher({
    db,
    queue: deps.queue,
    logger,
    secrets,
    exclusive: deps.exclusive,
    settings,
  })
  const events = createWarrantyEvents(() => dispatcher.wake())
  const endpoints = new WebhooksService({
    db,
    secrets,
    dispatcher,
    production: deps.production,
    allowPrivateTargets: settings.allowPrivateTargets,
    maxEndpoints: settings.maxEndpointsPerMerchant,
    manualSends: { limit: settings.manualSendsPerHour, windowMs: 3600_000 },
    limiter: deps.limiter,
  })
  const expiring = () => recordExpiring(db, events, uses.expiringWarranties)
  const prune = async () => {
    const removed = await pruneDeliveries(db, new Date(Date.now() - settings.logRetentionDays * 86_400_000))
    if (removed > 0) logger.info({ removed }, 'old webhook deliveries removed')
  }
  return {
    name: 'webhooks',
    service: { endpoints, events, dispatcher, recordExpiring: expiring, pruneDeliveries: prune },
    routes: (app) => app.register(webhooksRoutes, { webhooks: endpoints }),
    jobs: [deliverWebhooksJob(dispatcher)],
    sweeps: [
      { name: 'webhooks', everyMs: DELIVERY_SWEEP_MS, run: () => dispatcher.sweep() },
      { name: 'webhooks expiring', everyMs: EXPIRING_SWEEP_MS, run: expiring },
      { name: 'webhooks log', everyMs: PRUNE_SWEEP_MS, run: prune },
    ],
    onWorkerStart: async () => {
      const resealed = await resealSecrets(db, secrets)
      if (resealed > 0) logger.info({ resealed }, 'webhook secrets re-sealed under the current JWT_SECRET')
      await expiring()
      await dispatcher.request()
    },
    onStop: () => dispatcher.stop(),
  }
}

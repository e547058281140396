import type { Logger } from 'pino'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { MintingSettings } from '../../config/minting.js'
import type { Database } from '../../db/client.js'
import { LOCK_KEYS } from '../../db/lock-keys.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { certificatesRoutes } from './certificates.routes.js'
import { type CertificateHistory, CertificatesService } from './certificates.service.js'
import { mintJob } from './minting.jobs.js'
import { MINT_JOB, MintingService } from './minting.service.js'
import type { PipelineDeps } from './pipeline.js'

/** What service history shares with certificates: canonical JSON, the serial hash, the history schema. */
export { canonicalJson, serialHash } from './certificate-metadata.js'
export { type HistoryEntry, ServiceHistoryEvent } from './certificates.schemas.js'
export type { CertificateHistory } from './certificates.service.js'
export type { MintingService } from './minting.service.js'

/** The minting pipeline: pending warranties batched, pinned to IPFS and minted on chain. */
export function mintingFeature(deps: {
  database: Database
  chain: ChainPort
  pinning: PinningPort
  queue: JobQueue
  logger: Logger
  /** `config.minting`, passed on to the pipeline as it is. */
  settings: MintingSettings
  /** The GS1 Digital Link resolver's base: the product's link in each certificate's metadata. */
  publicApiUrl: string
  metrics?: PipelineDeps['metrics']
  events?: WarrantyEvents
}): Feature<MintingService> {
  const { settings } = deps
  const service = new MintingService({
    db: deps.database.db,
    chain: deps.chain,
    pinning: deps.pinning,
    queue: deps.queue,
    logger: deps.logger.child({ component: 'minting' }),
    exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.mint, fn),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.events ? { events: deps.events } : {}),
    settings,
    publicApiUrl: deps.publicApiUrl,
  })
  return {
    name: 'minting',
    service,
    jobs: [mintJob(service, { limit: settings.maxAttempts - 1, delaySeconds: settings.retryDelaySeconds })],
    // In case a wake-up after an issue was lost.
    sweeps: [
      { name: 'minting', job: MINT_JOB, everyMs: settings.sweepSeconds * 1000, run: () => service.sweep() },
    ],
    // Resumes whatever a previous process left unminted (a crash, an outage).
    onWorkerStart: () => service.request(),
    onStop: () => service.stop(),
  }
}

/** Public verification of a certificate against the chain and IPFS. */
export function certificatesFeature(deps: {
  database: Database
  chain: ChainPort
  pinning: PinningPort
  limiter: RateLimiter
  serialHashSalt: string
  /** The resolver's base: the item's GS1 Digital Link in the verification (docs/digital-link.md). */
  publicApiUrl: string
  history?: CertificateHistory
}): Feature<CertificatesService> {
  const service = new CertificatesService({
    ...(deps.history ? { history: deps.history } : {}),
    db: deps.database.db,
    chain: deps.chain,
    pinning: deps.pinning,
    limiter: deps.limiter,
    serialHashSalt: deps.serialHashSalt,
    publicApiUrl: deps.publicApiUrl,
  })
  return {
    name: 'certificates',
    service,
    routes: (app) => app.register(certificatesRoutes, { certificates: service }),
  }
}

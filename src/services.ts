import type { Deps } from './deps.js'
import type { JobDefinition } from './jobs/queue.js'
import { AuditService } from './modules/audit/audit.service.js'
import { recordLoginJob } from './modules/auth/auth.jobs.js'
import { AuthService } from './modules/auth/auth.service.js'
import { CatalogService } from './modules/catalog/catalog.service.js'
import { dispatchMailJob } from './modules/mail/mail.jobs.js'
import { MailOutbox } from './modules/mail/mail.service.js'
import { MerchantsService } from './modules/merchants/merchants.service.js'
import { CertificatesService } from './modules/minting/certificates.service.js'
import { mintJob } from './modules/minting/minting.jobs.js'
import { MintingService } from './modules/minting/minting.service.js'
import { SenderAddressesService } from './modules/sender-addresses/sender-addresses.service.js'
import { StatsService } from './modules/stats/stats.service.js'
import { warrantyJobs } from './modules/warranties/warranties.jobs.js'
import { WarrantiesService } from './modules/warranties/warranties.service.js'

/** Database lock key held by a minting run (an arbitrary constant). */
const MINT_LOCK = 727_274_002

/** The feature services, built once from the deps and shared by routes and jobs. */
export interface Services {
  auth: AuthService
  mailOutbox: MailOutbox
  audit: AuditService
  merchants: MerchantsService
  catalog: CatalogService
  stats: StatsService
  warranties: WarrantiesService
  senderAddresses: SenderAddressesService
  minting: MintingService
  certificates: CertificatesService
}

export function createServices(deps: Deps): Services {
  const mailOutbox = new MailOutbox({
    db: deps.db,
    mail: deps.mail,
    queue: deps.queue,
    logger: deps.logger.child({ component: 'mail' }),
    settings: {
      from: deps.config.mail.from,
      secret: deps.config.jwt.secret,
      retryDelaySeconds: deps.config.mail.retryDelaySeconds,
      maxAttempts: deps.config.mail.maxAttempts,
    },
  })
  const minting = new MintingService({
    db: deps.db,
    chain: deps.chain,
    pinning: deps.pinning,
    queue: deps.queue,
    logger: deps.logger.child({ component: 'minting' }),
    exclusive: (fn) => deps.database.exclusive(MINT_LOCK, fn),
    settings: {
      batchSize: deps.config.chain.mintBatchSize,
      confirmations: deps.config.chain.confirmations,
      receiptTimeoutMs: 120_000,
      serialHashSalt: deps.config.serialHashSalt,
    },
  })
  return {
    auth: new AuthService({
      db: deps.db,
      tokens: deps.tokens,
      limiter: deps.limiter,
      queue: deps.queue,
      logger: deps.logger.child({ component: 'auth' }),
    }),
    mailOutbox,
    audit: new AuditService(deps),
    merchants: new MerchantsService(deps),
    catalog: new CatalogService(deps),
    stats: new StatsService(deps),
    warranties: new WarrantiesService(deps, { mailOutbox, minting }),
    senderAddresses: new SenderAddressesService(deps, { mailOutbox }),
    minting,
    certificates: new CertificatesService({
      db: deps.db,
      chain: deps.chain,
      pinning: deps.pinning,
      limiter: deps.limiter,
      serialHashSalt: deps.config.serialHashSalt,
    }),
  }
}

/** Every background job of the service, registered in API and worker processes alike. */
export function createJobs(deps: Deps, services: Services): JobDefinition<object>[] {
  return [
    recordLoginJob(deps.db),
    dispatchMailJob(services.mailOutbox),
    ...warrantyJobs(deps, services),
    mintJob(services.minting, {
      limit: deps.config.chain.mintMaxAttempts - 1,
      delaySeconds: deps.config.chain.mintRetryDelaySeconds,
    }),
  ]
}

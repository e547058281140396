import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import { drainJob } from '../../jobs/queue.js'
import type { MailOutbox } from '../mail/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { deleteExpiredIdempotencyKeys } from './idempotency.repository.js'
import { IMPORT_JOB, ImportRunner } from './import-runner.js'
import type { UploadLimits } from './import-upload.js'
import { WarrantyImports } from './imports.service.js'
import { warrantiesRoutes } from './warranties.routes.js'
import { WarrantiesService } from './warranties.service.js'

export { expireOpenClaimLinks } from './claim-links.repository.js'
/** Claim links: created at issue, e-mailed again on a resend (by the merchant or the customer). */
export { type ClaimMailer, emailClaimLink, reissueClaimLink } from './claim-notices.js'
/** The one rule for changing coverage (expiry, voiding, extension, replacement). */
export {
  authorizeCoverageChange,
  type CoverageChange,
  type CoverageGrant,
  coverageChangeOfEvent,
} from './coverage-rule.js'
export { stopImportsOf } from './imports.repository.js'
export type { WarrantyImports } from './imports.service.js'
/** Ownership and service history: owner, expiry and serial changes. */
export {
  findWarrantyByToken,
  moveWarrantyToCustomer,
  setWarrantyExpiry,
  setWarrantySerial,
} from './ownership-updates.repository.js'
/** The wallet: a customer's warranties across merchants. */
export {
  claimWalletWarranties,
  countWalletWarranties,
  findWalletWarranty,
  listWalletWarranties,
  type WalletFilter,
} from './wallet.repository.js'
export { findWarranty, findWarrantyById, listExpiringWarranties } from './warranties.repository.js'
export { Mint, MintStatus, WarrantyProduct, WarrantyStatus } from './warranties.schemas.js'
export type { WarrantiesService } from './warranties.service.js'
export { generateWarrantyCode, parseWarrantyCode } from './warranty-code.js'
/** The warranty view: what minting puts in a certificate and verification shows, as the API does. */
export {
  type ProductNames,
  productName,
  selectWarrantyViews,
  type WalletView,
  type WarrantyView,
  warrantyStatus,
} from './warranty-view.js'

/** Idempotency keys live 24 hours; the expired ones are swept this often. */
const IDEMPOTENCY_SWEEP_MS = 10 * 60_000
/** How often a worker looks for imports whose wake-up was lost, and for abandoned uploads. */
const IMPORT_SWEEP_MS = 2000
const ABANDONED_UPLOADS_SWEEP_MS = 10 * 60_000

/** Issuing (one, in bulk, by CSV import), listing and looking up warranties; claim notices. */
export function warrantiesFeature(
  deps: {
    db: Db
    limiter: RateLimiter
    logger: Logger
    appUrl: string
    queue: JobQueue
    /** Runs an import processing run alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    imports: UploadLimits
    /** QUOTA_MERCHANT_EMAILS_PER_DAY. */
    emailsPerDay: number
  },
  uses: { mail: MailOutbox; wakeMinter: () => void; events?: WarrantyEvents },
): Feature<WarrantiesService & { imports: WarrantyImports }> {
  const service = new WarrantiesService(deps, {
    mailOutbox: uses.mail,
    wakeMinter: uses.wakeMinter,
    ...(uses.events ? { events: uses.events } : {}),
  })
  const logger = deps.logger.child({ component: 'imports' })
  const runner = new ImportRunner({
    db: deps.db,
    queue: deps.queue,
    logger,
    exclusive: deps.exclusive,
    issueContext: () => service.issueContext(),
    wakeMinter: uses.wakeMinter,
  })
  const imports = new WarrantyImports({ db: deps.db, logger, limits: deps.imports, runner })
  return {
    name: 'warranties',
    service: Object.assign(service, { imports }),
    routes: (app) =>
      app.register(warrantiesRoutes, { warranties: service, imports, importMaxBytes: deps.imports.maxBytes }),
    jobs: [drainJob(IMPORT_JOB, () => runner.run(), 'warranty import chunks processed')],
    onWorkerStart: () => runner.request(),
    onStop: () => runner.stop(),
    sweeps: [
      { name: 'warranty imports', everyMs: IMPORT_SWEEP_MS, run: () => runner.sweep() },
      {
        name: 'abandoned import uploads',
        everyMs: ABANDONED_UPLOADS_SWEEP_MS,
        run: () => imports.sweepAbandoned(),
      },
      {
        name: 'idempotency keys',
        everyMs: IDEMPOTENCY_SWEEP_MS,
        run: async () => {
          await deleteExpiredIdempotencyKeys(deps.db)
        },
      },
    ],
  }
}

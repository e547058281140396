import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { MailOutbox } from '../mail/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { deleteExpiredIdempotencyKeys } from './idempotency.repository.js'
import { warrantiesRoutes } from './warranties.routes.js'
import { WarrantiesService } from './warranties.service.js'

/** The one rule for changing coverage (expiry, voiding, extension, replacement). */
export {
  authorizeAssignedProvider,
  authorizeCoverageChange,
  type CoverageGrant,
  coverageChangeOfEvent,
} from './coverage-rule.js'
/** Idempotency-Keys: one namespace per merchant for issues, bulk issues and CSV imports. */
export { type IdempotentRequest, storeAnswer, storedAnswer } from './idempotency.js'
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
export {
  findActiveDuplicates,
  findWarranty,
  findWarrantyById,
  listExpiringWarranties,
  lockSerials,
} from './warranties.repository.js'
export {
  IssueBody,
  IssueHeaders,
  Mint,
  MintStatus,
  WarrantyProduct,
  WarrantyStatus,
} from './warranties.schemas.js'
export type { ImportIssuer, IssueActor, IssueInput, WarrantiesService } from './warranties.service.js'
export type { BulkItemOutcome } from './warranty-bulk.js'
export { parseWarrantyCode } from './warranty-code.js'
/**
 * The mint columns, moved by minting's pipeline (and the operators' bulk retry): the one file
 * warranties and minting both own, used as `warrantyMint.…` so that each use shows it.
 */
export * as warrantyMint from './warranty-mint.repository.js'
/** The warranty view: what minting puts in a certificate and verification shows, as the API does. */
export { productName, type WalletView, type WarrantyView, warrantyStatus } from './warranty-view.js'
export { selectViews as selectWarrantyViewsWith, selectWarrantyViews } from './warranty-view.repository.js'

/** Idempotency keys live 24 hours; the expired ones are swept this often. */
const IDEMPOTENCY_SWEEP_MS = 10 * 60_000

/** Issuing (one, in bulk), listing and looking up warranties; claim notices. */
export function warrantiesFeature(
  deps: {
    db: Db
    limiter: RateLimiter
    logger: Logger
    appUrl: string
    /** QUOTA_MERCHANT_EMAILS_PER_DAY. */
    emailsPerDay: number
  },
  uses: { mail: MailOutbox; wakeMinter: () => void; events?: WarrantyEvents },
): Feature<WarrantiesService> {
  const service = new WarrantiesService(deps, {
    mailOutbox: uses.mail,
    wakeMinter: uses.wakeMinter,
    ...(uses.events ? { events: uses.events } : {}),
  })
  return {
    name: 'warranties',
    service,
    routes: (app) => app.register(warrantiesRoutes, { warranties: service }),
    sweeps: [
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

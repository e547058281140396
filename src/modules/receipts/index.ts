import type { Logger } from 'pino'
import type { BlobStore } from '../../adapters/blobs/index.js'
import type { OcrPort } from '../../adapters/ocr/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { QuotasConfig } from '../../config/limits.js'
import type { BlobsConfig, ReceiptsConfig } from '../../config/receipts.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailOutbox } from '../mail/index.js'
import { foldersRoutes } from './folders.routes.js'
import { FoldersService } from './folders.service.js'
import { ocrRoutes } from './ocr.routes.js'
import { ReceiptBlobs } from './receipt-blobs.js'
import { ReceiptOcrPipeline } from './receipt-ocr.js'
import { ocrReceiptsJob } from './receipts.jobs.js'
import { receiptDetailsRoutes, receiptsRoutes } from './receipts.routes.js'
import { ReceiptsService } from './receipts.service.js'
import { sharedReceiptRoutes, sharesRoutes } from './shares.routes.js'
import { SharesService } from './shares.service.js'

/** Claims' photos follow the receipts' image rules and blob protocol. */
export { sendImage } from './image-reply.js'
export type { ReceiptBlobs, SweepCounts } from './receipt-blobs.js'
export {
  decodeImageBase64,
  type PreparedReceiptImage,
  prepareReceiptImage,
  ReceiptImageError,
} from './receipt-image.js'
export type { ReceiptOcrPipeline } from './receipt-ocr.js'
export { OCR_RECEIPTS_JOB } from './receipt-ocr.js'
/** A customer's receipt, read and linked to a warranty by a buyer's registration. */
export { findReceipt, updateReceipt } from './receipts.repository.js'
export { imageResponse } from './receipts.schemas.js'
export type { InboundReceipt, ReceiptsService } from './receipts.service.js'

export interface ReceiptsFeatureService {
  receipts: ReceiptsService
  folders: FoldersService
  shares: SharesService
  /** The blob protocol (its `sweep` is the orphan sweep). */
  blobs: ReceiptBlobs
  ocr: ReceiptOcrPipeline
}

/** How often a worker looks for receipts still waiting for OCR (a lost wake-up, a crash). */
const OCR_SWEEP_MS = 10_000

/**
 * Receipts (docs/receipts.md): the public OCR route; the customer's receipts in the blob store
 * with OCR after the save, folders, share links by e-mail, warranty suggestions; the orphan
 * sweep; the save path inbound e-mail uses.
 */
export function receiptsFeature(
  deps: {
    db: Db
    ocr: OcrPort
    limiter: RateLimiter
    blobs: BlobStore
    queue: JobQueue
    logger: Logger
    /** Runs an OCR drain alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    publicApiUrl: string
    /** The parts of the configuration receipts use, each as `Config` holds it. */
    settings: {
      receipts: ReceiptsConfig
      /** QUOTA_RECEIPTS_PER_CUSTOMER, QUOTA_RECEIPT_BYTES_PER_CUSTOMER. */
      quotas: Pick<QuotasConfig, 'receiptsPerCustomer' | 'receiptBytesPerCustomer'>
      /** BLOB_ORPHAN_GRACE_SECONDS, BLOB_SWEEP_SECONDS: the orphan sweep. */
      blobs: Pick<BlobsConfig, 'orphanGraceSeconds' | 'sweepSeconds'>
    }
  },
  uses: { mail: MailOutbox },
): Feature<ReceiptsFeatureService> {
  const { db, settings } = deps
  const logger = deps.logger.child({ component: 'receipts' })
  const blobs = new ReceiptBlobs({
    db,
    blobs: deps.blobs,
    logger,
    orphanGraceSeconds: settings.blobs.orphanGraceSeconds,
  })
  const ocr = new ReceiptOcrPipeline({
    db,
    ocr: deps.ocr,
    blobs,
    queue: deps.queue,
    logger,
    exclusive: deps.exclusive,
  })
  const receipts = new ReceiptsService({
    db,
    blobs,
    publicApiUrl: deps.publicApiUrl,
    maxPixels: settings.receipts.maxPixels,
    wakeOcr: () => ocr.wake(),
    limiter: deps.limiter,
    quotas: settings.quotas,
  })
  const folders = new FoldersService({ db })
  const shares = new SharesService(
    {
      db,
      limiter: deps.limiter,
      blobs,
      publicApiUrl: deps.publicApiUrl,
      sharesPerHour: settings.receipts.sharesPerHour,
    },
    { mailOutbox: uses.mail },
  )
  return {
    name: 'receipts',
    service: { receipts, folders, shares, blobs, ocr },
    routes: async (app) => {
      await app.register(ocrRoutes, { ocr: deps.ocr, limiter: deps.limiter })
      await app.register(foldersRoutes, { folders })
      await app.register(sharesRoutes, { shares })
      await app.register(sharedReceiptRoutes, { shares })
      await app.register(receiptsRoutes, { receipts })
      await app.register(receiptDetailsRoutes, { receipts })
    },
    jobs: [ocrReceiptsJob(ocr)],
    sweeps: [
      { name: 'receipt OCR', everyMs: OCR_SWEEP_MS, run: () => ocr.sweep() },
      {
        name: 'receipt blobs',
        everyMs: settings.blobs.sweepSeconds * 1000,
        run: async () => {
          const counts = await blobs.sweep()
          if (counts.orphanObjects + counts.unreferencedRows > 0) logger.info(counts, 'receipt blobs swept')
        },
      },
    ],
    onWorkerStart: () => ocr.request(),
    onStop: () => ocr.stop(),
  }
}

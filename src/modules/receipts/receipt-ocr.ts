import type { Logger } from 'pino'
import { OcrError, type OcrPort, type ReceiptReading } from '../../adapters/ocr/index.js'
import type { Db } from '../../db/client.js'
import type { ReceiptOcrData } from '../../db/schema/index.js'
import { Drain } from '../../jobs/drain.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ReceiptBlobs } from './receipt-blobs.js'
import { anyPendingOcr, pendingOcr, type ReceiptRow, recordOcr } from './receipts.repository.js'
import { suggestWarranty } from './warranty-match.js'

export const OCR_RECEIPTS_JOB = 'receipts.ocr'

/** Receipts read per query; one at a time, so that the public OCR route keeps its share of the pool. */
const BATCH = 10
/** A run stays well inside its job's expiry (15 min); what is left goes to the next run. */
const RUN_BUDGET_MS = 4 * 60_000

type Outcome = 'done' | 'failed' | 'busy'

/** The reading in the interface's `ocrData` shape: every property a string. */
export function toOcrData(reading: ReceiptReading): ReceiptOcrData {
  return {
    ...(reading.merchant ? { merchant: reading.merchant } : {}),
    ...(reading.date ? { date: reading.date } : {}),
    ...(reading.total !== null ? { total: reading.total.toFixed(2) } : {}),
    rawText: reading.rawText,
    items: reading.items.map((item) => ({ name: item.name, price: item.price.toFixed(2) })),
  }
}

/**
 * OCR after the save: a receipt saved without data is PENDING (in its own row, written by the
 * save's transaction), and `receipts.ocr` reads every PENDING receipt through the OCR port:
 * DONE with the data (and a warranty suggestion), or FAILED when the image cannot be read.
 * When the engine is at capacity (or stopping) the receipt stays PENDING and a later run takes
 * it. Runs are woken after each save, by the periodic sweep and at worker start.
 */
export class ReceiptOcrPipeline {
  private readonly runs: Drain<{ done: number; failed: number }>

  constructor(
    private readonly deps: {
      db: Db
      ocr: OcrPort
      blobs: ReceiptBlobs
      queue: JobQueue
      logger: Logger
      /** Runs a drain alone across every process (a database lock). */
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {
    this.runs = new Drain({
      name: 'receipt OCR',
      job: OCR_RECEIPTS_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      isDue: () => anyPendingOcr(deps.db),
      drain: () => this.drain(),
      stallMs: 10_000,
      minBackoffMs: 5_000,
      maxBackoffMs: 300_000,
    })
  }

  /** Asks for a run soon (coalesced). */
  wake(delayMs = 100): void {
    this.runs.wake(delayMs)
  }

  request(): Promise<void> {
    return this.runs.request()
  }

  /** Workers call it periodically: a run when a receipt waits (a lost wake-up, a crash). */
  sweep(): Promise<void> {
    return this.runs.sweep()
  }

  /** Reads the PENDING receipts, oldest first, until none is left, the budget is spent or the engine is full. */
  run(): Promise<{ done: number; failed: number }> {
    return this.runs.run()
  }

  stop(): void {
    this.runs.stop()
  }

  private async drain(): Promise<{ done: number; failed: number }> {
    const counts = { done: 0, failed: 0 }
    const deadline = Date.now() + RUN_BUDGET_MS
    while (Date.now() < deadline && !this.runs.stopping) {
      const rows = await pendingOcr(this.deps.db, BATCH)
      if (rows.length === 0) break
      for (const row of rows) {
        if (this.runs.stopping) break
        const outcome = await this.readOne(row)
        if (outcome === 'busy') {
          this.runs.wakeAt(new Date(Date.now() + 5_000))
          return counts
        }
        counts[outcome]++
      }
    }
    return counts
  }

  private async readOne(row: ReceiptRow): Promise<Outcome> {
    const { db, logger } = this.deps
    const stored = await this.deps.blobs.read(row.imageKey)
    let data: ReceiptOcrData | null = null
    if (stored) {
      try {
        data = toOcrData(await this.deps.ocr.read(Buffer.from(stored.bytes)))
      } catch (err) {
        if (!(err instanceof OcrError)) throw err
        if (err.kind === 'capacity' || err.kind === 'closed' || err.kind === 'cancelled') return 'busy'
        logger.info({ receiptId: row.id, kind: err.kind }, 'receipt could not be read')
      }
    } else {
      logger.error({ receiptId: row.id, key: row.imageKey }, 'receipt image missing from the blob store')
    }
    const suggestedWarrantyId =
      data && !row.warrantyId ? await suggestWarranty(db, row.customerId, data) : row.suggestedWarrantyId
    await recordOcr(db, row.id, { status: data ? 'DONE' : 'FAILED', data, suggestedWarrantyId })
    return data ? 'done' : 'failed'
  }
}

import type { Logger } from 'pino'
import type { Db } from '../../db/client.js'
import type { SerialUploadRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { Drain } from '../../jobs/drain.js'
import type { JobQueue } from '../../jobs/queue.js'
import { errorText } from '../../lib/async.js'
import { isGs1Serial } from '../digital-link/index.js'
import { defaultSettings } from './registration-rules.js'
import {
  countKnownSerials,
  findMerchantRegistrationProduct,
  type SettingsValues,
  upsertSettings,
} from './registrations.repository.js'
import { readSerialLines, SerialsStream, TOO_LONG } from './serial-lines.js'
import {
  addNextSerialChunk,
  dropSerialUpload,
  dueSerialUploads,
  findSerialUpload,
  publishSerialUpload,
  recordSerialAttemptFailed,
  type SerialLine,
  serialUploadErrorsOf,
  startSerialUpload,
  storeSerialChunk,
} from './serial-uploads.repository.js'

export const SERIALS_JOB = 'registrations.serials'
/** Lines per chunk: one transaction and one INSERT each. */
export const SERIAL_CHUNK_LINES = 5000
const MAX_ATTEMPTS = 5
const RUN_BUDGET_MS = 4 * 60_000

/** The code of a line that cannot be a known serial, or null. */
function lineCheck(serial: string): string | null {
  if (serial === TOO_LONG) return 'too_long'
  return isGs1Serial(serial) ? null : 'invalid_serial'
}

function uploadView(row: SerialUploadRow) {
  return {
    id: row.id,
    productId: row.merchantProductId,
    state: row.state as 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED',
    lines: row.lines,
    processed: row.processed,
    added: row.added,
    duplicates: row.duplicates,
    failed: row.failed,
    error: row.error,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * A product's registration settings and its known serials: the upload (stored in chunks as it
 * arrives) and the background job that adds them, chunk by chunk, with progress and a per-line
 * error report (docs/digital-link.md#known-serials).
 */
export class ProductRegistrationService {
  private readonly drain: Drain<{ chunks: number }>

  constructor(
    private readonly deps: {
      db: Db
      queue: JobQueue
      logger: Logger
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
      maxBytes: number
    },
  ) {
    this.drain = new Drain({
      name: 'known serial uploads',
      job: SERIALS_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      stallMs: 3_000,
      minBackoffMs: 2_000,
      maxBackoffMs: 60_000,
      isDue: async () => (await dueSerialUploads(deps.db, 1)).length > 0,
      drain: () => this.addAll(),
    })
  }

  get runner() {
    return this.drain
  }

  private async product(merchantId: string, productId: string) {
    const product = await findMerchantRegistrationProduct(this.deps.db, merchantId, productId)
    if (!product) throw new AppError('not_found', 'No such product')
    return product
  }

  async settings(merchantId: string, productId: string) {
    const product = await this.product(merchantId, productId)
    const {
      merchantProductId,
      merchantId: _m,
      ...settings
    } = product.settings ?? defaultSettings(productId, merchantId, product.warrantyDurationMonths)
    const values = {
      enabled: settings.enabled,
      coverageMonths: settings.coverageMonths,
      coverageStart: settings.coverageStart,
      autoApproveMaxAgeDays: settings.autoApproveMaxAgeDays,
      requireKnownSerial: settings.requireKnownSerial,
    }
    return {
      productId: merchantProductId,
      ...values,
      knownSerials: await countKnownSerials(this.deps.db, productId),
    }
  }

  async saveSettings(merchantId: string, productId: string, values: SettingsValues) {
    await this.product(merchantId, productId)
    await upsertSettings(this.deps.db, merchantId, productId, values)
    return this.settings(merchantId, productId)
  }

  /**
   * Stores an upload of serials (a JSON list, or a CSV/text body streamed) in chunks, outside any
   * long transaction, and publishes it PENDING for the job: 202 with the upload to follow.
   */
  async upload(actor: { merchantId: string; userId: string }, productId: string, body: unknown) {
    await this.product(actor.merchantId, productId)
    const { db } = this.deps
    const id = await startSerialUpload(db, {
      merchantId: actor.merchantId,
      merchantProductId: productId,
      createdBy: actor.userId,
    })
    let seq = 0
    const store = (lines: SerialLine[]) => storeSerialChunk(db, id, seq++, lines)
    let lines: number
    try {
      lines = await this.readBody(body, store)
    } catch (err) {
      await dropSerialUpload(db, id)
      throw err
    }
    const row = await publishSerialUpload(db, id, lines, seq)
    this.drain.wake()
    return uploadView(row)
  }

  private async readBody(body: unknown, store: (lines: SerialLine[]) => Promise<void>): Promise<number> {
    if (body instanceof SerialsStream) {
      return readSerialLines(
        body.stream,
        { maxBytes: this.deps.maxBytes, chunkLines: SERIAL_CHUNK_LINES },
        store,
      )
    }
    const serials = (body as { serials: string[] }).serials
    for (let i = 0; i < serials.length; i += SERIAL_CHUNK_LINES) {
      await store(serials.slice(i, i + SERIAL_CHUNK_LINES).map((s, j): SerialLine => [i + j + 1, s.trim()]))
    }
    return serials.length
  }

  async getUpload(
    merchantId: string,
    productId: string,
    id: string,
    query: { errorsLimit?: number | undefined; errorsAfterLine?: number | undefined },
  ) {
    const row = await findSerialUpload(this.deps.db, merchantId, productId, id)
    if (!row) throw new AppError('not_found', 'No such upload')
    const errors = await serialUploadErrorsOf(
      this.deps.db,
      id,
      query.errorsAfterLine ?? 0,
      query.errorsLimit ?? 100,
    )
    return { ...uploadView(row), errors }
  }

  /** Each due upload's chunks, oldest upload first, until none is left or the budget is spent. */
  private async addAll(): Promise<{ chunks: number }> {
    const deadline = Date.now() + RUN_BUDGET_MS
    let chunks = 0
    for (;;) {
      const due = await dueSerialUploads(this.deps.db, 10)
      if (due.length === 0 || this.drain.stopping) return { chunks }
      if (Date.now() > deadline) {
        this.drain.wake()
        return { chunks }
      }
      for (const id of due) if (await this.addChunk(id)) chunks++
    }
  }

  private async addChunk(id: string): Promise<boolean> {
    try {
      return await this.deps.db.transaction((tx) => addNextSerialChunk(tx, id, lineCheck))
    } catch (err) {
      await recordSerialAttemptFailed(this.deps.db, id, errorText(err, 500), MAX_ATTEMPTS).catch(
        () => undefined,
      )
      this.deps.logger.warn({ err, uploadId: id }, 'a chunk of a known-serials upload failed')
      throw err
    }
  }
}

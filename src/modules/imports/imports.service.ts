import type { Logger } from 'pino'
import type { Db } from '../../db/client.js'
import type { VISIBLE_IMPORT_STATES, WarrantyImportRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { merchantCurrency } from '../merchants/index.js'
import { type IdempotentRequest, type IssueActor, storeAnswer, storedAnswer } from '../warranties/index.js'
import type { ImportRunner } from './import-runner.js'
import { CsvBody, readUpload, type UploadLimits } from './import-upload.js'
import type { DateFormat } from './import-values.js'
import {
  createImport,
  deleteAbandonedUploads,
  deleteImport,
  findImport,
  insertChunk,
  listImportErrors,
  listImports,
  publishImport,
} from './imports.repository.js'

/** The largest line number (`import_line`, a 32-bit integer). */
const MAX_LINE = 2_147_483_647

/** An upload without a new chunk for this long is abandoned (its process died, its client left). */
const ABANDONED_AFTER_MS = 60 * 60_000

export interface ImportView {
  id: string
  state: (typeof VISIBLE_IMPORT_STATES)[number]
  lines: number
  processed: number
  created: number
  failed: number
  bytes: number
  error: string | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
  finishedAt: string | null
}

export interface ImportLineErrorView {
  line: number
  error: string
  message: string
  details?: { path: string; message: string; reason?: string }[]
}

export interface ImportWithErrors extends ImportView {
  errors: { items: ImportLineErrorView[]; total: number; nextCursor: string | null }
}

function toView(row: WarrantyImportRow): ImportView {
  return {
    id: row.id,
    state: row.state as ImportView['state'],
    lines: row.lines,
    processed: row.processed,
    created: row.created,
    failed: row.failed,
    bytes: row.bytes,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const importNotFound = () => new AppError('not_found', 'No such import')

/** CSV imports of warranties (docs/bulk-issuance.md): the upload, its progress and its error report. */
export class WarrantyImports {
  constructor(
    private readonly deps: { db: Db; logger: Logger; limits: UploadLimits; runner: ImportRunner },
  ) {}

  /**
   * Stores an uploaded CSV as it arrives (in chunks, outside any long transaction) and, once
   * whole, publishes it PENDING for the job queue. With an Idempotency-Key, the same key and
   * body answer the first import again (nothing new stored); another body with the key: 422.
   * `dateFormat` says how slash dates are read; a price's currency mark must fit the merchant's
   * currency (docs/bulk-issuance.md, "Dates and amounts").
   */
  async upload(
    actor: IssueActor & { userId: string },
    body: unknown,
    idempotencyKey?: string,
    options: { dateFormat?: DateFormat | undefined } = {},
  ): Promise<{ body: ImportView; replayed: boolean }> {
    if (!(body instanceof CsvBody)) {
      throw new AppError('validation_error', 'Send the CSV as the body, Content-Type: text/csv', [
        { path: '/body', message: 'must be text/csv' },
      ])
    }
    const { db } = this.deps
    const stored: { id: string | null } = { id: null }
    const currency = (await merchantCurrency(db, actor.merchantId)) ?? undefined
    const cells = {
      ...(options.dateFormat ? { dateFormat: options.dateFormat } : {}),
      ...(currency ? { currency } : {}),
    }
    let summary: Awaited<ReturnType<typeof readUpload>>
    try {
      summary = await readUpload(body.stream, this.deps.limits, cells, async (seq, lines) => {
        stored.id ??= await createImport(db, actor.merchantId, actor.userId)
        await insertChunk(db, stored.id, seq, lines)
      })
    } catch (err) {
      if (stored.id) await this.discard(stored.id)
      throw err
    }
    // readUpload answers only for a body with data lines, stored in at least one chunk.
    const uploaded = stored.id as string
    const idempotent: IdempotentRequest | null =
      idempotencyKey === undefined
        ? null
        : {
            merchantId: actor.merchantId,
            key: idempotencyKey,
            // The same bytes read another way are another request (the hash without one, as before).
            hash: options.dateFormat
              ? `csv:${options.dateFormat}:${summary.sha256}`
              : `csv:${summary.sha256}`,
          }
    const published = await db
      .transaction(async (tx) => {
        const first = idempotent ? await storedAnswer<{ importId: string }>(tx, idempotent) : null
        if (first) {
          await deleteImport(tx, uploaded)
          return { id: first.importId, replayed: true }
        }
        await publishImport(tx, uploaded, summary)
        if (idempotent) await storeAnswer(tx, idempotent, { importId: uploaded }, 202)
        return { id: uploaded, replayed: false }
      })
      .catch(async (err: unknown) => {
        await this.discard(uploaded)
        throw err
      })
    if (!published.replayed) this.deps.runner.wake()
    const row = await findImport(db, actor.merchantId, published.id)
    if (!row) throw importNotFound()
    return { body: toView(row), replayed: published.replayed }
  }

  /** The import with a page of its line errors (by line number). */
  async get(
    merchantId: string,
    id: string,
    query: { errorsLimit?: number; errorsCursor?: string } = {},
  ): Promise<ImportWithErrors> {
    const limit = query.errorsLimit ?? 100
    // Both at once (the errors are only shown once the import is found to be the merchant's).
    const [row, rows] = await Promise.all([
      findImport(this.deps.db, merchantId, id),
      // A cursor past any line number a file can have (the column is a 32-bit integer) pages
      // past the end instead of overflowing the query (the fuzzer's 3249539404 was a 500).
      listImportErrors(this.deps.db, id, Math.min(Number(query.errorsCursor ?? 0), MAX_LINE), limit),
    ])
    if (!row) throw importNotFound()
    const page = rows.slice(0, limit)
    const items = page.map((e) => ({
      line: e.line,
      error: e.code,
      message: e.message,
      ...(e.details ? { details: e.details } : {}),
    }))
    const last = page.at(-1)
    return {
      ...toView(row),
      errors: {
        items,
        total: row.failed,
        nextCursor: rows.length > limit && last ? String(last.line) : null,
      },
    }
  }

  /** The merchant's imports, newest first. */
  list(merchantId: string, query: PageRequest): Promise<PageResult<ImportView>> {
    return paginate(query, (window) => listImports(this.deps.db, merchantId, window), toView)
  }

  /** One processing run now, alone across processes (what the job queue runs; for tests). */
  process(): Promise<{ chunks: number }> {
    return this.deps.runner.run()
  }

  /** Removes uploads abandoned mid-way (the worker's periodic sweep). */
  async sweepAbandoned(): Promise<void> {
    const removed = await deleteAbandonedUploads(this.deps.db, new Date(Date.now() - ABANDONED_AFTER_MS))
    if (removed > 0) this.deps.logger.info({ removed }, 'abandoned import uploads removed')
  }

  /** A refused or failed upload leaves nothing behind (the sweep removes it if this fails too). */
  private async discard(id: string): Promise<void> {
    await deleteImport(this.deps.db, id).catch((err: unknown) =>
      this.deps.logger.warn({ err, importId: id }, 'could not remove a failed import upload'),
    )
  }
}

import type { Logger } from 'pino'
import type { Db, Tx } from '../../db/client.js'
import { Drain } from '../../jobs/drain.js'
import type { JobQueue } from '../../jobs/queue.js'
import { errorText } from '../../lib/async.js'
import type { BulkItemOutcome, ImportIssuer } from '../warranties/index.js'
import type { ImportLine, LineError } from './import-rows.js'
import {
  dueImports,
  lockDueImport,
  readChunk,
  recordAttemptFailed,
  recordChunk,
} from './imports.repository.js'

export const IMPORT_JOB = 'warranties.import'

/** A run gives the queue back after this long (another run is asked for when work is left). */
const RUN_BUDGET_MS = 4 * 60_000
/** Failed attempts in a row at one chunk before the import is FAILED. */
export const IMPORT_MAX_ATTEMPTS = 5

export interface ImportRunnerDeps {
  db: Db
  queue: JobQueue
  logger: Logger
  /** Runs a processing run alone across every process (a database lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  /** Issues a chunk's items in its transaction, each under the rules of one issue. */
  warranties: ImportIssuer
  /** Called after a chunk that issued warranties has committed. */
  wakeMinter: () => void
}

/** A failed item's error with its paths pointing into the line (`/serialNumber`). */
function lineError(outcome: BulkItemOutcome): LineError {
  const error = outcome.error
  if (!error) throw new Error('a failed item without its error')
  const details = error.details?.map((d) => ({ ...d, path: d.path.replace(/^\/body\/items\/\d+/, '') }))
  return { code: error.error, message: error.message, ...(details ? { details } : {}) }
}

/**
 * Processes CSV imports chunk by chunk (docs/bulk-issuance.md): each chunk's warranties (the
 * bulk route's code: checks, products, serial locks, one multi-row insert, e-mails, webhooks),
 * its line errors and the import's cursor and counts are committed in one transaction, so a
 * crash resumes at the first chunk not committed and never issues a line twice (a warranty also
 * records its import and line, unique together).
 */
export class ImportRunner {
  private readonly drain: Drain<{ chunks: number }>

  constructor(private readonly deps: ImportRunnerDeps) {
    this.drain = new Drain({
      name: 'warranty imports',
      job: IMPORT_JOB,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: deps.exclusive,
      isDue: async () => (await dueImports(deps.db, 1)).length > 0,
      drain: () => this.runAlone(),
      stallMs: 3_000,
      minBackoffMs: 2_000,
      maxBackoffMs: 60_000,
    })
  }

  /** Asks for a run shortly (coalesced): an import was published. */
  wake(): void {
    this.drain.wake()
  }

  request(): Promise<void> {
    return this.drain.request()
  }

  sweep(): Promise<void> {
    return this.drain.sweep()
  }

  run(): Promise<{ chunks: number }> {
    return this.drain.run()
  }

  stop(): void {
    this.drain.stop()
  }

  /** One chunk of each due import in turn (oldest first), until none is left, the budget spent or the service stops. */
  private async runAlone(): Promise<{ chunks: number }> {
    let chunks = 0
    const deadline = Date.now() + RUN_BUDGET_MS
    while (!this.drain.stopping && Date.now() < deadline) {
      const due = await dueImports(this.deps.db, 20)
      if (due.length === 0) return { chunks }
      for (const id of due) {
        if (this.drain.stopping) break
        await this.step(id)
        chunks++
      }
    }
    if (!this.drain.stopping) this.drain.wake()
    return { chunks }
  }

  /**
   * The import's next chunk in one transaction. A failure is counted on the import (FAILED
   * after IMPORT_MAX_ATTEMPTS in a row) and ends the run, which the queue retries with backoff.
   */
  private async step(id: string): Promise<void> {
    const { db, logger } = this.deps
    let created: number
    try {
      created = await db.transaction((tx) => this.processChunk(tx, id))
    } catch (err) {
      const failed = await recordAttemptFailed(db, id, errorText(err, 500), IMPORT_MAX_ATTEMPTS).catch(
        () => false,
      )
      logger.warn({ err, importId: id, failed }, 'a chunk of a warranty import failed')
      throw err
    }
    if (created > 0) this.deps.wakeMinter()
  }

  private async processChunk(tx: Tx, id: string): Promise<number> {
    const row = await lockDueImport(tx, id)
    if (!row) return 0 // finished by another run meanwhile
    const lines = await readChunk(tx, id, row.cursor)
    if (!lines) throw new Error(`chunk ${row.cursor} of import ${id} is missing`)
    // Stopped with its author's suspension or removal; one left over is refused, never run unowned.
    if (!row.createdBy) throw new Error(`import ${id} has no author any more`)
    const createdBy = row.createdBy
    const valid = lines.filter((l): l is Extract<ImportLine, { item: unknown }> => 'item' in l)
    const result = await this.deps.warranties.issueInTransaction(
      tx,
      { merchantId: row.merchantId, userId: createdBy },
      valid.map((l) => l.item),
      (index) => ({ importId: id, importLine: (valid[index] as { line: number }).line }),
    )
    const errors: { line: number; error: LineError }[] = []
    for (const l of lines) if ('error' in l) errors.push({ line: l.line, error: l.error })
    for (const outcome of result.items) {
      if (outcome.status === 'failed') {
        errors.push({ line: (valid[outcome.index] as { line: number }).line, error: lineError(outcome) })
      }
    }
    await recordChunk(tx, row, { lines: lines.length, created: result.created, errors })
    return result.created
  }
}

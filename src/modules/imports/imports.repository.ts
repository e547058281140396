import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import {
  type WarrantyImportRow,
  warrantyImportChunks,
  warrantyImportErrors,
  warrantyImports,
} from '../../db/schema/index.js'
import type { ImportLine, LineError } from './import-rows.js'

const DUE_STATES = ['PENDING', 'RUNNING'] as const

/** A new import, UPLOADING (invisible) until its body is stored whole. */
export async function createImport(db: DbOrTx, merchantId: string, createdBy: string): Promise<string> {
  const [row] = await db
    .insert(warrantyImports)
    .values({ merchantId, createdBy })
    .returning({ id: warrantyImports.id })
  if (!row) throw new Error('the import was not created')
  return row.id
}

/** Stores one chunk of an upload; the import's updatedAt shows the upload is alive. */
export async function insertChunk(db: DbOrTx, importId: string, seq: number, lines: ImportLine[]) {
  await db.insert(warrantyImportChunks).values({ importId, seq, records: JSON.stringify(lines) })
  await db.update(warrantyImports).set({ updatedAt: sql`now()` }).where(eq(warrantyImports.id, importId))
}

export async function deleteImport(db: DbOrTx, id: string): Promise<void> {
  await db.delete(warrantyImports).where(eq(warrantyImports.id, id))
}

/** UPLOADING → PENDING with what the upload held: from now on the import is processed and shown. */
export async function publishImport(
  tx: Tx,
  id: string,
  upload: { bytes: number; sha256: string; lines: number; chunks: number },
): Promise<void> {
  await tx
    .update(warrantyImports)
    .set({ ...upload, state: 'PENDING', updatedAt: sql`now()` })
    .where(eq(warrantyImports.id, id))
}

/** One import of the merchant, not while it is still uploading. */
export async function findImport(db: DbOrTx, merchantId: string, id: string) {
  const rows = await db
    .select()
    .from(warrantyImports)
    .where(
      and(
        eq(warrantyImports.id, id),
        eq(warrantyImports.merchantId, merchantId),
        ne(warrantyImports.state, 'UPLOADING'),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function listImports(db: DbOrTx, merchantId: string, page: PageWindow) {
  return keysetPage(db.select().from(warrantyImports).$dynamic(), warrantyImports, page, [
    eq(warrantyImports.merchantId, merchantId),
    ne(warrantyImports.state, 'UPLOADING'),
  ])
}

/** The import's line errors after `afterLine`, by line, `limit + 1` of them. */
export async function listImportErrors(db: DbOrTx, importId: string, afterLine: number, limit: number) {
  return db
    .select()
    .from(warrantyImportErrors)
    .where(and(eq(warrantyImportErrors.importId, importId), gt(warrantyImportErrors.line, afterLine)))
    .orderBy(asc(warrantyImportErrors.line))
    .limit(limit + 1)
}

/** Imports with chunks to process, oldest first. */
export async function dueImports(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: warrantyImports.id })
    .from(warrantyImports)
    .where(inArray(warrantyImports.state, [...DUE_STATES]))
    .orderBy(asc(warrantyImports.createdAt))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The import under a row lock (until the transaction ends), if it still has chunks to process. */
export async function lockDueImport(tx: Tx, id: string): Promise<WarrantyImportRow | null> {
  const rows = await tx
    .select()
    .from(warrantyImports)
    .where(and(eq(warrantyImports.id, id), inArray(warrantyImports.state, [...DUE_STATES])))
    .for('update')
  return rows[0] ?? null
}

export async function readChunk(tx: Tx, importId: string, seq: number): Promise<ImportLine[] | null> {
  const rows = await tx
    .select({ records: warrantyImportChunks.records })
    .from(warrantyImportChunks)
    .where(and(eq(warrantyImportChunks.importId, importId), eq(warrantyImportChunks.seq, seq)))
  return rows[0] ? (JSON.parse(rows[0].records) as ImportLine[]) : null
}

/**
 * A chunk processed, in the transaction that issued its warranties: its line errors recorded,
 * the chunk removed, the cursor moved past it and the counts added; DONE after the last chunk.
 */
export async function recordChunk(
  tx: Tx,
  row: WarrantyImportRow,
  outcome: { lines: number; created: number; errors: { line: number; error: LineError }[] },
): Promise<void> {
  if (outcome.errors.length > 0) {
    await tx.insert(warrantyImportErrors).values(
      outcome.errors.map(({ line, error }) => ({
        importId: row.id,
        line,
        code: error.code,
        message: error.message,
        details: error.details ?? null,
      })),
    )
  }
  await tx
    .delete(warrantyImportChunks)
    .where(and(eq(warrantyImportChunks.importId, row.id), eq(warrantyImportChunks.seq, row.cursor)))
  const last = row.cursor + 1 >= row.chunks
  await tx
    .update(warrantyImports)
    .set({
      cursor: row.cursor + 1,
      processed: row.processed + outcome.lines,
      created: row.created + outcome.created,
      failed: row.failed + outcome.errors.length,
      attempts: 0,
      error: null,
      state: last ? 'DONE' : 'RUNNING',
      ...(last ? { finishedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(warrantyImports.id, row.id))
}

/**
 * A failed attempt at the import's current chunk: counted, and after `maxAttempts` in a row
 * the import is FAILED with the error (its chunks left are removed). Answers whether it failed.
 */
export async function recordAttemptFailed(
  db: DbOrTx,
  id: string,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(warrantyImports)
    .set({
      attempts: sql`${warrantyImports.attempts} + 1`,
      error,
      state: sql`case when ${warrantyImports.attempts} + 1 >= ${maxAttempts} then 'FAILED' else ${warrantyImports.state} end`,
      finishedAt: sql`case when ${warrantyImports.attempts} + 1 >= ${maxAttempts} then now() end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(warrantyImports.id, id), inArray(warrantyImports.state, [...DUE_STATES])))
    .returning({ state: warrantyImports.state })
  const failed = rows[0]?.state === 'FAILED'
  if (failed) await db.delete(warrantyImportChunks).where(eq(warrantyImportChunks.importId, id))
  return failed
}

/**
 * The unfinished imports a user started, stopped (FAILED, their chunks removed): the user was
 * suspended or removed, and nothing they queued goes on in their name. Answers how many.
 */
export async function stopImportsOf(db: DbOrTx, userId: string, reason: string): Promise<number> {
  const rows = await db
    .update(warrantyImports)
    .set({ state: 'FAILED', error: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(warrantyImports.createdBy, userId),
        inArray(warrantyImports.state, ['UPLOADING', ...DUE_STATES]),
      ),
    )
    .returning({ id: warrantyImports.id })
  for (const { id } of rows)
    await db.delete(warrantyImportChunks).where(eq(warrantyImportChunks.importId, id))
  return rows.length
}

/** Uploads that stopped (a dropped connection, a process that died mid-upload) and their chunks. */
export async function deleteAbandonedUploads(db: DbOrTx, idleSince: Date): Promise<number> {
  const rows = await db
    .delete(warrantyImports)
    .where(and(eq(warrantyImports.state, 'UPLOADING'), lt(warrantyImports.updatedAt, idleSince)))
    .returning({ id: warrantyImports.id })
  return rows.length
}

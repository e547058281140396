import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.js'
import {
  type SerialUploadRow,
  serialUploadChunks,
  serialUploadErrors,
  serialUploads,
} from '../../db/schema/index.js'

/** One line of an upload: its number in the file (1-based, header included) and the serial. */
export type SerialLine = [line: number, serial: string]

export interface SerialLineError {
  line: number
  code: string
  message: string
}

/** A new upload of known serials, UPLOADING (not shown) until its chunks are stored. */
export async function startSerialUpload(
  db: DbOrTx,
  values: { merchantId: string; merchantProductId: string; createdBy: string },
): Promise<string> {
  const [row] = await db.insert(serialUploads).values(values).returning({ id: serialUploads.id })
  if (!row) throw new Error('the upload was not created')
  return row.id
}

export async function storeSerialChunk(db: DbOrTx, uploadId: string, seq: number, lines: SerialLine[]) {
  await db.insert(serialUploadChunks).values({ uploadId, seq, lines: JSON.stringify(lines) })
}

export async function dropSerialUpload(db: DbOrTx, id: string): Promise<void> {
  await db.delete(serialUploads).where(eq(serialUploads.id, id))
}

/** Stored whole: PENDING, for the background job. */
export async function publishSerialUpload(db: DbOrTx, id: string, lines: number, chunks: number) {
  const [row] = await db
    .update(serialUploads)
    .set({ lines, chunks, state: chunks === 0 ? 'DONE' : 'PENDING', updatedAt: sql`now()` })
    .where(eq(serialUploads.id, id))
    .returning()
  if (!row) throw new Error('the upload vanished')
  return row
}

/** An upload of the merchant's product (not while it is arriving); null for another's. */
export async function findSerialUpload(
  db: DbOrTx,
  merchantId: string,
  merchantProductId: string,
  id: string,
): Promise<SerialUploadRow | null> {
  const [row] = await db
    .select()
    .from(serialUploads)
    .where(
      and(
        eq(serialUploads.id, id),
        eq(serialUploads.merchantId, merchantId),
        eq(serialUploads.merchantProductId, merchantProductId),
        ne(serialUploads.state, 'UPLOADING'),
      ),
    )
  return row ?? null
}

/** The upload's line errors after `afterLine`, by line (`limit` of them), and how many it has. */
export async function serialUploadErrorsOf(db: DbOrTx, id: string, afterLine: number, limit: number) {
  const items = await db
    .select({
      line: serialUploadErrors.line,
      code: serialUploadErrors.code,
      message: serialUploadErrors.message,
    })
    .from(serialUploadErrors)
    .where(and(eq(serialUploadErrors.uploadId, id), gt(serialUploadErrors.line, afterLine)))
    .orderBy(asc(serialUploadErrors.line))
    .limit(limit)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serialUploadErrors)
    .where(eq(serialUploadErrors.uploadId, id))
  return { total: count?.n ?? 0, items }
}

/** The uploads with chunks left, oldest first. */
export async function dueSerialUploads(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: serialUploads.id })
    .from(serialUploads)
    .where(inArray(serialUploads.state, ['PENDING', 'RUNNING']))
    .orderBy(asc(serialUploads.createdAt))
    .limit(limit)
  return rows.map((r) => r.id)
}

/**
 * Adds the upload's next chunk in `tx`: its serials in one multi-row INSERT … ON CONFLICT DO
 * NOTHING (a serial known already, or twice in the file, is a duplicate), its line errors, the
 * counts and the cursor; the chunk is deleted. False when nothing was left to do.
 */
export async function addNextSerialChunk(
  tx: Tx,
  id: string,
  check: (serial: string) => SerialLineError['code'] | null,
): Promise<boolean> {
  const [upload] = await tx
    .select()
    .from(serialUploads)
    .where(and(eq(serialUploads.id, id), inArray(serialUploads.state, ['PENDING', 'RUNNING'])))
    .for('update', { skipLocked: true })
  if (!upload) return false
  const [chunk] = await tx
    .select({ lines: serialUploadChunks.lines })
    .from(serialUploadChunks)
    .where(and(eq(serialUploadChunks.uploadId, id), eq(serialUploadChunks.seq, upload.cursor)))
  if (!chunk) throw new Error(`chunk ${upload.cursor} of serial upload ${id} is missing`)
  const lines = JSON.parse(chunk.lines) as SerialLine[]
  const keys: string[] = []
  const errors: SerialLineError[] = []
  for (const [line, serial] of lines) {
    const code = check(serial)
    if (code) errors.push({ line, code, message: messageOf(code) })
    else keys.push(serial.toLowerCase())
  }
  const added = await insertSerialKeys(tx, upload.merchantProductId, keys)
  if (errors.length > 0)
    await tx.insert(serialUploadErrors).values(errors.map((e) => ({ ...e, uploadId: id })))
  await tx
    .delete(serialUploadChunks)
    .where(and(eq(serialUploadChunks.uploadId, id), eq(serialUploadChunks.seq, upload.cursor)))
  const done = upload.cursor + 1 >= upload.chunks
  await tx
    .update(serialUploads)
    .set({
      cursor: upload.cursor + 1,
      processed: upload.processed + lines.length,
      added: upload.added + added,
      duplicates: upload.duplicates + keys.length - added,
      failed: upload.failed + errors.length,
      attempts: 0,
      state: done ? 'DONE' : 'RUNNING',
      finishedAt: done ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(serialUploads.id, id))
  return true
}

/** The serials (lower-cased) in one statement; answers how many were new. */
async function insertSerialKeys(tx: Tx, merchantProductId: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0
  const result = await tx.execute(
    sql`insert into registration_serials (merchant_product_id, serial_key)
        select ${merchantProductId}::uuid, k from unnest(${sql.param(keys)}::text[]) as k
        on conflict do nothing`,
  )
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0
}

function messageOf(code: string): string {
  return code === 'invalid_serial'
    ? "is not a GS1 serial (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_"
    : 'is too long'
}

/** A failed attempt at the upload's chunk; FAILED after `max` in a row. */
export async function recordSerialAttemptFailed(db: DbOrTx, id: string, error: string, max: number) {
  await db
    .update(serialUploads)
    .set({
      attempts: sql`${serialUploads.attempts} + 1`,
      error,
      state: sql`case when ${serialUploads.attempts} + 1 >= ${max} then 'FAILED' else ${serialUploads.state} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(serialUploads.id, id))
}

import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'
import { users } from './users.js'

/**
 * UPLOADING: the body is still arriving (never shown; removed if the upload fails or is
 * abandoned). PENDING: stored, not started. RUNNING: some chunks committed. DONE: every line
 * answered. FAILED: stopped by an error that retrying did not cure (`error` says which).
 */
export const IMPORT_STATES = ['UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED'] as const
export type ImportState = (typeof IMPORT_STATES)[number]
/** The states the API shows. */
export const VISIBLE_IMPORT_STATES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const

/** A CSV import of warranties (docs/bulk-issuance.md): the upload, its progress and counts. */
export const warrantyImports = pgTable(
  'warranty_imports',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null once the user who uploaded it was removed (off-boarding); the import stays the merchant's. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<ImportState>().notNull().default('UPLOADING'),
    /** Size of the uploaded body and its SHA-256 (hex). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    /** Data lines of the file (records after the header; blank lines not counted). */
    lines: integer('lines').notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    /**
     * The next chunk to process. Chunks before it are committed together with their warranties
     * and line errors (one transaction per chunk): a crash resumes here.
     */
    cursor: integer('cursor').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Consecutive failed attempts at the chunk under the cursor. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    finishedAt: tstz('finished_at'),
    ...timestamps(),
  },
  (t) => [
    index('warranty_imports_merchant_list_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('warranty_imports_due_idx').on(t.createdAt).where(sql`${t.state} in ('PENDING', 'RUNNING')`),
    check(
      'warranty_imports_state_check',
      sql`${t.state} in ('UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED')`,
    ),
  ],
)

/**
 * The uploaded lines of an import not yet processed, in chunks (`records`: JSON, one entry per
 * line with its line number). A chunk is deleted in the transaction that processes it.
 */
export const warrantyImportChunks = pgTable(
  'warranty_import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => warrantyImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    records: text('records').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
)

/** The error report of an import: one row per line that did not issue a warranty. */
export const warrantyImportErrors = pgTable(
  'warranty_import_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => warrantyImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<{ path: string; message: string }[]>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
)

export type WarrantyImportRow = typeof warrantyImports.$inferSelect

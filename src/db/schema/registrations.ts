import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { merchantProducts } from './catalog.js'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'
import { receipts } from './receipts.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

/** The merchant and the product a row belongs to (both removed with them). */
const ofMerchantProduct = () => ({
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  merchantProductId: uuid('merchant_product_id')
    .notNull()
    .references(() => merchantProducts.id, { onDelete: 'cascade' }),
})

export const COVERAGE_STARTS = ['PURCHASE_DATE', 'REGISTRATION_DATE'] as const
export type CoverageStart = (typeof COVERAGE_STARTS)[number]

/**
 * A merchant's rules for registration by the buyer of one product (docs/digital-link.md): a
 * product without a row (or with `enabled` false) is not registrable.
 */
export const registrationSettings = pgTable(
  'registration_settings',
  {
    merchantProductId: uuid('merchant_product_id')
      .primaryKey()
      .references(() => merchantProducts.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    coverageMonths: integer('coverage_months').notNull().default(12),
    coverageStart: text('coverage_start').$type<CoverageStart>().notNull().default('PURCHASE_DATE'),
    /** Issue at once when the receipt's date was read and is at most this many days old; null: always review. */
    autoApproveMaxAgeDays: integer('auto_approve_max_age_days'),
    requireKnownSerial: boolean('require_known_serial').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('registration_settings_months_check', sql`${t.coverageMonths} between 1 and 1200`),
    check(
      'registration_settings_start_check',
      sql`${t.coverageStart} in ('PURCHASE_DATE', 'REGISTRATION_DATE')`,
    ),
    check(
      'registration_settings_age_check',
      sql`${t.autoApproveMaxAgeDays} is null or ${t.autoApproveMaxAgeDays} between 0 and 3650`,
    ),
  ],
)

/** The serials a merchant made of a product (lower-cased: serials match without case). */
export const registrationSerials = pgTable(
  'registration_serials',
  {
    merchantProductId: uuid('merchant_product_id')
      .notNull()
      .references(() => merchantProducts.id, { onDelete: 'cascade' }),
    serialKey: text('serial_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantProductId, t.serialKey] })],
)

export const SERIAL_UPLOAD_STATES = ['UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED'] as const
export type SerialUploadState = (typeof SERIAL_UPLOAD_STATES)[number]

/** An upload of known serials: stored in chunks, then added by a background job (progress, errors). */
export const serialUploads = pgTable(
  'registration_serial_uploads',
  {
    id: id(),
    ...ofMerchantProduct(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<SerialUploadState>().notNull().default('UPLOADING'),
    lines: integer('lines').notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    /** The next chunk to add; the ones before it are committed with their counts and errors. */
    cursor: integer('cursor').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    added: integer('added').notNull().default(0),
    /** Serials already known (earlier uploads, or twice in this one). */
    duplicates: integer('duplicates').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    finishedAt: tstz('finished_at'),
    ...timestamps(),
  },
  (t) => [
    index('registration_serial_uploads_product_idx').on(t.merchantProductId, t.createdAt.desc(), t.id.desc()),
    index('registration_serial_uploads_due_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('PENDING', 'RUNNING')`),
    check(
      'registration_serial_uploads_state_check',
      sql`${t.state} in ('UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED')`,
    ),
  ],
)

/** The lines of an upload not yet added (JSON `[line, serial][]`), deleted as each is added. */
export const serialUploadChunks = pgTable(
  'registration_serial_upload_chunks',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => serialUploads.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    lines: text('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
)

/** The error report of an upload: one row per line that added nothing (and was no duplicate). */
export const serialUploadErrors = pgTable(
  'registration_serial_upload_errors',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => serialUploads.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.line] })],
)

/**
 * PENDING: in the merchant's queue. APPROVED: a warranty was issued (`warranty_id`). REFUSED:
 * by the merchant, with a reason. DISPUTE: the serial was already registered or covered; it
 * waits for the merchant, who may only close it (never a second warranty).
 */
export const REGISTRATION_STATUSES = ['PENDING', 'APPROVED', 'REFUSED', 'DISPUTE'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/** A buyer's registration of one item (docs/digital-link.md#registration-by-the-buyer). */
export const productRegistrations = pgTable(
  'product_registrations',
  {
    id: id(),
    ...ofMerchantProduct(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    serialNumber: text('serial_number').notNull(),
    serialKey: text('serial_key').notNull(),
    receiptId: uuid('receipt_id').references(() => receipts.id, { onDelete: 'set null' }),
    purchaseDate: tstz('purchase_date').notNull(),
    shop: text('shop'),
    status: text('status').$type<RegistrationStatus>().notNull(),
    /** Why it waits for review (PENDING) or is a dispute (DISPUTE): a stable code. */
    reviewReason: text('review_reason'),
    refusalReason: text('refusal_reason'),
    autoApproved: boolean('auto_approved').notNull().default(false),
    warrantyId: uuid('warranty_id').references(() => warranties.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    ...timestamps(),
  },
  (t) => [
    index('product_registrations_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('product_registrations_status_idx').on(t.merchantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('product_registrations_customer_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    // One live registration per item: two concurrent registrations cannot both issue.
    uniqueIndex('product_registrations_live_unique')
      .on(t.merchantProductId, t.serialKey)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
    check(
      'product_registrations_status_check',
      sql`${t.status} in ('PENDING', 'APPROVED', 'REFUSED', 'DISPUTE')`,
    ),
  ],
)

export type RegistrationSettingsRow = typeof registrationSettings.$inferSelect
export type ProductRegistrationRow = typeof productRegistrations.$inferSelect
export type SerialUploadRow = typeof serialUploads.$inferSelect

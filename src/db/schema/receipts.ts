import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { inboxAddresses } from './customers.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

export const RECEIPT_SOURCES = ['upload', 'email'] as const
/** NONE: saved with the customer's own data; PENDING: OCR to run (durably, after commit). */
export const RECEIPT_OCR_STATUSES = ['NONE', 'PENDING', 'DONE', 'FAILED'] as const
export type ReceiptOcrStatus = (typeof RECEIPT_OCR_STATUSES)[number]
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number]

/** What OCR (or the customer) extracted from a receipt; every field optional. */
export interface ReceiptOcrData {
  merchant?: string
  date?: string
  total?: string
  rawText?: string
  items?: { name: string; price?: string }[]
}

/**
 * A blob in the blob store (content-addressed: `key` is the SHA-256 of the bytes, hex). The row
 * is what keeps a stored object alive: an object without a row is an orphan the sweep removes
 * (after a grace period for saves in flight), and a row no receipt references is removed with
 * its object. Savers and deleters of one key serialise on an advisory lock of the key.
 */
export const blobs = pgTable('blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** Touched by every save that references it, so the sweep never races a fresh reference. */
  lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
})

/** A customer's receipt folder; names are unique per customer (case-insensitive). */
export const receiptFolders = pgTable(
  'receipt_folders',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('receipt_folders_name_unique').on(t.customerId, sql`lower(${t.name})`),
    check('receipt_folders_name_check', sql`char_length(${t.name}) between 1 and 40`),
  ],
)

/** A message that arrived at an inbox address, once per (customer, Message-ID): exactly once. */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inboxAddressId: uuid('inbox_address_id').references(() => inboxAddresses.id, { onDelete: 'set null' }),
    /** The message's Message-ID header (or a digest of the raw message when it has none). */
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject'),
    receiptCount: integer('receipt_count').notNull().default(0),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inbound_messages_once_unique').on(t.customerId, t.messageId)],
)

/** A customer's receipt: the (EXIF-cleaned) image and its thumbnail in the blob store, plus OCR data. */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => receiptFolders.id, { onDelete: 'set null' }),
    imageKey: text('image_key')
      .notNull()
      .references(() => blobs.key),
    thumbnailKey: text('thumbnail_key').references(() => blobs.key),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    ocrData: jsonb('ocr_data').$type<ReceiptOcrData>(),
    ocrStatus: text('ocr_status').$type<ReceiptOcrStatus>().notNull().default('NONE'),
    /** Lower-cased merchant + raw text, for the list's text query. */
    searchText: text('search_text').notNull().default(''),
    source: text('source').$type<ReceiptSource>().notNull().default('upload'),
    inboundMessageId: uuid('inbound_message_id').references(() => inboundMessages.id, {
      onDelete: 'set null',
    }),
    /** A warranty this receipt seems to prove (offered, never linked silently). */
    suggestedWarrantyId: uuid('suggested_warranty_id').references(() => warranties.id, {
      onDelete: 'set null',
    }),
    /** The warranty the customer confirmed this receipt proves. */
    warrantyId: uuid('warranty_id').references(() => warranties.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('receipts_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('receipts_folder_idx').on(t.folderId),
    index('receipts_image_key_idx').on(t.imageKey),
    index('receipts_thumbnail_key_idx').on(t.thumbnailKey),
    index('receipts_warranty_idx').on(t.warrantyId),
    index('receipts_ocr_due_idx').on(t.createdAt).where(sql`${t.ocrStatus} = 'PENDING'`),
    check('receipts_source_check', sql`${t.source} in ('upload', 'email')`),
    check('receipts_ocr_status_check', sql`${t.ocrStatus} in ('NONE', 'PENDING', 'DONE', 'FAILED')`),
  ],
)

/** A public share link of one receipt: random token (≥ 128 bits) stored as a SHA-256 hash, 30 days. */
export const receiptShares = pgTable(
  'receipt_shares',
  {
    id: id(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who the link was e-mailed to; null for a link the customer copies and hands over. */
    toEmail: text('to_email'),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipt_shares_token_unique').on(t.tokenHash),
    index('receipt_shares_receipt_idx').on(t.receiptId),
    index('receipt_shares_customer_idx').on(t.customerId, t.createdAt),
  ],
)

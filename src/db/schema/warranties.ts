import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { globalProducts, merchantProducts } from './catalog.js'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'
import { users } from './users.js'

export const MINT_STATUSES = ['PENDING', 'MINTING', 'MINTED', 'FAILED'] as const
export type MintStatus = (typeof MINT_STATUSES)[number]

/** One `mintBatch` transaction: the unit the minting pipeline sends, confirms and reconciles. */
export const MINT_BATCH_STATUSES = ['PREPARED', 'SENT', 'CONFIRMED', 'FAILED'] as const
export type MintBatchStatus = (typeof MINT_BATCH_STATUSES)[number]

export const mintBatches = pgTable(
  'mint_batches',
  {
    id: id(),
    status: text('status').$type<MintBatchStatus>().notNull().default('PREPARED'),
    chainId: integer('chain_id').notNull(),
    contractAddress: text('contract_address').notNull(),
    startTokenId: bigint('start_token_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** UnixFS directory of the batch's metadata, entries named by token id. */
    metadataDirCid: text('metadata_dir_cid').notNull(),
    txHash: text('tx_hash'),
    nonce: integer('nonce'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    error: text('error'),
    sentAt: tstz('sent_at'),
    confirmedAt: tstz('confirmed_at'),
    ...timestamps(),
  },
  (t) => [
    index('mint_batches_status_idx').on(t.status),
    uniqueIndex('mint_batches_start_unique')
      .on(t.contractAddress, t.startTokenId)
      .where(sql`${t.status} <> 'FAILED'`),
  ],
)

export const warranties = pgTable(
  'warranties',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    /** Canonical form (upper case, dashes), e.g. `WR-7Q2K-9XMD-P4TB`. */
    warrantyCode: text('warranty_code').notNull(),
    serialNumber: text('serial_number').notNull(),
    merchantProductId: uuid('merchant_product_id').references(() => merchantProducts.id, {
      onDelete: 'restrict',
    }),
    globalProductId: uuid('global_product_id').references(() => globalProducts.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased. */
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    customerName: text('customer_name'),
    locationId: uuid('location_id'),
    invoiceNumber: text('invoice_number'),
    purchasePrice: numeric('purchase_price', { precision: 14, scale: 2, mode: 'number' }),
    purchaseDate: tstz('purchase_date'),
    warrantyDurationMonths: integer('warranty_duration_months'),
    expiresAt: tstz('expires_at').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: tstz('claimed_at'),
    mintStatus: text('mint_status').$type<MintStatus>().notNull().default('PENDING'),
    mintAttempts: integer('mint_attempts').notNull().default(0),
    mintError: text('mint_error'),
    mintBatchId: uuid('mint_batch_id').references(() => mintBatches.id, { onDelete: 'set null' }),
    tokenId: bigint('token_id', { mode: 'number' }),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    chainId: integer('chain_id'),
    contractAddress: text('contract_address'),
    metadataCid: text('metadata_cid'),
    mintedAt: tstz('minted_at'),
    /** The CSV import and line that issued it (none for other issues): one warranty per line at most. */
    importId: uuid('import_id'),
    importLine: integer('import_line'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warranties_code_unique').on(t.warrantyCode),
    index('warranties_merchant_list_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    // Duplicate checks compare serial numbers case-insensitively.
    index('warranties_merchant_serial_lower_idx').on(t.merchantId, sql`lower(${t.serialNumber})`),
    // The Digital Link resolver finds an item's warranty by its serial (any merchant of the GTIN).
    index('warranties_serial_lower_idx').on(sql`lower(${t.serialNumber})`),
    index('warranties_merchant_email_idx').on(t.merchantId, t.customerEmail),
    index('warranties_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('warranties_mint_pending_idx')
      .on(t.mintStatus, t.createdAt)
      .where(sql`${t.mintStatus} in ('PENDING', 'MINTING')`),
    // A batch's warranties, read and updated when the batch is sent, confirmed or retried.
    index('warranties_mint_batch_idx').on(t.mintBatchId).where(sql`${t.mintBatchId} is not null`),
    index('warranties_expires_idx').on(t.expiresAt),
    // The merchant dashboard counts one merchant's warranties expiring within one day exactly.
    index('warranties_merchant_expires_idx').on(t.merchantId, t.expiresAt),
    uniqueIndex('warranties_import_line_unique')
      .on(t.importId, t.importLine)
      .where(sql`${t.importId} is not null`),
    check('warranties_mint_status_check', sql`${t.mintStatus} in ('PENDING', 'MINTING', 'MINTED', 'FAILED')`),
    check('warranties_price_check', sql`${t.purchasePrice} is null or ${t.purchasePrice} > 0`),
    check(
      'warranties_email_lower_check',
      sql`${t.customerEmail} is null or ${t.customerEmail} = lower(${t.customerEmail})`,
    ),
  ],
)

/** A claim link e-mailed to a customer: random, stored as a SHA-256 hash only, 14 days. */
export const claimLinks = pgTable(
  'claim_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    warrantyId: uuid('warranty_id').references(() => warranties.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claim_links_token_unique').on(t.tokenHash),
    index('claim_links_customer_idx').on(t.customerId),
  ],
)

/** `Idempotency-Key` of warranty issuance: the first answer, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
)

export type WarrantyRow = typeof warranties.$inferSelect
export type MintBatchRow = typeof mintBatches.$inferSelect

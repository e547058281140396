import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

/** CLAIM_CLOSED: a claim ended without a repair, a replacement or a refund (not covered). */
export const SERVICE_EVENT_KINDS = [
  'CLAIM_OPENED',
  'REPAIRED',
  'REPLACED',
  'EXTENDED',
  'VOIDED',
  'CLAIM_CLOSED',
] as const
export type ServiceEventKind = (typeof SERVICE_EVENT_KINDS)[number]

export const ANCHOR_BATCH_STATUSES = ['PREPARED', 'SENT', 'CONFIRMED', 'FAILED'] as const
export type AnchorBatchStatus = (typeof ANCHOR_BATCH_STATUSES)[number]

/** One `anchor` transaction: the Merkle root of up to 100 service events. */
export const anchorBatches = pgTable(
  'anchor_batches',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    status: text('status').$type<AnchorBatchStatus>().notNull().default('PREPARED'),
    root: text('root').notNull(),
    manifestCid: text('manifest_cid').notNull(),
    count: integer('count').notNull(),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    error: text('error'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('anchor_batches_seq_unique').on(t.seq).where(sql`${t.status} <> 'FAILED'`),
    check('anchor_batches_status_check', sql`${t.status} in ('PREPARED', 'SENT', 'CONFIRMED', 'FAILED')`),
  ],
)

/**
 * A service event a merchant recorded on a warranty. Public by design: a short description and
 * no personal data; pinned on IPFS and anchored on chain in batches.
 */
export const serviceEvents = pgTable(
  'service_events',
  {
    id: id(),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ServiceEventKind>().notNull(),
    description: text('description').notNull(),
    /** EXTENDED and REPLACED: the warranty's expiry from this event on. */
    newExpiresAt: tstz('new_expires_at'),
    /** REPLACED: the HMAC of the new serial number (as in the certificate metadata). */
    newSerialHash: text('new_serial_hash'),
    /** The pinned event file (CIDv1 raw) and its Merkle leaf, once prepared for anchoring. */
    cid: text('cid'),
    /** keccak256 of the pinned file's bytes (0x-hex): the event's Merkle leaf. */
    leaf: text('leaf'),
    anchorBatchId: uuid('anchor_batch_id').references(() => anchorBatches.id, { onDelete: 'set null' }),
    leafIndex: integer('leaf_index'),
    ...timestamps(),
  },
  (t) => [
    index('service_events_warranty_idx').on(t.warrantyId, t.createdAt),
    index('service_events_unanchored_idx').on(t.createdAt).where(sql`${t.anchorBatchId} is null`),
    check(
      'service_events_kind_check',
      sql`${t.kind} in ('CLAIM_OPENED', 'REPAIRED', 'REPLACED', 'EXTENDED', 'VOIDED', 'CLAIM_CLOSED')`,
    ),
  ],
)

export type AnchorBatchRow = typeof anchorBatches.$inferSelect

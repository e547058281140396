import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

/** A Sign-In with Ethereum nonce handed to a customer: single use, short-lived, stored as a hash. */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_nonces_hash_unique').on(t.nonceHash),
    index('wallet_nonces_customer_idx').on(t.customerId),
  ],
)

/** An EVM address a customer proved to control (personal data: only here, never on chain). */
export const customerWallets = pgTable(
  'customer_wallets',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Checksummed (EIP-55). */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    // One customer per address (stored checksummed, so one spelling): whoever proved it last.
    uniqueIndex('customer_wallets_address_unique').on(t.address),
    index('customer_wallets_customer_idx').on(t.customerId),
  ],
)

export const TRANSFER_STATUSES = ['PENDING', 'SENT', 'CONFIRMED', 'FAILED'] as const
export type TransferStatus = (typeof TRANSFER_STATUSES)[number]

/**
 * An export: the certificate moved from the custodial address to a customer's address by a
 * `safeTransferFrom` the service signs. The signed bytes are recorded before they are sent,
 * so a crash can only ever re-send the same transaction (one nonce: it cannot run twice).
 */
export const certificateTransfers = pgTable(
  'certificate_transfers',
  {
    id: id(),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    toAddress: text('to_address').notNull(),
    status: text('status').$type<TransferStatus>().notNull().default('PENDING'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    nonce: integer('nonce'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    confirmedAt: tstz('confirmed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('certificate_transfers_open_unique')
      .on(t.warrantyId)
      .where(sql`${t.status} in ('PENDING', 'SENT')`),
    index('certificate_transfers_status_idx').on(t.status),
    check(
      'certificate_transfers_status_check',
      sql`${t.status} in ('PENDING', 'SENT', 'CONFIRMED', 'FAILED')`,
    ),
  ],
)

/** Where each minted certificate's token is, as the service last read it from the chain. */
export const certificateHolders = pgTable('certificate_holders', {
  warrantyId: uuid('warranty_id')
    .primaryKey()
    .references(() => warranties.id, { onDelete: 'cascade' }),
  tokenId: bigint('token_id', { mode: 'number' }).notNull().unique(),
  /** Checksummed owner address; the custodian's means custodial. */
  holder: text('holder').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  ...timestamps(),
})

/** How far a follower of chain events got: the last block it processed, with its hash (reorgs). */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
})

export const OWNER_CHANGE_KINDS = ['EXPORT', 'CHAIN_TRANSFER', 'RESALE'] as const
export type OwnerChangeKind = (typeof OWNER_CHANGE_KINDS)[number]

/** Every change of a warranty's owner (customer and/or holder address). */
export const ownerChanges = pgTable(
  'owner_changes',
  {
    id: id(),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OwnerChangeKind>().notNull(),
    fromCustomerId: uuid('from_customer_id').references(() => users.id, { onDelete: 'set null' }),
    toCustomerId: uuid('to_customer_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    txHash: text('tx_hash'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('owner_changes_warranty_idx').on(t.warrantyId, t.createdAt)],
)

export const RESALE_STATUSES = ['OPEN', 'COMPLETED', 'CANCELLED'] as const
export type ResaleStatus = (typeof RESALE_STATUSES)[number]

/** A custodial warranty handed over by e-mail: completed when the new owner claims it. */
export const resaleOffers = pgTable(
  'resale_offers',
  {
    id: id(),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    fromCustomerId: uuid('from_customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toCustomerId: uuid('to_customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ResaleStatus>().notNull().default('OPEN'),
    completedAt: tstz('completed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('resale_offers_open_unique').on(t.warrantyId).where(sql`${t.status} = 'OPEN'`),
    check('resale_offers_status_check', sql`${t.status} in ('OPEN', 'COMPLETED', 'CANCELLED')`),
  ],
)

export type CertificateTransferRow = typeof certificateTransfers.$inferSelect

import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { pushDevices } from './customers.js'
import { merchants } from './merchants.js'
import { blobs, receipts } from './receipts.js'
import { serviceProviders } from './service-providers.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

/**
 * A claim's states (docs/claims.md). A claim is *open* until it is DENIED, RESOLVED or
 * CANCELLED; a warranty has at most one open claim.
 */
export const CLAIM_STATUSES = [
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'DENIED',
  'ASSIGNED',
  'IN_REPAIR',
  'RESOLVED',
  'CANCELLED',
] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]
export const OPEN_CLAIM_STATUSES = [
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'ASSIGNED',
  'IN_REPAIR',
] as const satisfies readonly ClaimStatus[]

/** What the customer says is wrong. */
export const CLAIM_CATEGORIES = ['NOT_WORKING', 'DEFECT', 'BATTERY', 'DISPLAY', 'DAMAGE', 'OTHER'] as const
export type ClaimCategory = (typeof CLAIM_CATEGORIES)[number]

/** How a claim ended well or not: each is a public service event on the warranty. */
export const CLAIM_OUTCOMES = ['REPAIRED', 'REPLACED', 'REFUNDED', 'NOT_COVERED'] as const
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number]

/** Who acted on a claim or wrote in its thread. */
export const CLAIM_PARTIES = ['CUSTOMER', 'MERCHANT', 'SERVICE_PROVIDER', 'SYSTEM'] as const
export type ClaimParty = (typeof CLAIM_PARTIES)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** A customer's report that a product under warranty is faulty, and its handling. */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    serviceProviderId: uuid('service_provider_id').references(() => serviceProviders.id, {
      onDelete: 'restrict',
    }),
    status: text('status').$type<ClaimStatus>().notNull().default('SUBMITTED'),
    category: text('category').$type<ClaimCategory>().notNull(),
    description: text('description').notNull(),
    /** One of the customer's receipts as proof of purchase. */
    receiptId: uuid('receipt_id').references(() => receipts.id, { onDelete: 'set null' }),
    /** The merchant's reason for a denial, or its latest question to the customer. */
    decisionNote: text('decision_note'),
    /** Set when a merchant rule approved the claim as it was opened. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    /** The provider's diagnosis (IN_REPAIR and after). */
    diagnosis: text('diagnosis'),
    outcome: text('outcome').$type<ClaimOutcome>(),
    /** A public note on the outcome (no personal data: it is part of the service event). */
    outcomeNote: text('outcome_note'),
    replacementSerial: text('replacement_serial'),
    statusChangedAt: tstz('status_changed_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('claims_one_open_per_warranty')
      .on(t.warrantyId)
      .where(sql`${t.status} in (${inList(OPEN_CLAIM_STATUSES)})`),
    index('claims_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('claims_provider_idx').on(t.serviceProviderId, t.createdAt.desc(), t.id.desc()),
    index('claims_customer_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index('claims_warranty_idx').on(t.warrantyId),
    check('claims_status_check', sql`${t.status} in (${inList(CLAIM_STATUSES)})`),
    check('claims_category_check', sql`${t.category} in (${inList(CLAIM_CATEGORIES)})`),
    check('claims_outcome_check', sql`${t.outcome} is null or ${t.outcome} in (${inList(CLAIM_OUTCOMES)})`),
    check(
      'claims_resolved_check',
      sql`(${t.status} = 'RESOLVED') = (${t.outcome} is not null and ${t.resolvedAt} is not null)`,
    ),
  ],
)

/** Every state change of a claim, in order: its timeline. */
export const claimTransitions = pgTable(
  'claim_transitions',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ClaimStatus>(),
    toStatus: text('to_status').$type<ClaimStatus>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorParty: text('actor_party').$type<ClaimParty>().notNull(),
    note: text('note'),
    /** The order of the timeline (entries of one transaction share their time). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('claim_transitions_claim_idx').on(t.claimId, t.seq),
    check('claim_transitions_party_check', sql`${t.actorParty} in (${inList(CLAIM_PARTIES)})`),
  ],
)

/** The claim's thread: the customer and whoever holds the claim (the merchant, then the provider). */
export const claimMessages = pgTable(
  'claim_messages',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorParty: text('author_party').$type<ClaimParty>().notNull(),
    body: text('body').notNull(),
    /** The order of the thread. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('claim_messages_claim_idx').on(t.claimId, t.seq),
    check('claim_messages_party_check', sql`${t.authorParty} in (${inList(CLAIM_PARTIES)})`),
  ],
)

/** A photo of a claim (sent with the claim or with a message): cleaned as receipts' images are. */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => claimMessages.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    imageKey: text('image_key')
      .notNull()
      .references(() => blobs.key),
    thumbnailKey: text('thumbnail_key').references(() => blobs.key),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('claim_photos_claim_idx').on(t.claimId, t.createdAt, t.id),
    index('claim_photos_image_key_idx').on(t.imageKey),
    index('claim_photos_thumbnail_key_idx').on(t.thumbnailKey),
  ],
)

/** A merchant's claim rules (docs/claims.md#rules): absent row, no automatic approval. */
export const claimSettings = pgTable(
  'claim_settings',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Approve a claim opened within this many days of the purchase (null: never by age). */
    autoApproveWithinDays: integer('auto_approve_within_days'),
    /** Approve every claim on these products of the merchant. */
    autoApproveProductIds: uuid('auto_approve_product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** A repair extends coverage by this many days (0: not at all). */
    repairExtensionDays: integer('repair_extension_days').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check(
      'claim_settings_days_check',
      sql`(${t.autoApproveWithinDays} is null or ${t.autoApproveWithinDays} between 1 and 3650) and ${t.repairExtensionDays} between 0 and 3650`,
    ),
  ],
)

export const CLAIM_PUSH_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const
export type ClaimPushStatus = (typeof CLAIM_PUSH_STATUSES)[number]

/**
 * A push notification of a claim to one of its customer's devices: an outbox row written in the
 * transaction of the change (docs/claims.md#notifications), sent by `claims.push`.
 */
export const claimPushes = pgTable(
  'claim_pushes',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => pushDevices.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<ClaimPushStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be sent: now, a retry's time, or the end of a sender's lease. */
    dueAt: tstz('due_at').notNull().defaultNow(),
    error: text('error'),
    sentAt: tstz('sent_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('claim_pushes_due_idx').on(t.dueAt).where(sql`${t.status} = 'QUEUED'`),
    index('claim_pushes_claim_idx').on(t.claimId),
    check('claim_pushes_status_check', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
  ],
)

export type ClaimRow = typeof claims.$inferSelect
export type ClaimTransitionRow = typeof claimTransitions.$inferSelect
export type ClaimMessageRow = typeof claimMessages.$inferSelect
export type ClaimPhotoRow = typeof claimPhotos.$inferSelect
export type ClaimSettingsRow = typeof claimSettings.$inferSelect

import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { users } from './users.js'
import { warranties } from './warranties.js'

export const SUBSCRIPTION_TIERS = ['FREE', 'PAID'] as const
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number]
export const PUSH_PLATFORMS = ['ios', 'android'] as const
export type PushPlatform = (typeof PUSH_PLATFORMS)[number]
export const REMINDER_CHANNELS = ['push', 'email'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]
/** The languages the customer app and the customer e-mails speak (docs/web-app.md#languages). */
export const LANGUAGES = ['en', 'de', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]
export const REMINDER_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]

/** What a customer (a `users` row with role CUSTOMER) keeps beside the user row. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionTier: text('subscription_tier').$type<SubscriptionTier>().notNull().default('FREE'),
    reminderDaysBeforeExpiry: integer('reminder_days_before_expiry').notNull().default(7),
    /** The private calendar feed's token, stored as a SHA-256 hash; null = no feed. */
    calendarTokenHash: text('calendar_token_hash'),
    /** The first time the customer proved the address (a claim or a magic link). */
    verifiedAt: tstz('verified_at'),
    /** The language the customer chose (app and e-mails); null = the browser's, English in e-mails. */
    language: text('language').$type<Language>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customer_profiles_calendar_unique').on(t.calendarTokenHash),
    check('customer_profiles_tier_check', sql`${t.subscriptionTier} in ('FREE', 'PAID')`),
    check('customer_profiles_reminder_days_check', sql`${t.reminderDaysBeforeExpiry} between 1 and 30`),
    check('customer_profiles_language_check', sql`${t.language} in ('en', 'de', 'fr')`),
  ],
)

/** A one-time sign-in link e-mailed to a customer: random, stored as a SHA-256 hash, 10 minutes. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('magic_links_token_unique').on(t.tokenHash),
    index('magic_links_customer_idx').on(t.customerId),
  ],
)

/** A device that receives a customer's push notifications; a token belongs to one customer. */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform').$type<PushPlatform>().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('push_devices_token_unique').on(t.platform, t.token),
    index('push_devices_customer_idx').on(t.customerId),
    check('push_devices_platform_check', sql`${t.platform} in ('ios', 'android')`),
  ],
)

/** A customer's receipt inbox address `{localPart}@{INBOX_DOMAIN}`; the local part is random. */
export const inboxAddresses = pgTable(
  'inbox_addresses',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localPart: text('local_part').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_addresses_local_unique').on(t.localPart),
    index('inbox_addresses_customer_idx').on(t.customerId),
  ],
)

/**
 * The reminder send log: one row per warranty, expiry date and target (a device, or the
 * e-mail fallback), claimed before sending, so that no reminder is sent twice or skipped,
 * whatever runs concurrently or crashes.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: id(),
    warrantyId: uuid('warranty_id')
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    /** The expiry the reminder is about: a changed expiry is reminded again. */
    expiresAt: tstz('expires_at').notNull(),
    channel: text('channel').$type<ReminderChannel>().notNull(),
    /** The device token (push) or the e-mail address (email) it goes to. */
    target: text('target').notNull(),
    deviceId: uuid('device_id').references(() => pushDevices.id, { onDelete: 'set null' }),
    status: text('status').$type<ReminderStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reminder_sends_once_unique').on(t.warrantyId, t.expiresAt, t.channel, t.target),
    index('reminder_sends_due_idx').on(t.status, t.nextAttemptAt),
    check('reminder_sends_channel_check', sql`${t.channel} in ('push', 'email')`),
    check('reminder_sends_status_check', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
)

import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'

export const WEBHOOK_ENDPOINT_STATUSES = ['ACTIVE', 'DISABLED'] as const
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number]
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/** A merchant's webhook receiver (docs/webhooks.md). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The event types delivered to it. */
    events: text('events').array().notNull(),
    /** The signing secret (`whsec_…`), sealed with a key derived from JWT_SECRET. */
    secret: text('secret').notNull(),
    /** After a rotation: the secret before it, sealed, still signing until `previousSecretExpiresAt`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: tstz('previous_secret_expires_at'),
    status: text('status').$type<WebhookEndpointStatus>().notNull().default('ACTIVE'),
    /** The first failed attempt since the last success; null while it answers. */
    failingSince: tstz('failing_since'),
    disabledReason: text('disabled_reason'),
    ...timestamps(),
  },
  (t) => [
    index('webhook_endpoints_list_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    check('webhook_endpoints_status_check', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
  ],
)

/**
 * One event to one endpoint, as a transactional outbox: written in the same transaction as the
 * change it reports, delivered by the `webhooks.deliver` job with retries and backoff.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (the `Webhook-Id` header): the same for every endpoint, retry and replay. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, exactly as signed. */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: tstz('delivered_at'),
    /** A replay: the delivery it repeats. */
    replayOf: uuid('replay_of'),
    ...timestamps(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_list_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    // An event reaches an endpoint once (replays aside): a sweep may record it again safely.
    uniqueIndex('webhook_deliveries_event_unique')
      .on(t.endpointId, t.eventId)
      .where(sql`${t.replayOf} is null`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('PENDING', 'DELIVERED', 'FAILED')`),
  ],
)

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect

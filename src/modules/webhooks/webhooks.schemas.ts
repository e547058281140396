import { Type } from 'typebox'
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable, PageQuery, Uuid } from '../../http/schemas.js'
import { WEBHOOK_EVENT_TYPES } from './webhook-events.js'

const EventTypes = Type.Array(Literals(WEBHOOK_EVENT_TYPES), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The events delivered to it (docs/webhooks.md#events)',
})

const Url = Type.String({
  minLength: 8,
  maxLength: 2048,
  description: 'https:// (http:// is accepted outside production); no user or password',
})

export const CreateWebhookBody = Type.Object(
  { url: Url, events: EventTypes },
  { additionalProperties: false },
)

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventTypes),
    status: Type.Optional(
      Literals(WEBHOOK_ENDPOINT_STATUSES, {
        description: 'ACTIVE enables a disabled endpoint again (its pending deliveries are due at once)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const WebhookListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

const endpointFields = {
  id: Uuid,
  url: Type.String(),
  events: Type.Array(Type.String()),
  status: Literals(WEBHOOK_ENDPOINT_STATUSES),
  failingSince: Nullable(DateTime),
  disabledReason: Nullable(Type.String()),
  previousSecretExpiresAt: Nullable(
    Type.String({
      format: 'date-time',
      description: 'After a rotation: until when the old secret also signs',
    }),
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
}

export const WebhookEndpoint = Type.Object(endpointFields, {
  title: 'WebhookEndpoint',
  additionalProperties: false,
})

export const WebhookEndpointWithSecret = Type.Object(
  {
    ...endpointFields,
    secret: Type.String({ description: 'The signing secret (`whsec_…`), shown only in this answer' }),
  },
  { title: 'WebhookEndpointWithSecret', additionalProperties: false },
)

export const WebhookDeleted = Type.Object(
  { id: Uuid, deleted: Type.Literal(true) },
  { additionalProperties: false },
)

export const DeliveryParams = Type.Object({ id: Uuid, deliveryId: Uuid }, { additionalProperties: false })

export const WebhookDelivery = Type.Object(
  {
    id: Uuid,
    endpointId: Uuid,
    eventId: Type.String({ description: 'The Webhook-Id header: the same for every retry and replay' }),
    eventType: Type.String(),
    status: Literals(WEBHOOK_DELIVERY_STATUSES),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(Type.String({ format: 'date-time', description: 'While PENDING' })),
    lastStatusCode: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    deliveredAt: Nullable(DateTime),
    replayOf: Nullable(Type.String({ format: 'uuid', description: 'A replay: the delivery it repeats' })),
    payload: Type.Unknown({ description: 'The JSON body sent: {id, type, createdAt, data}' }),
    createdAt: DateTime,
  },
  { title: 'WebhookDelivery', additionalProperties: false },
)

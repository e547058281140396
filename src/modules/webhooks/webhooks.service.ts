import { randomUUID } from 'node:crypto'
import type { Static } from 'typebox'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import type { WebhookDispatcher } from './webhook-dispatch.js'
import { eventPayload } from './webhook-events.js'
import type { SecretBox } from './webhook-secrets.js'
import { createWebhookSecret } from './webhook-signing.js'
import { checkEndpointUrl } from './webhook-url.js'
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  reschedulePending,
  updateEndpoint,
} from './webhooks.repository.js'
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeleted,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './webhooks.schemas.js'

type EndpointView = Static<typeof WebhookEndpoint>
type DeliveryView = Static<typeof WebhookDelivery>

/** After a rotation, the old secret still signs (beside the new one) this long. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3600_000

const iso = (d: Date | null) => d?.toISOString() ?? null
/** Rows written before the receiver's body was dropped kept its start after the status: cut. */
const withoutAnswerBody = (text: string | null) => text?.replace(/(answered \d+):[\s\S]*$/, '$1') ?? null
const endpointNotFound = () => new AppError('not_found', 'No such webhook endpoint')

export function toEndpointView(row: WebhookEndpointRow): EndpointView {
  const previousValid = row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now()
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status,
    failingSince: iso(row.failingSince),
    disabledReason: withoutAnswerBody(row.disabledReason),
    previousSecretExpiresAt: previousValid ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toDeliveryView(row: WebhookDeliveryRow): DeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: withoutAnswerBody(row.lastError),
    deliveredAt: iso(row.deliveredAt),
    replayOf: row.replayOf,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
  }
}

/** A merchant's webhook endpoints (OWNER/ADMIN manage them) and their delivery log. */
export class WebhooksService {
  constructor(
    private readonly deps: {
      db: Db
      secrets: SecretBox
      dispatcher: WebhookDispatcher
      production: boolean
      /** WEBHOOK_ALLOW_PRIVATE_TARGETS */
      allowPrivateTargets: boolean
      /** WEBHOOK_MAX_ENDPOINTS: endpoints per merchant. */
      maxEndpoints: number
      /** WEBHOOK_MANUAL_SENDS_PER_HOUR: `test` and `replay` per merchant. */
      manualSends: RateLimitRule
      limiter: RateLimiter
    },
  ) {}

  list(merchantId: string, query: PageRequest): Promise<PageResult<EndpointView>> {
    return paginate(query, (w) => listEndpoints(this.deps.db, merchantId, w), toEndpointView)
  }

  async get(merchantId: string, id: string): Promise<EndpointView> {
    return toEndpointView(await this.endpoint(merchantId, id))
  }

  /** Registers an endpoint; its secret is in this answer only. */
  async create(
    merchantId: string,
    body: Static<typeof CreateWebhookBody>,
  ): Promise<Static<typeof WebhookEndpointWithSecret>> {
    const url = checkEndpointUrl(body.url, this.deps)
    // Counted before the insert: two registrations at once may pass one over (bounded by their number).
    if ((await countEndpoints(this.deps.db, merchantId)) >= this.deps.maxEndpoints) {
      throw new AppError(
        'invalid_state',
        `Endpoint limit reached: at most ${this.deps.maxEndpoints} webhook endpoints per merchant (remove one first)`,
      )
    }
    const secret = createWebhookSecret()
    const row = await insertEndpoint(this.deps.db, {
      merchantId,
      url,
      events: body.events,
      secret: this.deps.secrets.seal(secret),
    })
    return { ...toEndpointView(row), secret }
  }

  /** Changes the URL or events, or the status: ACTIVE again clears the failure and resends at once. */
  async update(
    merchantId: string,
    id: string,
    body: Static<typeof UpdateWebhookBody>,
  ): Promise<EndpointView> {
    const enable = body.status === 'ACTIVE'
    const row = await this.deps.db.transaction(async (tx) => {
      const existing = await findEndpoint(tx, merchantId, id)
      if (!existing) throw endpointNotFound()
      const reEnabled = enable && existing.status === 'DISABLED'
      const updated = await updateEndpoint(tx, merchantId, id, {
        ...(body.url !== undefined ? { url: checkEndpointUrl(body.url, this.deps) } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(body.status === 'DISABLED' && existing.status === 'ACTIVE'
          ? { status: 'DISABLED', disabledReason: 'disabled by the merchant' }
          : {}),
        ...(reEnabled ? { status: 'ACTIVE', disabledReason: null, failingSince: null } : {}),
      })
      if (reEnabled) await reschedulePending(tx, id)
      return updated
    })
    if (!row) throw endpointNotFound()
    if (enable) this.deps.dispatcher.wake()
    return toEndpointView(row)
  }

  async remove(merchantId: string, id: string): Promise<Static<typeof WebhookDeleted>> {
    if (!(await deleteEndpoint(this.deps.db, merchantId, id))) throw endpointNotFound()
    return { id, deleted: true }
  }

  /** A new secret (in this answer only); the current one goes on signing for 24 hours. */
  async rotateSecret(merchantId: string, id: string): Promise<Static<typeof WebhookEndpointWithSecret>> {
    const existing = await this.endpoint(merchantId, id)
    const secret = createWebhookSecret()
    const row = await updateEndpoint(this.deps.db, merchantId, id, {
      secret: this.deps.secrets.seal(secret),
      previousSecret: existing.secret,
      previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_TTL_MS),
    })
    if (!row) throw endpointNotFound()
    return { ...toEndpointView(row), secret }
  }

  async deliveries(merchantId: string, id: string, query: PageRequest): Promise<PageResult<DeliveryView>> {
    await this.endpoint(merchantId, id)
    return paginate(query, (w) => listDeliveries(this.deps.db, id, w), toDeliveryView)
  }

  /** A new delivery of the same event (same body, same Webhook-Id), whatever became of the first. */
  async replay(merchantId: string, id: string, deliveryId: string): Promise<DeliveryView> {
    await this.endpoint(merchantId, id)
    await this.limitManualSends(merchantId)
    const original = await findDelivery(this.deps.db, id, deliveryId)
    if (!original) throw new AppError('not_found', 'No such delivery')
    return this.record({
      endpointId: id,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      replayOf: original.replayOf ?? original.id,
    })
  }

  /** A `ping` event to the endpoint (a disabled one: 409 invalid_state). */
  async test(merchantId: string, id: string): Promise<DeliveryView> {
    const endpoint = await this.endpoint(merchantId, id)
    if (endpoint.status !== 'ACTIVE') throw new AppError('invalid_state', 'The endpoint is disabled')
    await this.limitManualSends(merchantId)
    const eventId = randomUUID()
    return this.record({
      endpointId: id,
      eventId,
      eventType: 'ping',
      payload: eventPayload(eventId, 'ping', { endpointId: id, merchantId }),
    })
  }

  /** `test` and `replay` together, per merchant: 429 with Retry-After past the setting. */
  private async limitManualSends(merchantId: string): Promise<void> {
    const result = await this.deps.limiter.hit(`webhook-manual:${merchantId}`, this.deps.manualSends)
    if (!result.allowed)
      throw new AppError(
        'too_many_requests',
        'Too many test and replay deliveries for this merchant, try again later',
        undefined,
        result.retryAfterSeconds,
      )
  }

  private async record(row: Parameters<typeof insertDeliveries>[1][number]): Promise<DeliveryView> {
    const [inserted] = await insertDeliveries(this.deps.db, [row])
    if (!inserted) throw new Error('webhook delivery not recorded')
    this.deps.dispatcher.wake()
    return toDeliveryView(inserted)
  }

  private async endpoint(merchantId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await findEndpoint(this.deps.db, merchantId, id)
    if (!row) throw endpointNotFound()
    return row
  }
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import {
  CreateWebhookBody,
  DeliveryParams,
  UpdateWebhookBody,
  WebhookDeleted,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookListQuery,
} from './webhooks.schemas.js'
import type { WebhooksService } from './webhooks.service.js'

const tags = ['webhooks']
const byId = { params: IdParams }

/** Webhook endpoints (docs/webhooks.md): any merchant user reads, OWNER and ADMIN manage. */
export async function webhooksRoutes(
  base: FastifyInstance,
  { webhooks }: { webhooks: WebhooksService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const base404 = errorResponses(400, 401, 403, 404)

  app.get(
    '/v1/merchant/webhooks',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'listWebhookEndpoints',
        summary: "The merchant's webhook endpoints, newest first",
        querystring: WebhookListQuery,
        response: { 200: Page(WebhookEndpoint), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => webhooks.list(merchantIdOf(request), request.query),
  )

  app.post(
    '/v1/merchant/webhooks',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'createWebhookEndpoint',
        summary:
          'Register an endpoint; its signing secret is shown in this answer only; past WEBHOOK_MAX_ENDPOINTS: 409 invalid_state',
        body: CreateWebhookBody,
        response: { 200: WebhookEndpointWithSecret, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => webhooks.create(merchantIdOf(request), request.body),
  )

  app.get(
    '/v1/merchant/webhooks/:id',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'getWebhookEndpoint',
        summary: 'One endpoint',
        ...byId,
        response: { 200: WebhookEndpoint, ...base404 },
      },
    },
    async (request) => webhooks.get(merchantIdOf(request), request.params.id),
  )

  app.patch(
    '/v1/merchant/webhooks/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change the URL or events; status ACTIVE enables a disabled endpoint again',
        ...byId,
        body: UpdateWebhookBody,
        response: { 200: WebhookEndpoint, ...base404 },
      },
    },
    async (request) => webhooks.update(merchantIdOf(request), request.params.id, request.body),
  )

  app.delete(
    '/v1/merchant/webhooks/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Remove an endpoint and its delivery log',
        ...byId,
        response: { 200: WebhookDeleted, ...base404 },
      },
    },
    async (request) => webhooks.remove(merchantIdOf(request), request.params.id),
  )

  app.post(
    '/v1/merchant/webhooks/:id/rotate-secret',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret (shown once); the old one also signs for 24 hours',
        ...byId,
        response: { 200: WebhookEndpointWithSecret, ...base404 },
      },
    },
    async (request) => webhooks.rotateSecret(merchantIdOf(request), request.params.id),
  )
  deliveryRoutes(base, webhooks)
}

/** The delivery log, replays and test pings of an endpoint. */
function deliveryRoutes(base: FastifyInstance, webhooks: WebhooksService): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const base404 = errorResponses(400, 401, 403, 404)
  app.get(
    '/v1/merchant/webhooks/:id/deliveries',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "The endpoint's delivery log, newest first",
        ...byId,
        querystring: WebhookListQuery,
        response: { 200: Page(WebhookDelivery), ...base404 },
      },
    },
    async (request) => webhooks.deliveries(merchantIdOf(request), request.params.id, request.query),
  )

  app.post(
    '/v1/merchant/webhooks/:id/deliveries/:deliveryId/replay',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'replayWebhookDelivery',
        summary:
          'Deliver the same event again (same body and Webhook-Id) as a new delivery; limited with `test` per merchant (429)',
        params: DeliveryParams,
        response: { 200: WebhookDelivery, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => webhooks.replay(merchantIdOf(request), request.params.id, request.params.deliveryId),
  )

  app.post(
    '/v1/merchant/webhooks/:id/test',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'testWebhookEndpoint',
        summary:
          'Send a `ping` event; a disabled endpoint: 409 invalid_state; limited with `replay` per merchant (429)',
        ...byId,
        response: { 200: WebhookDelivery, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => webhooks.test(merchantIdOf(request), request.params.id),
  )
}

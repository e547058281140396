import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_USERS, merchantIdOf, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import {
  IssueBody,
  IssueHeaders,
  LookupParams,
  LookupQuery,
  Warranty,
  WarrantyDetail,
  WarrantyListQuery,
  WarrantyWithNotification,
} from './warranties.schemas.js'
import type { WarrantiesService } from './warranties.service.js'
import { bulkIssueRoutes } from './warranties-bulk.routes.js'

type Options = { warranties: WarrantiesService }

export async function warrantiesRoutes(base: FastifyInstance, options: Options): Promise<void> {
  issueAndReadRoutes(base, options)
  mintAndNoticeRoutes(base, options)
  await bulkIssueRoutes(base, options.warranties)
}

function issueAndReadRoutes(base: FastifyInstance, { warranties }: Options): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/merchant/warranties/issue',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'issueWarranty',
        summary: 'Issue a warranty; with customerEmail, the customer is e-mailed a claim link',
        description:
          'Honours an Idempotency-Key header for 24 hours: the same key and body answer the first response ' +
          'again (header idempotent-replayed: true) and create nothing; another body with the key answers 422. ' +
          "With customerEmail, the e-mail counts against the merchant's daily quota (QUOTA_MERCHANT_EMAILS_PER_DAY): " +
          'past it 429 email_quota_exceeded with Retry-After, and nothing is issued.',
        headers: IssueHeaders,
        body: IssueBody,
        response: { 200: WarrantyWithNotification, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request)
      const result = await warranties.issue(
        { merchantId: merchantIdOf(request), userId: principal.userId, merchantName: principal.merchantName },
        request.body,
        request.headers['idempotency-key'],
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return result.body
    },
  )

  app.get(
    '/v1/merchant/warranties',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'listWarranties',
        summary: "The merchant's warranties, newest first, with filters",
        querystring: WarrantyListQuery,
        response: { 200: Page(Warranty), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => warranties.list(merchantIdOf(request), request.query),
  )

  app.get(
    '/v1/merchant/warranties/lookup/:identifier',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'lookupWarranties',
        summary:
          "Find by warranty code (one item) or customer e-mail (that customer's warranties here, newest first, in pages)",
        params: LookupParams,
        querystring: LookupQuery,
        response: { 200: Page(Warranty), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => warranties.lookup(merchantIdOf(request), request.params.identifier, request.query),
  )

  app.get(
    '/v1/merchant/warranties/:id',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'getWarranty',
        summary: 'One warranty of the merchant, with the delivery of its claim e-mail (notificationDelivery)',
        params: IdParams,
        response: { 200: WarrantyDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => warranties.detail(merchantIdOf(request), request.params.id),
  )
}

function mintAndNoticeRoutes(base: FastifyInstance, { warranties }: Options): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/merchant/warranties/:id/retry-mint',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'retryWarrantyMint',
        summary: 'Put a FAILED mint back to PENDING; 409 invalid_state in any other state',
        params: IdParams,
        response: { 200: Warranty, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => warranties.retryMint(merchantIdOf(request), request.params.id),
  )

  app.post(
    '/v1/merchant/warranties/:id/resend-notification',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'resendWarrantyNotification',
        summary:
          'E-mail a fresh claim link (earlier links of the warranty stop working); limited per warranty (429 too_many_requests) and by the daily e-mail quota (429 email_quota_exceeded)',
        params: IdParams,
        response: { 200: WarrantyWithNotification, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => warranties.resendNotification(merchantIdOf(request), request.params.id),
  )
}

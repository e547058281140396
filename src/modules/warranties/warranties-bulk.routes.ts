import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { MERCHANT_USERS, merchantIdOf, principalOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { IssueHeaders } from './warranties.schemas.js'
import type { WarrantiesService } from './warranties.service.js'
import { BulkIssueBody, BulkIssueEnvelope, BulkIssueResponse } from './warranties-bulk.schemas.js'

/** 1,000 items of the largest issue body fit (each text field at its maximum length). */
const BULK_BODY_LIMIT = 2 * 1024 * 1024

// The body is checked as an envelope (1 to 1,000 items); the service checks each item.
const envelopeOnly: FastifySchemaCompiler<TSchema> = (route) =>
  TypeBoxValidatorCompiler(route.httpPart === 'body' ? { ...route, schema: BulkIssueEnvelope } : route)

export async function bulkIssueRoutes(base: FastifyInstance, warranties: WarrantiesService): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/v1/merchant/warranties/bulk',
    {
      config: { auth: MERCHANT_USERS },
      bodyLimit: BULK_BODY_LIMIT,
      validatorCompiler: envelopeOnly,
      schema: {
        tags: ['warranties'],
        operationId: 'issueWarrantiesBulk',
        summary: 'Issue up to 1,000 warranties; an answer per item, one bad item never rejects the others',
        description:
          'Each item has the fields and rules of POST /v1/merchant/warranties/issue and is answered with ' +
          'its warranty (status created) or the error that item alone would have had (status failed, ' +
          'details under /body/items/{index}). One Idempotency-Key covers the whole request for 24 hours. ' +
          'Items with customerEmail past the daily e-mail quota fail alone with email_quota_exceeded.',
        headers: IssueHeaders,
        body: BulkIssueBody,
        response: { 200: BulkIssueResponse, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request)
      const result = await warranties.issueBulk(
        { merchantId: merchantIdOf(request), userId: principal.userId, merchantName: principal.merchantName },
        request.body.items,
        request.headers['idempotency-key'],
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return result.body
    },
  )
}

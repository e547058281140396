import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { CUSTOMERS } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { customerActor } from './claim-actors.js'
import { claimThreadRoutes } from './claim-thread.routes.js'
import { CLAIM_BODY_LIMIT, ClaimDetail, OpenClaimBody } from './claims.schemas.js'
import type { ClaimsService } from './claims.service.js'

const tags = ['claims']
const config = { auth: CUSTOMERS }

/** A customer's claims: open one on a warranty in coverage, follow it, write, cancel. */
export async function customerClaimsRoutes(
  base: FastifyInstance,
  { claims }: { claims: ClaimsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/customer/warranties/:id/claims',
    {
      config,
      bodyLimit: CLAIM_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'openClaim',
        summary: 'Report a problem: open a claim on a warranty of yours that is in coverage',
        description:
          'One open claim per warranty (409 claim_already_open). An expired warranty: 409 warranty_expired; a voided one: ' +
          '409 warranty_voided. Photos follow the receipts’ image rules (400 validation_error naming the photo). ' +
          "A merchant's rule may approve the claim at once (autoApproved).",
        params: IdParams,
        body: OpenClaimBody,
        response: { 201: ClaimDetail, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await claims.open(customerActor(request).userId, request.params.id, request.body)),
  )

  app.post(
    '/v1/customer/claims/:id/cancel',
    {
      config,
      schema: {
        tags,
        operationId: 'cancelMyClaim',
        summary: 'Cancel an open claim (not once the repair has started: 409 invalid_state)',
        params: IdParams,
        response: { 200: ClaimDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => claims.cancel(customerActor(request).userId, request.params.id),
  )

  claimThreadRoutes(base, claims, {
    prefix: '/v1/customer',
    auth: CUSTOMERS,
    name: 'My',
    whose: 'Your claims',
    actor: customerActor,
  })
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RouteAuth } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { imageResponse, sendImage } from '../receipts/index.js'
import { PHOTO_CACHE } from './claim-actors.js'
import {
  CLAIM_BODY_LIMIT,
  ClaimDetail,
  ClaimListQuery,
  ClaimPage,
  MessageBody,
  OwnClaimListQuery,
  PhotoParams,
} from './claims.schemas.js'
import type { ClaimActor, ClaimsService } from './claims.service.js'

/** The routes every party of a claim has: its list, one claim, the thread and the photos. */
export interface ClaimParty {
  /** `/v1/customer`, `/v1/merchant`, `/v1/service-provider`. */
  prefix: string
  auth: RouteAuth
  /** The operationId's word for the party's claims: `My`, `Merchant`, `Provider`. */
  name: string
  /** Whose claims the list holds, for the summaries. */
  whose: string
  actor: (request: FastifyRequest) => ClaimActor
  /** The merchant's queue filters by product, provider and age too. */
  fullFilters?: boolean
}

export function claimThreadRoutes(base: FastifyInstance, claims: ClaimsService, party: ClaimParty): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: party.auth }
  const tags = ['claims']

  app.get(
    `${party.prefix}/claims`,
    {
      config,
      schema: {
        tags,
        operationId: `list${party.name}Claims`,
        summary: `${party.whose}, newest first, filtered`,
        querystring: party.fullFilters ? ClaimListQuery : OwnClaimListQuery,
        response: { 200: ClaimPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => claims.list(party.actor(request), request.query),
  )

  app.get(
    `${party.prefix}/claims/:id`,
    {
      config,
      schema: {
        tags,
        operationId: `get${party.name}Claim`,
        summary: 'One claim with its timeline, thread and photos',
        params: IdParams,
        response: { 200: ClaimDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => claims.get(party.actor(request), request.params.id),
  )

  app.post(
    `${party.prefix}/claims/:id/messages`,
    {
      config,
      bodyLimit: CLAIM_BODY_LIMIT,
      schema: {
        tags,
        operationId: `write${party.name}ClaimMessage`,
        summary: 'Write in the claim’s thread, with photos',
        params: IdParams,
        body: MessageBody,
        response: { 201: ClaimDetail, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await claims.message(party.actor(request), request.params.id, request.body)),
  )

  app.get(
    `${party.prefix}/claims/:id/photos/:photoId`,
    {
      config,
      schema: {
        tags,
        operationId: `get${party.name}ClaimPhoto`,
        summary: 'A photo of the claim, as its own type',
        params: PhotoParams,
        response: { 200: imageResponse('The photo'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await claims.photo(party.actor(request), request.params.id, request.params.photoId),
        PHOTO_CACHE,
        'claim-photo',
      ),
  )
}

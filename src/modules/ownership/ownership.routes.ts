import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Ok } from '../../http/schemas.js'
import {
  AddressParams,
  Challenge,
  ChallengeBody,
  ExportBody,
  GiveBody,
  LinkBody,
  LinkedWallet,
  LinkedWallets,
  Ownership,
  Resale,
} from './ownership.schemas.js'
import type { OwnershipService } from './ownership.service.js'

const config = { auth: CUSTOMERS }
const tags = ['customer']
const me = (request: FastifyRequest) => principalOf(request).userId

/** Linked wallets: a SIWE challenge, linking, listing, unlinking. */
export async function ownershipRoutes(
  base: FastifyInstance,
  { ownership }: { ownership: OwnershipService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const { wallets } = ownership

  app.post(
    '/v1/customer/wallets/challenge',
    {
      config,
      schema: {
        tags,
        operationId: 'createWalletChallenge',
        summary: 'A Sign-In with Ethereum message (single-use nonce, 10 minutes) for the address to sign',
        body: ChallengeBody,
        response: { 200: Challenge, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => wallets.challenge(me(request), request.body.address),
  )

  app.post(
    '/v1/customer/wallets',
    {
      config,
      schema: {
        tags,
        operationId: 'linkWallet',
        summary: 'Links the address of a signed challenge (EOA or EIP-1271 smart contract wallet)',
        body: LinkBody,
        response: { 201: LinkedWallet, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = request.body
      const linked = await wallets.link(me(request), {
        message: body.message,
        signature: body.signature as `0x${string}`,
      })
      return reply.status(201).send(linked)
    },
  )

  app.get(
    '/v1/customer/wallets',
    {
      config,
      schema: {
        tags,
        operationId: 'listWallets',
        summary: "The customer's linked addresses",
        response: { 200: LinkedWallets, ...errorResponses(401, 403) },
      },
    },
    async (request) => wallets.list(me(request)),
  )

  app.delete(
    '/v1/customer/wallets/:address',
    {
      config,
      schema: {
        tags,
        operationId: 'unlinkWallet',
        summary: 'Unlinks an address (certificates already in it stay there)',
        params: AddressParams,
        response: { 200: Ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await wallets.unlink(me(request), request.params.address)
      return { ok: true as const }
    },
  )
}

/** Where a warranty's token is, moving it to a linked address, giving it away by e-mail. */
export async function warrantyOwnershipRoutes(
  base: FastifyInstance,
  { ownership }: { ownership: OwnershipService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/customer/warranties/:id/ownership',
    {
      config,
      schema: {
        tags,
        operationId: 'getWarrantyOwnership',
        summary:
          "Where the warranty's token is (custodial or an address), its transfer and its owner changes",
        params: IdParams,
        response: { 200: Ownership, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ownership.ownershipOf(me(request), request.params.id),
  )

  app.post(
    '/v1/customer/warranties/:id/export',
    {
      config,
      schema: {
        tags,
        operationId: 'exportWarranty',
        summary:
          'Moves the certificate to one of the customer’s linked addresses (a chain transfer, exactly once)',
        params: IdParams,
        body: ExportBody,
        response: { 202: Ownership, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const view = await ownership.exportTo(me(request), request.params.id, request.body.address)
      return reply.status(202).send(view)
    },
  )

  app.post(
    '/v1/customer/warranties/:id/give',
    {
      config,
      schema: {
        tags,
        operationId: 'giveWarranty',
        summary:
          'Gives a custodial warranty to someone by e-mail: they claim it with the link e-mailed to them',
        params: IdParams,
        body: GiveBody,
        response: { 202: Resale, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const offer = await ownership.resale.give(me(request), request.params.id, request.body.email)
      return reply.status(202).send(offer)
    },
  )
}

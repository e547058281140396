import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import {
  RegisterSenderBody,
  SenderAddress,
  SenderDeleted,
  SenderListQuery,
  VerifyParams,
  VerifyResponse,
} from './sender-addresses.schemas.js'
import type { SenderAddressesService } from './sender-addresses.service.js'
import { invalidLinkPage, prefersHtml, verifiedPage } from './sender-verify.page.js'

/** The verification link answers JSON, or a small page to a browser. */
const verifyResponses = {
  200: {
    description: 'The address is verified',
    content: {
      'application/json': { schema: VerifyResponse },
      'text/html': { schema: Type.String() },
    },
  },
  404: {
    description: 'Unknown, expired, replaced or already used token',
    content: {
      'application/json': { schema: Type.Ref('ErrorBody') },
      'text/html': { schema: Type.String() },
    },
  },
  ...errorResponses(400),
}

export async function senderAddressesRoutes(
  base: FastifyInstance,
  { senderAddresses }: { senderAddresses: SenderAddressesService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/merchant/sender-addresses',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['sender-addresses'],
        operationId: 'listSenderAddresses',
        summary: "The merchant's receipt sender addresses, newest first",
        querystring: SenderListQuery,
        response: { 200: Page(SenderAddress), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => senderAddresses.list(merchantIdOf(request), request.query),
  )

  app.post(
    '/v1/merchant/sender-addresses',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags: ['sender-addresses'],
        operationId: 'registerSenderAddress',
        summary:
          'Register a sender address; a verification link is e-mailed to it (valid 7 days). ' +
          '30 per merchant per hour; 5 verification e-mails per address per hour',
        body: RegisterSenderBody,
        response: { 200: SenderAddress, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => senderAddresses.register(merchantIdOf(request), request.body.email),
  )

  app.delete(
    '/v1/merchant/sender-addresses/:id',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags: ['sender-addresses'],
        operationId: 'deleteSenderAddress',
        summary: 'Remove a sender address',
        params: IdParams,
        response: { 200: SenderDeleted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => senderAddresses.remove(merchantIdOf(request), request.params.id),
  )

  app.post(
    '/v1/merchant/sender-addresses/:id/resend-verification',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags: ['sender-addresses'],
        operationId: 'resendSenderVerification',
        summary: 'E-mail a fresh verification link (the previous one stops working); 3 per 15 minutes',
        params: IdParams,
        response: { 200: SenderAddress, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => senderAddresses.resendVerification(merchantIdOf(request), request.params.id),
  )

  app.get(
    '/v1/global/sender-verify/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['sender-addresses'],
        operationId: 'verifySenderAddress',
        summary: 'Confirm a sender address from the link e-mailed to it',
        description:
          'Answers a small HTML page when the client prefers text/html (a browser), else JSON. ' +
          'An unknown, expired, replaced or already used token: 404 not_found.',
        params: VerifyParams,
        response: verifyResponses,
      },
    },
    async (request, reply) => {
      const result = await senderAddresses.verify(request.params.token)
      if (!prefersHtml(request.headers.accept)) {
        if (!result) throw new AppError('not_found', 'The verification link is not valid')
        return result
      }
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      if (!result) return reply.code(404).send(invalidLinkPage())
      return verifiedPage(result.email)
    },
  )
}

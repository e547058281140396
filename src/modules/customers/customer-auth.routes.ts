import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses, Ok } from '../../http/schemas.js'
import { preferredLanguage } from '../../lib/accept-language.js'
import type { CustomerAuthService } from './customer-auth.service.js'
import {
  ClaimBody,
  ClaimIdQuery,
  ClaimSession,
  CustomerSession,
  LinkCheck,
  MagicLinkBody,
  MagicTokenQuery,
  RequestAccessBody,
  ResendLinkBody,
} from './customers.schemas.js'

const tags = ['customer auth']

/** Password-less customer sign-in (no bearer token): claim links and magic links. */
export async function customerAuthRoutes(
  base: FastifyInstance,
  { auth }: { auth: CustomerAuthService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: 'public' as const }

  app.get(
    '/v1/customer/auth/validate-claim',
    {
      config,
      schema: {
        tags,
        operationId: 'validateClaimLink',
        summary: 'Check a claim link without consuming it: masked e-mail, merchant, number of warranties',
        querystring: ClaimIdQuery,
        response: { 200: LinkCheck, ...errorResponses(400, 401) },
      },
    },
    async (request) => auth.validateClaim(request.query.claimId),
  )

  app.post(
    '/v1/customer/auth/claim',
    {
      config,
      schema: {
        tags,
        operationId: 'claimWarranties',
        summary: 'Consume a claim link: a customer JWT, the wallet, the focused warranty when it is theirs',
        body: ClaimBody,
        response: { 200: ClaimSession, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => auth.claim(request.body.claimId, request.body.focusWarrantyId),
  )

  app.post(
    '/v1/customer/auth/resend-link',
    {
      config,
      schema: {
        tags,
        operationId: 'resendClaimLink',
        summary:
          'E-mail a fresh claim link for a claim id (also an expired one); limited per claim id, client address, customer e-mail and merchant',
        body: ResendLinkBody,
        response: { 200: Ok, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await auth.resendLink(request.body.claimId, request.ip)
      return { ok: true as const }
    },
  )

  app.post(
    '/v1/customer/auth/request-access',
    {
      config,
      schema: {
        tags,
        operationId: 'requestAccess',
        summary: 'E-mail a one-time sign-in link (10 minutes); the same answer for any address',
        body: RequestAccessBody,
        response: { 200: Ok, ...errorResponses(400) },
      },
    },
    async (request) => {
      const language = preferredLanguage(request.headers['accept-language'])
      await auth.requestAccess(request.body.email, request.ip, language)
      return { ok: true as const }
    },
  )

  app.get(
    '/v1/customer/auth/validate',
    {
      config,
      schema: {
        tags,
        operationId: 'validateMagicLink',
        summary: 'Check a sign-in link without using it',
        querystring: MagicTokenQuery,
        response: { 200: LinkCheck, ...errorResponses(400, 401) },
      },
    },
    async (request) => auth.validateMagic(request.query.token),
  )

  app.post(
    '/v1/customer/auth/magic-link',
    {
      config,
      schema: {
        tags,
        operationId: 'useMagicLink',
        summary: 'Use a sign-in link: a customer JWT',
        body: MagicLinkBody,
        response: { 200: CustomerSession, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => auth.magicLink(request.body.token),
  )
}

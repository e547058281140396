import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, type RouteAuth, SERVICE_PROVIDERS } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { merchantActor, providerActor } from './claim-actors.js'
import { claimThreadRoutes } from './claim-thread.routes.js'
import {
  AssignBody,
  ClaimDetail,
  ClaimSettings,
  ClaimSettingsBody,
  ClaimStats,
  Coverage,
  CoverageQuery,
  DiagnosisBody,
  NoteBody,
  QuestionBody,
  ReasonBody,
  ResolveBody,
} from './claims.schemas.js'
import type { ClaimDetailView, ClaimsService } from './claims.service.js'

const tags = ['claims']

/** One state change of a claim: `POST {path}` with its body, answering the claim. */
function actionRoute<B extends TSchema>(
  base: FastifyInstance,
  route: { path: string; operationId: string; summary: string; auth: RouteAuth; body: B },
  act: (request: FastifyRequest<{ Params: { id: string }; Body: Static<B> }>) => Promise<ClaimDetailView>,
): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    route.path,
    {
      config: { auth: route.auth },
      schema: {
        tags,
        operationId: route.operationId,
        summary: route.summary,
        params: IdParams,
        body: route.body,
        response: { 200: ClaimDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => act(request as FastifyRequest<{ Params: { id: string }; Body: Static<B> }>),
  )
}

/** The merchant's claims queue, decisions, assignment, resolution and rules. */
export async function merchantClaimsRoutes(
  base: FastifyInstance,
  { claims }: { claims: ClaimsService },
): Promise<void> {
  const M = '/v1/merchant/claims/:id'
  claimThreadRoutes(base, claims, {
    prefix: '/v1/merchant',
    auth: MERCHANT_USERS,
    name: 'Merchant',
    whose: "The merchant's claims (filter by status, product, provider, age)",
    actor: merchantActor,
    fullFilters: true,
  })
  actionRoute(
    base,
    {
      path: `${M}/approve`,
      operationId: 'approveClaim',
      summary: 'Approve a SUBMITTED claim',
      auth: MERCHANT_USERS,
      body: NoteBody,
    },
    (r) => claims.approve(merchantActor(r), r.params.id, r.body.note ?? null),
  )
  actionRoute(
    base,
    {
      path: `${M}/deny`,
      operationId: 'denyClaim',
      summary: 'Deny a SUBMITTED or INFO_REQUESTED claim, with the reason the customer reads',
      auth: MERCHANT_USERS,
      body: ReasonBody,
    },
    (r) => claims.deny(merchantActor(r), r.params.id, r.body.reason),
  )
  actionRoute(
    base,
    {
      path: `${M}/request-info`,
      operationId: 'requestClaimInfo',
      summary: 'Ask the customer for more information (SUBMITTED → INFO_REQUESTED; their answer returns it)',
      auth: MERCHANT_USERS,
      body: QuestionBody,
    },
    (r) => claims.requestInfo(merchantActor(r), r.params.id, r.body.question),
  )
  actionRoute(
    base,
    {
      path: `${M}/assign`,
      operationId: 'assignClaim',
      summary:
        'Assign an APPROVED claim (or re-assign an ASSIGNED one) to a provider on your list: OWNER and ADMIN only',
      auth: MERCHANT_MANAGERS_ONLY,
      body: AssignBody,
    },
    (r) => claims.assign(merchantActor(r), r.params.id, r.body.serviceProviderId, r.body.note ?? null),
  )
  actionRoute(
    base,
    {
      path: `${M}/resolve`,
      operationId: 'resolveClaim',
      summary:
        'Resolve an APPROVED claim yourself (no provider): the outcome is a public service event; coverage changes need OWNER or ADMIN',
      auth: MERCHANT_USERS,
      body: ResolveBody,
    },
    (r) => claims.resolve(merchantActor(r), r.params.id, r.body),
  )

  claimSettingsRoutes(base, claims)
}

/** The merchant's claims dashboard and its claim rules. */
function claimSettingsRoutes(base: FastifyInstance, claims: ClaimsService): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/merchant/claim-stats',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'getClaimStats',
        summary:
          'Claims dashboard: open claims by state and age, outcomes, median time to resolution, claim rate by product',
        response: { 200: ClaimStats, ...errorResponses(401, 403) },
      },
    },
    async (request) => claims.stats(merchantActor(request).merchantId),
  )
  app.get(
    '/v1/merchant/claim-settings',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'getClaimSettings',
        summary: 'The merchant’s claim rules: automatic approval, the repair extension',
        response: { 200: ClaimSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => claims.getSettings(merchantActor(request).merchantId),
  )
  app.put(
    '/v1/merchant/claim-settings',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags,
        operationId: 'putClaimSettings',
        summary: 'Set the claim rules (OWNER and ADMIN)',
        body: ClaimSettingsBody,
        response: { 200: ClaimSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => claims.putSettings(merchantActor(request).merchantId, request.body),
  )
}

/** A provider's claims (only those assigned to it), its work on them, and the coverage desk. */
export async function providerClaimsRoutes(
  base: FastifyInstance,
  { claims }: { claims: ClaimsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const P = '/v1/service-provider/claims/:id'
  claimThreadRoutes(base, claims, {
    prefix: '/v1/service-provider',
    auth: SERVICE_PROVIDERS,
    name: 'Provider',
    whose: 'The claims assigned to your organisation',
    actor: providerActor,
  })
  actionRoute(
    base,
    {
      path: `${P}/start`,
      operationId: 'startClaimRepair',
      summary: 'Record the diagnosis and start the repair (ASSIGNED → IN_REPAIR)',
      auth: SERVICE_PROVIDERS,
      body: DiagnosisBody,
    },
    (r) => claims.startRepair(providerActor(r), r.params.id, r.body.diagnosis),
  )
  actionRoute(
    base,
    {
      path: `${P}/resolve`,
      operationId: 'resolveProviderClaim',
      summary: 'Close a claim you hold: repaired, replaced (with the new serial) or not covered',
      auth: SERVICE_PROVIDERS,
      body: ResolveBody,
    },
    (r) => claims.resolve(providerActor(r), r.params.id, r.body),
  )
  app.get(
    '/v1/service-provider/coverage',
    {
      config: { auth: SERVICE_PROVIDERS },
      schema: {
        tags,
        operationId: 'checkCoverage',
        summary:
          'Check a product’s coverage by warranty code, or by GTIN and serial number (warranties of merchants that allowed you)',
        querystring: CoverageQuery,
        response: { 200: Coverage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => claims.coverage(providerActor(request).serviceProviderId, request.query),
  )
}

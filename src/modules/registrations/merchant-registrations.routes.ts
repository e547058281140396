import type { Readable } from 'node:stream'
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import type { ProductRegistrationService } from './product-registration.service.js'
import {
  RefuseBody,
  Registration,
  RegistrationListQuery,
  RegistrationSettings,
  RegistrationSettingsBody,
  SerialsJsonBody,
  SerialsUploadBody,
  SerialUpload,
  SerialUploadQuery,
  SerialUploadWithErrors,
  UploadParams,
} from './registrations.schemas.js'
import type { Decider, RegistrationsService } from './registrations.service.js'
import { SerialsStream, tooLarge } from './serial-lines.js'

const tags = ['registrations']

function decider(request: FastifyRequest): Decider {
  const p = principalOf(request)
  return { merchantId: merchantIdOf(request), userId: p.userId, merchantName: p.merchantName }
}

/** The merchant's registration queue: list, read, approve, refuse (docs/digital-link.md). */
export async function merchantRegistrationsRoutes(
  base: FastifyInstance,
  { registrations }: { registrations: RegistrationsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: MERCHANT_USERS }
  app.get(
    '/v1/merchant/registrations',
    {
      config,
      schema: {
        tags,
        operationId: 'listRegistrations',
        summary:
          "The merchant's registrations by buyers, newest first (filter by status: PENDING, DISPUTE …)",
        querystring: RegistrationListQuery,
        response: { 200: Page(Registration), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => registrations.list({ merchantId: merchantIdOf(request) }, request.query),
  )
  app.get(
    '/v1/merchant/registrations/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getRegistration',
        summary: 'One registration',
        params: IdParams,
        response: { 200: Registration, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => registrations.view({ merchantId: merchantIdOf(request) }, request.params.id),
  )
  app.post(
    '/v1/merchant/registrations/:id/approve',
    {
      config,
      schema: {
        tags,
        operationId: 'approveRegistration',
        summary: "Approve a PENDING registration: the warranty is issued into the buyer's wallet",
        description:
          'Not PENDING (a dispute included): 409 invalid_state. The item got a warranty meanwhile: 409 conflict.',
        params: IdParams,
        response: { 200: Registration, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => registrations.approve(decider(request), request.params.id),
  )
  app.post(
    '/v1/merchant/registrations/:id/refuse',
    {
      config,
      schema: {
        tags,
        operationId: 'refuseRegistration',
        summary: 'Refuse a PENDING registration or close a DISPUTE, with the reason the buyer reads',
        params: IdParams,
        body: RefuseBody,
        response: { 200: Registration, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => registrations.refuse(decider(request), request.params.id, request.body.reason),
  )
}

/** A product's registration settings and known serials (OWNER and ADMIN). */
export async function productRegistrationRoutes(
  base: FastifyInstance,
  { products, maxBytes }: { products: ProductRegistrationService; maxBytes: number },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  const config = { auth: MERCHANT_MANAGERS_ONLY }
  const path = '/v1/merchant/products/:id/registration'
  app.get(
    path,
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'getRegistrationSettings',
        summary: "A product's registration settings (off until set) and how many serials are known",
        params: IdParams,
        response: { 200: RegistrationSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => products.settings(merchantIdOf(request), request.params.id),
  )
  app.put(
    path,
    {
      config,
      schema: {
        tags,
        operationId: 'setRegistrationSettings',
        summary: "Set a product's registration settings",
        params: IdParams,
        body: RegistrationSettingsBody,
        response: { 200: RegistrationSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => products.saveSettings(merchantIdOf(request), request.params.id, request.body),
  )
  await serialRoutes(app, products, maxBytes)
}

async function serialRoutes(base: FastifyInstance, products: ProductRegistrationService, maxBytes: number) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  // A CSV or text body is streamed to the database as it arrives, never parsed whole.
  app.addContentTypeParser(['text/csv', 'text/plain'], (request, payload, done) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) done(tooLarge(maxBytes))
    else done(null, new SerialsStream(payload as Readable))
  })
  app.post(
    '/v1/merchant/products/:id/serials',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      // A streamed body is checked as it is read; a JSON one against its schema.
      validatorCompiler: (route) => {
        if (route.httpPart !== 'body') return TypeBoxValidatorCompiler(route)
        const json = TypeBoxValidatorCompiler({ ...route, schema: SerialsJsonBody })
        return (value: unknown) => (value instanceof SerialsStream ? { value } : json(value))
      },
      schema: {
        tags,
        operationId: 'uploadKnownSerials',
        summary: 'Upload the serials made of a product (JSON list, or a CSV/text body of any length)',
        description:
          `application/json {"serials": [...]} (at most 10,000), or text/csv / text/plain with one serial a line (the first column; a header line \`serial\` is skipped), at most ${maxBytes} bytes. ` +
          'Answers 202 with the upload; a background job adds the serials (already known ones count as duplicates) and reports each bad line. Follow it with GET …/serials/uploads/{uploadId}.',
        params: IdParams,
        body: SerialsUploadBody,
        response: { 202: SerialUpload, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const actor = { merchantId: merchantIdOf(request), userId: principalOf(request).userId }
      try {
        return reply.code(202).send(await products.upload(actor, request.params.id, request.body))
      } catch (err) {
        if (err instanceof AppError && err.code === 'payload_too_large') reply.header('connection', 'close')
        throw err
      }
    },
  )
  app.get(
    '/v1/merchant/products/:id/serials/uploads/:uploadId',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'getKnownSerialsUpload',
        summary: 'An upload of known serials: its progress, counts and a page of its line errors',
        params: UploadParams,
        querystring: SerialUploadQuery,
        response: { 200: SerialUploadWithErrors, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      products.getUpload(merchantIdOf(request), request.params.id, request.params.uploadId, request.query),
  )
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import { gtin14 } from './digital-link.js'
import {
  ItemParams,
  LabelsBody,
  Linkset,
  ProductParams,
  QrQuery,
  ResolveQuery,
  ResolverDescription,
  redirectResponse,
} from './digital-link.schemas.js'
import type { LabelsService } from './labels.service.js'
import { qrPng, qrSvg } from './qr-codes.js'
import type { Resolution, ResolveInput, ResolverService } from './resolver.service.js'

const tags = ['digital-link']

const resolveResponses = {
  200: {
    description: 'The linkset (RFC 9264), for `linkType=linkset` or `Accept: application/linkset+json`',
    content: { 'application/linkset+json': { schema: Linkset } },
  },
  307: redirectResponse('The default link, or the link of the requested `linkType`'),
  ...errorResponses(400, 404, 429),
}

/**
 * GS1-Conformant Resolver headers: anyone's page may read the answer (CORS `*`, the Link header
 * exposed), and the answer depends on Accept.
 */
function send(reply: FastifyReply, answer: Resolution) {
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'link, location')
    .header('vary', 'Accept')
    .header('cache-control', 'no-cache')
    .header('link', answer.linkHeader)
  if (answer.kind === 'redirect') return reply.code(307).header('location', answer.location).send()
  return reply.type('application/linkset+json').send(JSON.stringify(answer.linkset))
}

/** What the resolver reads of a request: the key, the link type asked for, Accept, the address. */
function resolveInput(request: {
  params: { gtin: string; serial?: string }
  query: { linkType?: string }
  headers: { accept?: string | undefined }
  ip: string
}): ResolveInput {
  const { params, query, headers } = request
  return {
    gtin: params.gtin,
    ...(params.serial !== undefined ? { serial: params.serial } : {}),
    ...(query.linkType !== undefined ? { linkType: query.linkType } : {}),
    ...(headers.accept !== undefined ? { accept: headers.accept } : {}),
    address: request.ip,
  }
}

/** A QR code as itself: never sniffed, nothing in it run (an SVG is a document). */
function sendQr(reply: FastifyReply, uri: string, image: Buffer | string) {
  return reply
    .type(typeof image === 'string' ? 'image/svg+xml; charset=utf-8' : 'image/png')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'public, max-age=300')
    .header('x-digital-link', uri)
    .send(image)
}

/** The resolver (`/01/…`), its description, the QR codes of Digital Links and the merchants' label sheets. */
export async function digitalLinkRoutes(
  base: FastifyInstance,
  services: { resolver: ResolverService; labels: LabelsService },
): Promise<void> {
  await base.register(resolverRoutes, { resolver: services.resolver })
  await base.register(printRoutes, services)
}

/** GS1 Digital Link URIs: the product and the item. */
async function resolverRoutes(
  base: FastifyInstance,
  { resolver }: { resolver: ResolverService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/01/:gtin',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'resolveProduct',
        summary: 'GS1 Digital Link of a product (AI 01): a redirect to its page, or its linkset',
        params: ProductParams,
        querystring: ResolveQuery,
        response: resolveResponses,
      },
    },
    async (request, reply) => send(reply, await resolver.resolve(resolveInput(request))),
  )

  app.get(
    '/01/:gtin/21/:serial',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'resolveItem',
        summary:
          'GS1 Digital Link of one item (AI 01 + 21): a redirect to its certificate (or its product), or its linkset',
        params: ItemParams,
        querystring: ResolveQuery,
        response: resolveResponses,
      },
    },
    async (request, reply) => send(reply, await resolver.resolve(resolveInput(request))),
  )
}

/** The resolver description, the QR codes of Digital Links and the merchants' label sheets. */
async function printRoutes(
  base: FastifyInstance,
  { resolver, labels }: { resolver: ResolverService; labels: LabelsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/.well-known/gs1resolver',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'describeResolver',
        summary: 'The GS1 resolver description file: the root, the keys (AI 01) and link types answered',
        response: { 200: ResolverDescription, ...errorResponses(400) },
      },
    },
    async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600')
      return resolver.description()
    },
  )

  app.get(
    '/v1/global/digital-link/qr',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'getDigitalLinkQr',
        summary: "A product's or an item's GS1 Digital Link as a QR code (SVG or PNG)",
        querystring: QrQuery,
        response: {
          200: {
            description: 'The QR code',
            content: {
              'image/svg+xml': { schema: { type: 'string' } },
              'image/png': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { gtin, serial, format = 'svg', size = 512 } = request.query
      await resolver.limit('qr', request.ip)
      // Only for the service's products: never a QR code maker for anything.
      await resolver.links(gtin, serial)
      const uri = resolver.uri(gtin14(gtin, '/querystring/gtin'), serial)
      return sendQr(reply, uri, format === 'png' ? await qrPng(uri, size) : await qrSvg(uri))
    },
  )

  app.post(
    '/v1/merchant/products/:id/labels',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags,
        operationId: 'printProductLabels',
        summary: "A printable sheet (HTML, A4) of QR code labels for serials of the merchant's product",
        params: IdParams,
        body: LabelsBody,
        response: {
          200: { description: 'The label sheet', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const html = await labels.sheet(merchantIdOf(request), request.params.id, request.body.serials)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html)
    },
  )
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import { sendImage } from './image-reply.js'
import { imageResponse } from './receipts.schemas.js'
import { acceptsHtmlFirst, SHARE_PAGE_CSP, sharedReceiptPage, shareNotFoundPage } from './share.page.js'
import {
  Share,
  ShareBody,
  ShareIdParams,
  ShareLink,
  ShareListQuery,
  SharePreview,
  ShareTokenParams,
} from './shares.schemas.js'
import type { SharesService } from './shares.service.js'

const config = { auth: CUSTOMERS }
const tags = ['receipts']
const ownerOf = (request: FastifyRequest) => principalOf(request).userId
const linkNotWorking = () => new AppError('not_found', 'The share link is unknown, expired or revoked')

/** The preview answers JSON, or a small page to a browser. */
const previewResponses = {
  200: {
    description: 'The shared receipt: its image (imageUrl) and extracted data, nothing of its owner',
    content: {
      'application/json': { schema: SharePreview },
      'text/html': { schema: Type.String() },
    },
  },
  404: {
    description: 'Unknown, expired or revoked link',
    content: {
      'application/json': { schema: Type.Ref('ErrorBody') },
      'text/html': { schema: Type.String() },
    },
  },
  ...errorResponses(400),
}

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', SHARE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
}

/** Share links: the owner creates (by e-mail or to copy), lists and revokes them; anyone with one previews. */
export async function sharesRoutes(
  base: FastifyInstance,
  { shares }: { shares: SharesService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/customer/receipts/:id/share-email',
    {
      config,
      schema: {
        tags,
        operationId: 'shareReceiptByEmail',
        summary:
          'E-mail a link to the receipt (valid 30 days) to toEmail; limited per customer per hour (429)',
        params: IdParams,
        body: ShareBody,
        response: { 200: Share, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => shares.share(ownerOf(request), request.params.id, request.body.toEmail),
  )

  app.post(
    '/v1/customer/receipts/:id/share-link',
    {
      config,
      schema: {
        tags,
        operationId: 'createReceiptShareLink',
        summary:
          'A link to the receipt (valid 30 days) for you to copy; shown once; the same limit as e-mails (429)',
        params: IdParams,
        response: { 200: ShareLink, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => shares.link(ownerOf(request), request.params.id),
  )

  app.get(
    '/v1/customer/receipts/:id/shares',
    {
      config,
      schema: {
        tags,
        operationId: 'listReceiptShares',
        summary: 'The share links of a receipt, newest first (ACTIVE, EXPIRED or REVOKED)',
        params: IdParams,
        querystring: ShareListQuery,
        response: { 200: Page(Share), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => shares.list(ownerOf(request), request.params.id, request.query),
  )

  app.delete(
    '/v1/customer/receipts/shares/:shareId',
    {
      config,
      schema: {
        tags,
        operationId: 'revokeReceiptShare',
        summary: 'Revoke a share link: it answers 404 from now on',
        params: ShareIdParams,
        response: { 200: Share, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => shares.revoke(ownerOf(request), request.params.shareId),
  )
}

/** The public side of a share link: the preview and its image, while the link works. */
export async function sharedReceiptRoutes(
  base: FastifyInstance,
  { shares }: { shares: SharesService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/global/receipt-share/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'previewSharedReceipt',
        summary: 'The public preview of a shared receipt: the image and the extracted data',
        description:
          'A small HTML page when the client prefers text/html (a browser), else JSON. Never shows who ' +
          'owns the receipt. An unknown, expired or revoked link: 404 in both forms.',
        params: ShareTokenParams,
        response: previewResponses,
      },
    },
    async (request, reply) => {
      const { token } = request.params
      const preview = await shares.preview(token)
      if (!acceptsHtmlFirst(request.headers.accept)) {
        if (!preview) throw linkNotWorking()
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
        return preview
      }
      pageHeaders(reply)
      if (!preview) return reply.code(404).send(shareNotFoundPage())
      return sharedReceiptPage(preview, `/v1/global/receipt-share/${encodeURIComponent(token)}/image`)
    },
  )

  app.get(
    '/v1/global/receipt-share/:token/image',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        operationId: 'getSharedReceiptImage',
        summary: 'The image (or PDF) of a shared receipt, while the link works',
        params: ShareTokenParams,
        response: { 200: imageResponse('The bytes'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const image = await shares.image(request.params.token)
      if (!image) throw linkNotWorking()
      return sendImage(reply, image, 'private, max-age=300')
    },
  )
}

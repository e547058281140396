import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import { sendImage } from './image-reply.js'
import { OCR_BODY_LIMIT } from './ocr.routes.js'
import {
  ConfirmWarrantyBody,
  EditReceiptBody,
  imageResponse,
  MoveToFolderBody,
  Receipt,
  ReceiptDeleted,
  ReceiptListQuery,
  ReceiptWithImage,
  SaveReceiptBody,
} from './receipts.schemas.js'
import type { ReceiptsService } from './receipts.service.js'

const config = { auth: CUSTOMERS }
const tags = ['receipts']
const me = (request: FastifyRequest) => principalOf(request).userId

/** The stored bytes are immutable (content-addressed), but only the owner may cache them. */
const OWNER_CACHE = 'private, max-age=3600'

/** The customer's receipts: save, list, read, delete, file in a folder, link to a warranty. */
export async function receiptsRoutes(
  base: FastifyInstance,
  { receipts }: { receipts: ReceiptsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/customer/receipts',
    {
      config,
      bodyLimit: OCR_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'saveReceipt',
        summary:
          'Save a receipt: the image (type sniffed, EXIF orientation applied, location and device data removed)',
        description:
          'JSON body up to 6 MB (413 payload_too_large). Without ocrData the receipt is read by OCR after ' +
          'the save (ocrStatus PENDING, then DONE or FAILED). A folderId that is not yours: 404. Past the storage ' +
          'quota (QUOTA_RECEIPTS_PER_CUSTOMER, QUOTA_RECEIPT_BYTES_PER_CUSTOMER): 409 receipt_quota_exceeded; ' +
          'past RATE_LIMIT_RECEIPT_SAVES: 429 too_many_requests.',
        body: SaveReceiptBody,
        response: { 200: Receipt, ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503) },
      },
    },
    async (request) => receipts.save(me(request), request.body),
  )

  app.get(
    '/v1/customer/receipts',
    {
      config,
      schema: {
        tags,
        operationId: 'listReceipts',
        summary:
          "The customer's receipts, newest first; filter by folder or warranty, search the extracted text",
        querystring: ReceiptListQuery,
        response: { 200: Page(Receipt), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => receipts.list(me(request), request.query),
  )

  app.get(
    '/v1/customer/receipts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getReceipt',
        summary: 'One receipt, with its stored image inline (imageBase64)',
        params: IdParams,
        response: { 200: ReceiptWithImage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.get(me(request), request.params.id),
  )

  app.delete(
    '/v1/customer/receipts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReceipt',
        summary: 'Delete a receipt; its image leaves the blob store after the commit',
        params: IdParams,
        response: { 200: ReceiptDeleted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.remove(me(request), request.params.id),
  )
}

/** A receipt's bytes, its extracted data, its folder and its warranty. */
export async function receiptDetailsRoutes(
  base: FastifyInstance,
  { receipts }: { receipts: ReceiptsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  for (const which of ['image', 'thumbnail'] as const) {
    app.get(
      `/v1/customer/receipts/:id/${which}`,
      {
        config,
        schema: {
          tags,
          operationId: which === 'image' ? 'getReceiptImage' : 'getReceiptThumbnail',
          summary:
            which === 'image'
              ? 'The stored image (or PDF), as its own type'
              : 'A small WebP of the receipt for lists (a PDF has none: 404)',
          params: IdParams,
          response: { 200: imageResponse('The bytes'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        sendImage(reply, await receipts.image(me(request), request.params.id, which), OWNER_CACHE),
    )
  }

  app.patch(
    '/v1/customer/receipts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'editReceipt',
        summary: 'Correct the receipt’s merchant, date, total or items after the save',
        description:
          'An absent field stays as it is, an empty string removes it, items replaces the list; the ' +
          'raw text stays. A receipt still being read (PENDING) keeps what you send and is NONE from ' +
          'then on. Unless a warranty was confirmed, suggestedWarrantyId is worked out again.',
        params: IdParams,
        body: EditReceiptBody,
        response: { 200: Receipt, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.edit(me(request), request.params.id, request.body),
  )

  app.patch(
    '/v1/customer/receipts/:id/folder',
    {
      config,
      schema: {
        tags,
        operationId: 'moveReceiptToFolder',
        summary: 'File the receipt in a folder (folderId), or in none (null or absent)',
        params: IdParams,
        body: MoveToFolderBody,
        response: { 200: Receipt, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.moveToFolder(me(request), request.params.id, request.body.folderId ?? null),
  )

  app.post(
    '/v1/customer/receipts/:id/warranty',
    {
      config,
      schema: {
        tags,
        operationId: 'confirmReceiptWarranty',
        summary: 'Confirm the receipt proves a claimed warranty of your wallet (null unlinks)',
        description: 'Clears suggestedWarrantyId. A warranty that is not yours or not claimed: 404.',
        params: IdParams,
        body: ConfirmWarrantyBody,
        response: { 200: Receipt, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.confirmWarranty(me(request), request.params.id, request.body.warrantyId),
  )
}

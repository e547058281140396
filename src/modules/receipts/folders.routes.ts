import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses, Page } from '../../http/schemas.js'
import { Folder, FolderBody, FolderDeleted, FolderListQuery, FolderParams } from './folders.schemas.js'
import type { FoldersService } from './folders.service.js'

const config = { auth: CUSTOMERS }
const tags = ['receipts']
const customerOf = (request: FastifyRequest) => principalOf(request).userId

/** The customer's receipt folders. Static `/folders` paths win over `/{id}` (a uuid) in the router. */
export async function foldersRoutes(
  base: FastifyInstance,
  { folders }: { folders: FoldersService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/customer/receipts/folders',
    {
      config,
      schema: {
        tags,
        operationId: 'listReceiptFolders',
        summary: "The customer's receipt folders, newest first, each with its number of receipts",
        querystring: FolderListQuery,
        response: { 200: Page(Folder), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => folders.list(customerOf(request), request.query),
  )

  app.post(
    '/v1/customer/receipts/folders',
    {
      config,
      schema: {
        tags,
        operationId: 'createReceiptFolder',
        summary: 'Create a folder (name 1 to 40 characters, unique per customer in any case: 409)',
        body: FolderBody,
        response: { 200: Folder, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => folders.create(customerOf(request), request.body.name),
  )

  app.patch(
    '/v1/customer/receipts/folders/:folderId',
    {
      config,
      schema: {
        tags,
        operationId: 'renameReceiptFolder',
        summary: 'Rename a folder (a name you already use: 409)',
        params: FolderParams,
        body: FolderBody,
        response: { 200: Folder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => folders.rename(customerOf(request), request.params.folderId, request.body.name),
  )

  app.delete(
    '/v1/customer/receipts/folders/:folderId',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReceiptFolder',
        summary: 'Delete a folder; its receipts stay, in no folder',
        params: FolderParams,
        response: { 200: FolderDeleted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => folders.remove(customerOf(request), request.params.folderId),
  )
}

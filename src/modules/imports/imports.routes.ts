import type { Readable } from 'node:stream'
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'
import { MERCHANT_USERS, merchantIdOf, principalOf } from '../../http/auth.js'
import { errorResponses, IdParams, Page } from '../../http/schemas.js'
import { IssueHeaders } from '../warranties/index.js'
import { CsvBody, tooLarge } from './import-upload.js'
import {
  ImportCsvBody,
  ImportListQuery,
  ImportQuery,
  ImportUploadQuery,
  WarrantyImport,
  WarrantyImportWithErrors,
} from './imports.schemas.js'
import type { WarrantyImports } from './imports.service.js'

const CSV = 'text/csv'
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i

/** POST, GET and list of CSV imports (docs/bulk-issuance.md). */
export async function importRoutes(
  base: FastifyInstance,
  { imports, maxBytes }: { imports: WarrantyImports; maxBytes: number },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  // The body is streamed to the database as it arrives (no limit but the import's own, checked
  // while reading); only in this plugin.
  app.addContentTypeParser(CSV, (request, payload, done) => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase()
    if (charset && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') {
      done(
        new AppError('validation_error', 'The CSV must be UTF-8', [
          { path: '/body', message: 'is not UTF-8' },
        ]),
      )
      return
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      done(tooLarge(maxBytes))
      return
    }
    done(null, new CsvBody(payload as Readable))
  })

  app.post(
    '/v1/merchant/warranties/imports',
    {
      config: { auth: MERCHANT_USERS },
      // The body is a stream: its schema documents it and is not validated as a value.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
      schema: {
        tags: ['warranties'],
        operationId: 'importWarranties',
        summary: 'Import warranties from a CSV file of any size, as a background job',
        description:
          `Answers 202 with the import once the body is stored (at most ${maxBytes} bytes); its lines are then ` +
          'issued in chunks by a durable job, each line under the rules of one issue. Follow it with ' +
          'GET /v1/merchant/warranties/imports/{id}. One Idempotency-Key covers the upload for 24 hours.',
        headers: IssueHeaders,
        querystring: ImportUploadQuery,
        body: ImportCsvBody,
        response: { 202: WarrantyImport, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request)
      try {
        const result = await imports.upload(
          { merchantId: merchantIdOf(request), userId: principal.userId },
          request.body,
          request.headers['idempotency-key'],
          { dateFormat: request.query.dateFormat },
        )
        if (result.replayed) reply.header('idempotent-replayed', 'true')
        return reply.code(202).send(result.body)
      } catch (err) {
        // The client may still be sending a body over the limit: the connection is not reused.
        if (err instanceof AppError && err.code === 'payload_too_large') reply.header('connection', 'close')
        throw err
      }
    },
  )

  app.get(
    '/v1/merchant/warranties/imports',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'listWarrantyImports',
        summary: "The merchant's CSV imports, newest first",
        querystring: ImportListQuery,
        response: { 200: Page(WarrantyImport), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => imports.list(merchantIdOf(request), request.query),
  )

  app.get(
    '/v1/merchant/warranties/imports/:id',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['warranties'],
        operationId: 'getWarrantyImport',
        summary: 'A CSV import: its state, counts and a page of its line errors',
        description:
          'errors.items lists the lines that issued nothing (line number, stable code, message), by line, ' +
          'errorsLimit at a time; errors.total counts them all.',
        params: IdParams,
        querystring: ImportQuery,
        response: { 200: WarrantyImportWithErrors, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => imports.get(merchantIdOf(request), request.params.id, request.query),
  )
}

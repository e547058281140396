import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { errorResponses } from '../../http/schemas.js'
import { Verification, VerifyParams, VerifyQuery } from './certificates.schemas.js'
import type { CertificatesService } from './certificates.service.js'

export async function certificatesRoutes(
  base: FastifyInstance,
  { certificates }: { certificates: CertificatesService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/global/warranties/:warrantyCode/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['global'],
        operationId: 'verifyCertificate',
        summary: 'Public verification of a warranty certificate (chain and IPFS facts, no personal data)',
        params: VerifyParams,
        querystring: VerifyQuery,
        response: { 200: Verification, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request) =>
      certificates.verify({
        code: request.params.warrantyCode,
        ...(request.query.serialNumber !== undefined ? { serialNumber: request.query.serialNumber } : {}),
        address: request.ip,
      }),
  )
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { errorResponses, Nullable } from '../../http/schemas.js'
import type { CertificatesService } from './certificates.service.js'

const Certificate = Type.Object(
  {
    chainId: Type.Integer(),
    contractAddress: Type.String(),
    tokenId: Type.String({ description: 'uint256 as a decimal string' }),
    owner: Type.String({ description: 'current holder (the service custodian until exported)' }),
    txHash: Nullable(Type.String()),
    blockNumber: Nullable(Type.Integer()),
    tokenUri: Type.String({ description: 'as the contract answers it: ipfs://<batch directory>/<tokenId>' }),
    metadataCid: Type.String(),
    metadata: Type.Unknown({ description: 'the ERC-721 metadata JSON served for tokenUri' }),
    metadataHashMatches: Type.Boolean({
      description: 'the metadata bytes hash to the CID the directory names and to the CID recorded at issue',
    }),
  },
  { additionalProperties: false },
)

const Verification = Type.Object(
  {
    warrantyCode: Type.String(),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED')]),
    expiresAt: Type.String({ format: 'date-time' }),
    issuedAt: Type.String({ format: 'date-time' }),
    merchantName: Type.String(),
    productName: Nullable(Type.String()),
    mintStatus: Type.Union([
      Type.Literal('PENDING'),
      Type.Literal('MINTING'),
      Type.Literal('MINTED'),
      Type.Literal('FAILED'),
    ]),
    serialNumberMatches: Nullable(
      Type.Boolean({
        description: 'with ?serialNumber=: whether it is the certificate’s serial (null without it)',
      }),
    ),
    certificate: Nullable(Certificate),
  },
  { additionalProperties: false },
)

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
        params: Type.Object(
          { warrantyCode: Type.String({ minLength: 1, maxLength: 40 }) },
          { additionalProperties: false },
        ),
        querystring: Type.Object(
          { serialNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
          { additionalProperties: false },
        ),
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

import { Type } from 'typebox'
import { DateTime, Nullable } from '../../http/schemas.js'
import { MintStatus, WarrantyStatus } from '../warranties/index.js'

export const Certificate = Type.Object(
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
  { title: 'Certificate', additionalProperties: false },
)

export const Verification = Type.Object(
  {
    warrantyCode: Type.String(),
    status: WarrantyStatus,
    expiresAt: DateTime,
    issuedAt: DateTime,
    merchantName: Type.String(),
    productName: Nullable(Type.String()),
    mintStatus: MintStatus,
    serialNumberMatches: Nullable(
      Type.Boolean({
        description: 'with ?serialNumber=: whether it is the certificate’s serial (null without it)',
      }),
    ),
    certificate: Nullable(Certificate),
  },
  { title: 'CertificateVerification', additionalProperties: false },
)

export const VerifyParams = Type.Object(
  { warrantyCode: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)

export const VerifyQuery = Type.Object(
  { serialNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
)

import { type Static, Type } from 'typebox'
import { SERVICE_EVENT_KINDS } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable } from '../../http/schemas.js'
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

const Hex = Type.String({ pattern: '^0x[0-9a-fA-F]*$' })

/** One service event as anyone may see it, with its proof once anchored. */
export const ServiceHistoryEvent = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Literals(SERVICE_EVENT_KINDS),
    description: Type.String(),
    recordedAt: DateTime,
    newExpiresAt: Nullable(DateTime),
    newSerialHash: Nullable(Type.String()),
    proof: Nullable(
      Type.Object(
        {
          cid: Type.String({ description: 'the pinned event file (CIDv1, raw, sha2-256)' }),
          leaf: Hex,
          proof: Type.Array(Hex, { description: 'sibling hashes, leaf to root (sorted-pair keccak256)' }),
          root: Hex,
          seq: Type.Integer(),
          anchorContract: Type.String(),
          txHash: Nullable(Type.String()),
          blockNumber: Nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'ServiceHistoryEvent', additionalProperties: false },
)
export type HistoryEntry = Static<typeof ServiceHistoryEvent>

export const Verification = Type.Object(
  {
    warrantyCode: Type.String(),
    status: WarrantyStatus,
    expiresAt: DateTime,
    issuedAt: DateTime,
    purchaseDate: Type.String({
      format: 'date-time',
      description:
        "The warranty's stored purchase date (the date given at issue, else the issue time): the certificate's " +
        '"Purchase date", from which the warranty counts',
    }),
    merchantName: Type.String(),
    productName: Nullable(Type.String()),
    mintStatus: MintStatus,
    serialNumberMatches: Nullable(
      Type.Boolean({
        description: 'with ?serialNumber=: whether it is the certificate’s serial (null without it)',
      }),
    ),
    digitalLink: Nullable(
      Type.String({
        format: 'uri',
        description:
          'The GS1 Digital Link of the item when ?serialNumber= matches, else of the product (the serial stays private); null when the product has no GTIN',
      }),
    ),
    certificate: Nullable(Certificate),
    holder: Type.String({
      description: '`custodial` (held by the service) or the address holding the token',
    }),
    validToday: Type.Boolean({ description: 'not voided and not expired' }),
    history: Type.Array(ServiceHistoryEvent, {
      description: 'service events, oldest first, each with its proof',
    }),
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

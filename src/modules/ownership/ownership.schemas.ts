import { Type } from 'typebox'
import { DateTime, Email, Literals, Nullable } from '../../http/schemas.js'

const EvmAddress = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: 'an EVM address (0x + 40 hex)',
})

export const AddressParams = Type.Object({ address: EvmAddress }, { additionalProperties: false })

export const ChallengeBody = Type.Object({ address: EvmAddress }, { additionalProperties: false })

export const Challenge = Type.Object(
  {
    message: Type.String({ description: 'the EIP-4361 message to sign, exactly as given' }),
    nonce: Type.String(),
    expiresAt: DateTime,
  },
  { title: 'WalletChallenge', additionalProperties: false },
)

export const LinkBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 4000 }),
    signature: Type.String({ pattern: '^0x[0-9a-fA-F]+$', maxLength: 20_000 }),
  },
  { additionalProperties: false },
)

export const LinkedWallet = Type.Object(
  { address: Type.String(), chainId: Type.Integer(), linkedAt: DateTime },
  { title: 'LinkedWallet', additionalProperties: false },
)

export const LinkedWallets = Type.Object({ items: Type.Array(LinkedWallet) }, { additionalProperties: false })

export const ExportBody = Type.Object({ address: EvmAddress }, { additionalProperties: false })

export const GiveBody = Type.Object({ email: Email }, { additionalProperties: false })

export const Resale = Type.Object(
  { status: Type.Literal('OPEN'), createdAt: DateTime },
  { title: 'ResaleOffer', additionalProperties: false },
)

export const Ownership = Type.Object(
  {
    holder: Type.String({ description: '`custodial` (held by the service) or the holder address' }),
    transfer: Nullable(
      Type.Object(
        {
          status: Literals(['PENDING', 'SENT', 'CONFIRMED', 'FAILED']),
          toAddress: Type.String(),
          txHash: Nullable(Type.String()),
          blockNumber: Nullable(Type.Integer()),
          error: Nullable(Type.String()),
          requestedAt: DateTime,
        },
        { additionalProperties: false },
      ),
    ),
    changes: Type.Array(
      Type.Object(
        {
          kind: Literals(['EXPORT', 'CHAIN_TRANSFER', 'RESALE']),
          txHash: Nullable(Type.String()),
          at: DateTime,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'WarrantyOwnership', additionalProperties: false },
)

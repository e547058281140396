import { Type } from 'typebox'
import { DateTime, Email, Nullable, PageQuery, Uuid } from '../../http/schemas.js'

export const RegisterSenderBody = Type.Object({ email: Email }, { additionalProperties: false })

export const SenderListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

export const SenderAddress = Type.Object(
  {
    id: Uuid,
    email: Type.String({ description: 'Lower-cased' }),
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('VERIFIED')]),
    verifiedAt: Nullable(DateTime),
    verificationExpiresAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'While PENDING: when the last link e-mailed stops working',
      }),
    ),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'SenderAddress', additionalProperties: false },
)

export const SenderDeleted = Type.Object(
  { id: Uuid, deleted: Type.Literal(true) },
  { additionalProperties: false },
)

export const VerifyParams = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 200 }) },
  { additionalProperties: false },
)

export const VerifyResponse = Type.Object(
  { verified: Type.Literal(true), email: Type.String() },
  { additionalProperties: false },
)

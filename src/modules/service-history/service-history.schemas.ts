import { Type } from 'typebox'
import { DateTime, Literals } from '../../http/schemas.js'
import { ServiceHistoryEvent } from '../minting/index.js'

export const RecordEventBody = Type.Object(
  {
    kind: Literals(['CLAIM_OPENED', 'REPAIRED', 'REPLACED', 'EXTENDED', 'VOIDED']),
    description: Type.String({
      minLength: 1,
      maxLength: 280,
      description: 'public, permanent: what happened, without any personal data',
    }),
    serialNumber: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'REPLACED: the new serial' }),
    ),
    expiresAt: Type.Optional({
      ...DateTime,
      description: 'EXTENDED (required), REPLACED (optional): the new expiry',
    }),
  },
  { additionalProperties: false },
)

export const ServiceHistory = Type.Object(
  { events: Type.Array(ServiceHistoryEvent), voided: Type.Boolean() },
  { title: 'ServiceHistory', additionalProperties: false },
)

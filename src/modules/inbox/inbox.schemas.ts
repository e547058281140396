import { Type } from 'typebox'
import { Uuid } from '../../http/schemas.js'

export const InboundEmailQuery = Type.Object(
  {
    to: Type.String({
      minLength: 3,
      maxLength: 254,
      description: 'The envelope recipient: a customer inbox address',
    }),
    from: Type.Optional(
      Type.String({
        maxLength: 254,
        description: 'The envelope sender (MAIL FROM); absent or empty for the null sender',
      }),
    ),
    ip: Type.Optional(
      Type.String({
        maxLength: 45,
        description: 'The IP address of the client that sent the message to the provider (for SPF)',
      }),
    ),
    helo: Type.Optional(
      Type.String({ maxLength: 255, description: 'The name that client gave in EHLO/HELO' }),
    ),
  },
  { additionalProperties: false },
)

export const InboundEmailHeaders = Type.Object(
  { 'x-inbound-secret': Type.Optional(Type.String({ description: 'INBOUND_EMAIL_SECRET' })) },
  { additionalProperties: true },
)

/** Documents the raw body (bytes; not validated as a value, see the route). */
export const RawMessageBody = Type.Unsafe<Buffer>({
  content: { 'message/rfc822': { schema: { type: 'string', format: 'binary' } } },
})

export const InboundEmailResult = Type.Object(
  {
    inboundMessageId: Uuid,
    receipts: Type.Integer({ minimum: 0, description: 'Receipts created from the message (the first time)' }),
    duplicate: Type.Boolean({ description: 'The message had been received before: nothing new was created' }),
  },
  { additionalProperties: false },
)

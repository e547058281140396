import { Type } from 'typebox'
import { PUSH_PLATFORMS } from '../../db/schema/index.js'
import { DateTime, Literals, Uuid } from '../../http/schemas.js'

/** A device token as the app got it from FCM or APNs: opaque, printable ASCII, no spaces. */
export const PushToken = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '^[\\x21-\\x7E]+$',
  description: 'The FCM registration token or APNs device token (printable ASCII, no spaces)',
})

export const RegisterPushBody = Type.Object(
  { token: PushToken, platform: Literals(PUSH_PLATFORMS) },
  { additionalProperties: false },
)

export const UnregisterPushBody = Type.Object(
  { token: Type.Optional(PushToken) },
  { additionalProperties: false, description: 'Without `token`: every device of the caller' },
)

export const PushDevice = Type.Object(
  {
    id: Uuid,
    platform: Literals(PUSH_PLATFORMS),
    createdAt: DateTime,
    updatedAt: Type.String({ format: 'date-time', description: 'The last registration of this token' }),
  },
  { title: 'PushDevice', additionalProperties: false },
)

export const PushUnregistered = Type.Object(
  { removed: Type.Integer({ minimum: 0, description: 'How many of the caller’s devices were removed' }) },
  { additionalProperties: false },
)

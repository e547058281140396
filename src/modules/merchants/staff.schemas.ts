import { type Static, Type } from 'typebox'
import { ADMIN_ROLES, MERCHANT_ROLES, ROLES, USER_STATUSES } from '../../db/schema/index.js'
import { DateTime, InvitationState, Literals, Nullable, Uuid } from '../../http/schemas.js'

/**
 * A staff user (an admin, a merchant's or a service provider's user) as the off-boarding routes
 * answer it.
 */
export const StaffUser = Type.Object(
  {
    id: Uuid,
    email: Type.String({ description: 'Lower-cased' }),
    name: Nullable(Type.String()),
    role: Literals(ROLES),
    merchantId: Nullable(Uuid),
    merchantRole: Nullable(Literals(MERCHANT_ROLES)),
    adminRole: Nullable(Literals(ADMIN_ROLES)),
    serviceProviderId: Type.Optional(
      Type.String({ format: 'uuid', description: 'SERVICE_PROVIDER users only: their service provider' }),
    ),
    status: Literals(USER_STATUSES, {
      description: 'SUSPENDED: cannot log in, and every token of the user answers 403 account_suspended',
    }),
    invitation: Type.Optional(InvitationState),
    lastLoginAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'StaffUser', additionalProperties: false },
)
export type StaffUserView = Static<typeof StaffUser>

export const StaffUserRemoved = Type.Object(
  {
    deleted: Type.Literal(true),
    id: Uuid,
    stoppedImports: Type.Integer({
      minimum: 0,
      description: 'Unfinished CSV imports of the user, stopped (FAILED) with the removal',
    }),
  },
  { title: 'StaffUserRemoved', additionalProperties: false },
)
export type StaffUserRemovedView = Static<typeof StaffUserRemoved>

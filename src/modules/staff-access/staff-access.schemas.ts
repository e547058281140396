import { type Static, Type } from 'typebox'
import { ADMIN_ROLES, MERCHANT_ROLES, ROLES } from '../../db/schema/index.js'
import { DateTime, Email, InvitationState, Literals, Nullable, Uuid } from '../../http/schemas.js'

const Name = Type.String({ minLength: 1, maxLength: 200 })
const NewPassword = Type.String({ minLength: 6, maxLength: 1024 })
/** An opaque one-time value from an e-mailed link (base64url, 43 characters). */
const LinkToken = Type.String({ minLength: 1, maxLength: 200 })

export const InviteMerchantUserBody = Type.Object(
  {
    email: Email,
    name: Name,
    merchantRole: Type.Optional(
      Literals(MERCHANT_ROLES, {
        default: 'USER',
        description: 'OWNER and ADMIN also manage products and sender addresses; default USER',
      }),
    ),
  },
  { additionalProperties: false },
)
export type InviteMerchantUserInput = Static<typeof InviteMerchantUserBody>

export const InviteProviderUserBody = Type.Object(
  { email: Email, name: Name },
  { additionalProperties: false },
)
export type InviteProviderUserInput = Static<typeof InviteProviderUserBody>

export const InviteAdminBody = Type.Object(
  {
    email: Email,
    name: Name,
    adminRole: Type.Optional(Literals(ADMIN_ROLES, { default: 'ADMIN', description: 'Default ADMIN' })),
  },
  { additionalProperties: false },
)
export type InviteAdminInput = Static<typeof InviteAdminBody>

/** An invited staff user: the account exists, and signs in once the invitation is accepted. */
export const StaffInvitation = Type.Object(
  {
    id: Uuid,
    invitation: InvitationState,
    email: Type.String({ description: 'The address invited (lower-cased): the sign-in name once accepted' }),
    name: Nullable(Type.String()),
    role: Literals(ROLES),
    adminRole: Nullable(Literals(ADMIN_ROLES, { description: 'admins only' })),
    merchantId: Nullable(Uuid),
    merchantRole: Nullable(Literals(MERCHANT_ROLES)),
    serviceProviderId: Nullable(Uuid),
    createdAt: DateTime,
  },
  { title: 'StaffInvitation', additionalProperties: false },
)
export type StaffInvitationView = Static<typeof StaffInvitation>

export const InvitationRevoked = Type.Object(
  { revoked: Type.Literal(true), id: Uuid },
  { title: 'InvitationRevoked', additionalProperties: false },
)

export const LinkTokenQuery = Type.Object({ token: LinkToken }, { additionalProperties: false })

export const InvitationCheck = Type.Object(
  {
    valid: Type.Literal(true),
    email: Type.String({ description: 'The address invited: the sign-in name' }),
    name: Nullable(Type.String()),
    role: Literals(ROLES),
    organisationName: Nullable(
      Type.String({ description: 'The merchant or service provider; null for an admin' }),
    ),
    expiresAt: DateTime,
  },
  { title: 'InvitationCheck', additionalProperties: false },
)
export type InvitationCheckView = Static<typeof InvitationCheck>

export const AcceptInvitationBody = Type.Object(
  { token: LinkToken, password: NewPassword },
  { additionalProperties: false },
)

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false })

export const ResetCheck = Type.Object(
  { valid: Type.Literal(true), email: Type.String(), expiresAt: DateTime },
  { title: 'PasswordResetCheck', additionalProperties: false },
)
export type ResetCheckView = Static<typeof ResetCheck>

export const ResetPasswordBody = Type.Object(
  { token: LinkToken, newPassword: NewPassword },
  { additionalProperties: false },
)

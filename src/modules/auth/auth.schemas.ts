import { type Static, Type } from 'typebox'
import { ADMIN_ROLES, MERCHANT_ROLES, ROLES, USER_STATUSES } from '../../db/schema/index.js'
import { Email, Literals, Nullable } from '../../http/schemas.js'

export const LoginBody = Type.Object(
  { email: Email, password: Type.String({ minLength: 6, maxLength: 1024 }) },
  { additionalProperties: false },
)

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ minLength: 6, maxLength: 1024 }),
  },
  { additionalProperties: false },
)

const sessionUserFields = {
  id: Type.String({ format: 'uuid' }),
  name: Nullable(Type.String()),
  email: Type.String(),
  role: Literals(ROLES),
  merchantId: Nullable(Type.String({ format: 'uuid' })),
  merchantName: Nullable(Type.String()),
  merchantRole: Nullable(Literals(MERCHANT_ROLES)),
  adminRole: Type.Optional(Literals(ADMIN_ROLES, { description: 'admins only' })),
  serviceProviderId: Type.Optional(
    Type.String({ format: 'uuid', description: 'SERVICE_PROVIDER users only: their service provider' }),
  ),
  serviceProviderName: Type.Optional(
    Type.String({ description: 'SERVICE_PROVIDER users only: the name of their service provider' }),
  ),
}

export const SessionUser = Type.Object(sessionUserFields, {
  title: 'SessionUser',
  additionalProperties: false,
})
/**
 * The `user` of a login answer: id, name, email, role, merchantId, merchantName, merchantRole;
 * adminRole for admins; serviceProviderId and serviceProviderName for service providers' users.
 */
export type SessionUserView = Static<typeof SessionUser>

export const LoginResponse = Type.Object(
  { token: Type.String({ description: 'JWT (HS256) for Authorization: Bearer' }), user: SessionUser },
  { title: 'LoginResponse', additionalProperties: false },
)
export type LoginView = Static<typeof LoginResponse>

export const ChangePasswordResponse = Type.Object(
  {
    changed: Type.Literal(true),
    token: Type.String({ description: 'A fresh JWT: every token issued before the change is now rejected' }),
  },
  { additionalProperties: false },
)

export const ProfileResponse = Type.Object(
  {
    ...sessionUserFields,
    status: Literals(USER_STATUSES),
    lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Profile', additionalProperties: false },
)
export type ProfileView = Static<typeof ProfileResponse>

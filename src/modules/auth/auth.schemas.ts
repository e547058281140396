import { Type } from 'typebox'
import { Email, Nullable } from '../../http/schemas.js'

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

const RoleSchema = Type.Union([
  Type.Literal('ADMIN'),
  Type.Literal('MERCHANT_USER'),
  Type.Literal('CUSTOMER'),
  Type.Literal('SERVICE_PROVIDER'),
])
const MerchantRoleSchema = Nullable(
  Type.Union([Type.Literal('OWNER'), Type.Literal('ADMIN'), Type.Literal('USER')]),
)

const sessionUserFields = {
  id: Type.String({ format: 'uuid' }),
  name: Nullable(Type.String()),
  email: Type.String(),
  role: RoleSchema,
  merchantId: Nullable(Type.String({ format: 'uuid' })),
  merchantName: Nullable(Type.String()),
  merchantRole: MerchantRoleSchema,
  adminRole: Type.Optional(Type.String({ description: 'admins only' })),
}

export const SessionUser = Type.Object(sessionUserFields, { additionalProperties: false })

export const LoginResponse = Type.Object(
  { token: Type.String({ description: 'JWT (HS256) for Authorization: Bearer' }), user: SessionUser },
  { additionalProperties: false },
)

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
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('SUSPENDED')]),
    lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
)

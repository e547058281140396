import { type Static, Type } from 'typebox'
import { MERCHANT_ROLES, MERCHANT_STATUSES, USER_STATUSES } from '../../db/schema/index.js'
import {
  DateTime,
  Email,
  InvitationState,
  Literals,
  Nullable,
  Page,
  PageQuery,
  Uuid,
} from '../../http/schemas.js'

const MerchantStatus = Literals(MERCHANT_STATUSES, {
  description: 'SUSPENDED: its users cannot log in and their tokens are refused (403 merchant_suspended)',
})
const MerchantRole = Literals(MERCHANT_ROLES)

const Name = Type.String({ minLength: 1, maxLength: 200 })
const TaxId = Type.String({ maxLength: 100 })
const Address = Type.String({ maxLength: 500 })
const Phone = Type.String({ maxLength: 50 })
/** An active ISO 4217 code (checked against the list in src/lib/currencies.ts). */
export const Currency = Type.String({
  pattern: '^[A-Z]{3}$',
  description:
    'ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set',
})

export const CreateMerchantBody = Type.Object(
  {
    name: Name,
    taxId: Type.Optional(TaxId),
    address: Type.Optional(Address),
    phone: Type.Optional(Phone),
    contactEmail: Type.Optional(Email),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false },
)
export type CreateMerchantInput = Static<typeof CreateMerchantBody>

export const UpdateMerchantBody = Type.Object(
  {
    name: Type.Optional(Name),
    taxId: Type.Optional(Nullable(TaxId)),
    address: Type.Optional(Nullable(Address)),
    phone: Type.Optional(Nullable(Phone)),
    contactEmail: Type.Optional(Nullable(Email)),
    status: Type.Optional(MerchantStatus),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false, description: 'Only the fields sent change; null clears a field' },
)
export type UpdateMerchantInput = Static<typeof UpdateMerchantBody>

export const MerchantListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(MerchantStatus),
    q: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Name contains (case-insensitive)' }),
    ),
  },
  { additionalProperties: false },
)
export type MerchantListInput = Static<typeof MerchantListQuery>

export const Merchant = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    taxId: Nullable(Type.String()),
    address: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    contactEmail: Nullable(Type.String()),
    status: MerchantStatus,
    currency: Currency,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Merchant', additionalProperties: false },
)

/** `GET/PUT /v1/merchant/settings`: the caller's merchant as its staff see and set it. */
export const MerchantSettings = Type.Object(
  {
    merchantId: Uuid,
    name: Type.String(),
    currency: Currency,
  },
  { title: 'MerchantSettings', additionalProperties: false },
)
export type MerchantSettingsView = Static<typeof MerchantSettings>

export const UpdateMerchantSettingsBody = Type.Object(
  { currency: Currency },
  { additionalProperties: false, description: "The merchant's currency (OWNER or ADMIN)" },
)
export type MerchantView = Static<typeof Merchant>
export const MerchantPage = Page(Merchant)

export const CreateMerchantUserBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 6, maxLength: 1024 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    merchantRole: Type.Optional(
      Literals(MERCHANT_ROLES, {
        default: 'USER',
        description: 'OWNER and ADMIN also manage products and sender addresses; default USER',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CreateMerchantUserInput = Static<typeof CreateMerchantUserBody>

export const MerchantUsersQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })
export type MerchantUsersInput = Static<typeof MerchantUsersQuery>

export const MerchantUser = Type.Object(
  {
    id: Uuid,
    email: Type.String({ description: 'Lower-cased' }),
    name: Nullable(Type.String()),
    role: Type.Literal('MERCHANT_USER'),
    merchantId: Uuid,
    merchantRole: MerchantRole,
    status: Literals(USER_STATUSES),
    invitation: Type.Optional(InvitationState),
    lastLoginAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'MerchantUser', additionalProperties: false },
)
export type MerchantUserView = Static<typeof MerchantUser>
export const MerchantUserPage = Page(MerchantUser)

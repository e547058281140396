import { type Static, Type } from 'typebox'
import { SERVICE_PROVIDER_STATUSES, USER_STATUSES } from '../../db/schema/index.js'
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

const ServiceProviderStatus = Literals(SERVICE_PROVIDER_STATUSES, {
  description: 'SUSPENDED: its users cannot log in and their tokens are refused (403 provider_suspended)',
})

const Name = Type.String({ minLength: 1, maxLength: 200 })
const Address = Type.String({ maxLength: 500 })
const Phone = Type.String({ maxLength: 50 })
const NameFilter = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Name contains (case-insensitive)',
})

export const CreateServiceProviderBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Unique among service providers, case-insensitively',
    }),
    contactEmail: Email,
    phone: Type.Optional(Phone),
    address: Type.Optional(Address),
  },
  { additionalProperties: false },
)
export type CreateServiceProviderInput = Static<typeof CreateServiceProviderBody>

export const UpdateServiceProviderBody = Type.Object(
  {
    name: Type.Optional(Name),
    contactEmail: Type.Optional(Email),
    phone: Type.Optional(Nullable(Phone)),
    address: Type.Optional(Nullable(Address)),
    status: Type.Optional(ServiceProviderStatus),
  },
  { additionalProperties: false, description: 'Only the fields sent change; null clears a field' },
)
export type UpdateServiceProviderInput = Static<typeof UpdateServiceProviderBody>

export const ServiceProviderListQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(ServiceProviderStatus), q: Type.Optional(NameFilter) },
  { additionalProperties: false },
)
export type ServiceProviderListInput = Static<typeof ServiceProviderListQuery>

const providerFields = {
  id: Uuid,
  name: Type.String(),
  contactEmail: Type.String(),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  status: ServiceProviderStatus,
}

export const ServiceProvider = Type.Object(
  { ...providerFields, createdAt: DateTime, updatedAt: DateTime },
  { title: 'ServiceProvider', additionalProperties: false },
)
export type ServiceProviderView = Static<typeof ServiceProvider>
export const ServiceProviderPage = Page(ServiceProvider)

export const CreateServiceProviderUserBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 6, maxLength: 1024 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
)
export type CreateServiceProviderUserInput = Static<typeof CreateServiceProviderUserBody>

export const ServiceProviderUsersQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })
export type ServiceProviderUsersInput = Static<typeof ServiceProviderUsersQuery>

export const ServiceProviderUser = Type.Object(
  {
    id: Uuid,
    email: Type.String({ description: 'Lower-cased' }),
    name: Nullable(Type.String()),
    role: Type.Literal('SERVICE_PROVIDER'),
    serviceProviderId: Uuid,
    status: Literals(USER_STATUSES, {
      description: 'SUSPENDED (POST /v1/admin/users/{id}/suspend): cannot log in, 403 account_suspended',
    }),
    invitation: Type.Optional(InvitationState),
    lastLoginAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'ServiceProviderUser', additionalProperties: false },
)
export type ServiceProviderUserView = Static<typeof ServiceProviderUser>
export const ServiceProviderUserPage = Page(ServiceProviderUser)

/** A provider on a merchant's allow-list: the merchant sees how to reach it. */
export const AllowedServiceProvider = Type.Object(
  {
    ...providerFields,
    allowedAt: Type.String({
      format: 'date-time',
      description: 'When the merchant allowed the provider (the list is newest first)',
    }),
  },
  { title: 'AllowedServiceProvider', additionalProperties: false },
)
export type AllowedServiceProviderView = Static<typeof AllowedServiceProvider>
export const AllowedServiceProviderPage = Page(AllowedServiceProvider)

export const AllowedServiceProvidersQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })
export type AllowedServiceProvidersInput = Static<typeof AllowedServiceProvidersQuery>

/** What a merchant sees of a provider before allowing it: its id and name only. */
export const ServiceProviderListing = Type.Object(
  { id: Uuid, name: Type.String() },
  { title: 'ServiceProviderListing', additionalProperties: false },
)
export type ServiceProviderListingView = Static<typeof ServiceProviderListing>
export const ServiceProviderListingPage = Page(ServiceProviderListing)

export const ServiceProviderDirectoryQuery = Type.Object(
  { ...PageQuery, q: Type.Optional(NameFilter) },
  { additionalProperties: false },
)
export type ServiceProviderDirectoryInput = Static<typeof ServiceProviderDirectoryQuery>

export const ServiceProviderWithdrawn = Type.Object(
  { withdrawn: Type.Literal(true), id: Uuid },
  { title: 'ServiceProviderWithdrawn', additionalProperties: false },
)
export type ServiceProviderWithdrawnView = Static<typeof ServiceProviderWithdrawn>

import { type Static, type TInteger, type TObject, type TProperties, Type } from 'typebox'
import {
  CLAIM_STATUSES,
  type ClaimStatus,
  MERCHANT_STATUSES,
  type MerchantStatus,
  MINT_STATUSES,
  type MintStatus,
  ROLES,
  type Role,
  SERVICE_PROVIDER_STATUSES,
  type ServiceProviderStatus,
} from '../../db/schema/index.js'
import { DateTime } from '../../http/schemas.js'

const n = (description: string) => Type.Integer({ minimum: 0, description })
const object = <T extends TProperties>(properties: T, description: string) =>
  Type.Object(properties, { additionalProperties: false, description })

/** One counter per value of a database enum, every value present (the record makes it exhaustive). */
function countsOf<K extends string>(
  values: readonly K[],
  descriptions: Record<K, string>,
  description: string,
): TObject<Record<K, TInteger>> {
  const properties = Object.fromEntries(values.map((v) => [v, n(descriptions[v])])) as Record<K, TInteger>
  return object(properties, description)
}

const Mints = countsOf(
  MINT_STATUSES,
  {
    PENDING: 'Waiting for the mint job',
    MINTING: 'In a mint transaction not yet confirmed',
    MINTED: 'Certificate on chain',
    FAILED: 'Mint failed for good; retry-mint can restart it',
  } satisfies Record<MintStatus, string>,
  'Warranties by mint status (every status present, 0 when none)',
)

const warrantyCounts = {
  total: n('Every warranty issued'),
  active: n('expiresAt is in the future'),
  expired: n('expiresAt is now or past'),
  claimed: n('Claimed by a customer (claimedAt set), expired or not'),
}

export const PlatformStats = object(
  {
    merchants: object(
      {
        total: n('Every merchant'),
        byStatus: countsOf(
          MERCHANT_STATUSES,
          { ACTIVE: 'Active', SUSPENDED: 'Suspended' } satisfies Record<MerchantStatus, string>,
          'Merchants by status',
        ),
      },
      'Merchants (organisations)',
    ),
    users: object(
      {
        total: n('Every user account of any role'),
        byRole: countsOf(
          ROLES,
          {
            ADMIN: 'Admins',
            MERCHANT_USER: 'Merchant users (any merchant role, any merchant status)',
            CUSTOMER: 'Customers',
            SERVICE_PROVIDER: 'Service providers',
          } satisfies Record<Role, string>,
          'Users by role',
        ),
      },
      'User accounts',
    ),
    customers: n('Customer accounts (the same as users.byRole.CUSTOMER)'),
    globalProducts: n('Products in the public catalogue'),
    merchantProducts: n('Merchant products, deleted ones excluded'),
    warranties: object(warrantyCounts, 'Warranties of every merchant'),
    mints: Mints,
    serviceProviders: object(
      {
        total: n('Every service provider'),
        byStatus: countsOf(
          SERVICE_PROVIDER_STATUSES,
          { ACTIVE: 'Active', SUSPENDED: 'Suspended' } satisfies Record<ServiceProviderStatus, string>,
          'Service providers by status',
        ),
      },
      'Service providers (repair shops, service centres)',
    ),
    claims: object(
      {
        total: n('Every claim'),
        open: n('Claims not yet denied, resolved or cancelled'),
        byStatus: countsOf(
          CLAIM_STATUSES,
          Object.fromEntries(CLAIM_STATUSES.map((s) => [s, `Claims in ${s}`])) as Record<ClaimStatus, string>,
          'Claims by state (docs/claims.md)',
        ),
      },
      'Warranty claims of every merchant',
    ),
    generatedAt: DateTime,
  },
  'Platform statistics, computed in one consistent snapshot',
)
export type PlatformStatsView = Static<typeof PlatformStats>

export const MerchantStats = object(
  {
    products: n("The merchant's products, deleted ones excluded"),
    warranties: object(
      {
        ...warrantyCounts,
        expiringIn30Days: n('Active and expiring within the next 30 days'),
      },
      "The merchant's warranties",
    ),
    mints: Mints,
    issuedPerDay: Type.Array(
      object(
        {
          date: Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD' }),
          count: n('Warranties issued that day'),
        },
        'Warranties issued on one day',
      ),
      { description: 'Warranties issued per UTC day over the last 30 days (today included), oldest first' },
    ),
    generatedAt: DateTime,
  },
  "The caller's merchant's dashboard, computed in one consistent snapshot",
)
export type MerchantStatsView = Static<typeof MerchantStats>

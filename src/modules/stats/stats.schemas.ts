import { Type } from 'typebox'
import { DateTime } from '../../http/schemas.js'

const n = (description: string) => Type.Integer({ minimum: 0, description })
const object = <T extends Parameters<typeof Type.Object>[0]>(properties: T, description: string) =>
  Type.Object(properties, { additionalProperties: false, description })

const Mints = object(
  {
    PENDING: n('Waiting for the mint job'),
    MINTING: n('In a mint transaction not yet confirmed'),
    MINTED: n('Certificate on chain'),
    FAILED: n('Mint failed for good; retry-mint can restart it'),
  },
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
        byStatus: object({ ACTIVE: n('Active'), SUSPENDED: n('Suspended') }, 'Merchants by status'),
      },
      'Merchants (organisations)',
    ),
    users: object(
      {
        total: n('Every user account of any role'),
        byRole: object(
          {
            ADMIN: n('Admins'),
            MERCHANT_USER: n('Merchant users (any merchant role, any merchant status)'),
            CUSTOMER: n('Customers'),
            SERVICE_PROVIDER: n('Service providers'),
          },
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
    generatedAt: DateTime,
  },
  'Platform statistics, computed in one consistent snapshot',
)

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
    generatedAt: DateTime,
  },
  "The caller's merchant's dashboard, computed in one consistent snapshot",
)

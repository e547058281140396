import { type Static, Type } from 'typebox'
import { LANGUAGES, SUBSCRIPTION_TIERS } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable, Page, PageQuery, Uuid } from '../../http/schemas.js'
import { Mint, WarrantyProduct, WarrantyStatus } from '../warranties/index.js'

/** An opaque one-time value from an e-mailed link (claim id, magic-link token). */
const LinkToken = (description: string) => Type.String({ minLength: 1, maxLength: 200, description })

export const ClaimIdQuery = Type.Object(
  { claimId: LinkToken('The claim id of the e-mailed claim link') },
  { additionalProperties: false },
)
export const ClaimBody = Type.Object(
  {
    claimId: LinkToken('The claim id of the e-mailed claim link'),
    focusWarrantyId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export const ResendLinkBody = Type.Object(
  { claimId: LinkToken('A claim id, also an expired or used one') },
  { additionalProperties: false },
)
export const RequestAccessBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
)
export const MagicTokenQuery = Type.Object(
  { token: LinkToken('The token of the e-mailed sign-in link') },
  { additionalProperties: false },
)
export const MagicLinkBody = Type.Object(
  { token: LinkToken('The token of the e-mailed sign-in link') },
  { additionalProperties: false },
)

/** What a landing page shows before the link is used (nothing is consumed). */
export const LinkCheck = Type.Object(
  {
    valid: Type.Literal(true),
    email: Type.String({ description: 'The masked address, e.g. j***e@example.com' }),
    merchantName: Nullable(
      Type.String({ description: 'The merchant of a claim link; null for a sign-in link' }),
    ),
    warrantyCount: Type.Integer({ minimum: 0, description: 'The warranties signing in puts in the wallet' }),
    expiresAt: DateTime,
  },
  { title: 'LinkCheck', additionalProperties: false },
)
export type LinkCheckView = Static<typeof LinkCheck>

/** A customer's `user` in a sign-in answer: the login payload, role CUSTOMER, no merchant. */
export const CustomerSessionUser = Type.Object(
  {
    id: Uuid,
    name: Nullable(Type.String()),
    email: Type.String(),
    role: Type.Literal('CUSTOMER'),
    merchantId: Type.Null(),
    merchantName: Type.Null(),
    merchantRole: Type.Null(),
  },
  { title: 'CustomerSessionUser', additionalProperties: false },
)

export const CustomerSession = Type.Object(
  { token: Type.String({ description: 'JWT (HS256) for Authorization: Bearer' }), user: CustomerSessionUser },
  { title: 'CustomerSession', additionalProperties: false },
)
export type CustomerSessionView = Static<typeof CustomerSession>

const { status, tokenId, txHash, chainId, contractAddress } = Mint.properties

export const WalletMint = Type.Object(
  {
    status,
    tokenId,
    txHash,
    chainId,
    contractAddress,
    verificationUrl: Type.String({
      description: 'The public verification: {PUBLIC_API_URL}/v1/global/warranties/{warrantyCode}/verify',
    }),
  },
  { title: 'WalletMint', additionalProperties: false },
)

export const WalletWarranty = Type.Object(
  {
    id: Uuid,
    warrantyCode: Type.String(),
    serialNumber: Type.String(),
    status: WarrantyStatus,
    productName: Nullable(Type.String({ description: 'The title, else brand and model, else null' })),
    product: Nullable(WarrantyProduct),
    merchantId: Uuid,
    merchantName: Type.String(),
    invoiceNumber: Nullable(Type.String()),
    purchasePrice: Nullable(Type.Number()),
    currency: Type.String({
      pattern: '^[A-Z]{3}$',
      description: "ISO 4217 code of the merchant's currency, the currency of purchasePrice",
    }),
    purchaseDate: Nullable(DateTime),
    issuedAt: DateTime,
    expiresAt: DateTime,
    daysLeft: Type.Integer({
      minimum: 0,
      description: 'Whole days until expiresAt (rounded up); 0 once expired',
    }),
    claimedAt: Nullable(DateTime),
    mint: WalletMint,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'WalletWarranty', additionalProperties: false },
)
export type WalletWarrantyView = Static<typeof WalletWarranty>

export const WalletPage = Page(WalletWarranty)

/** The claim answer: a session, the wallet's first page, and the warranty to highlight. */
export const ClaimSession = Type.Object(
  {
    token: Type.String({ description: 'JWT (HS256) for Authorization: Bearer' }),
    user: CustomerSessionUser,
    wallet: WalletPage,
    focus: Nullable(WalletWarranty),
  },
  { title: 'ClaimSession', additionalProperties: false },
)
export type ClaimSessionView = Static<typeof ClaimSession>

export const WalletQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('expiring'), Type.Literal('expired')], {
        description:
          'active: not expired; expiring: not expired and expiring within reminderDaysBeforeExpiry days; expired',
      }),
    ),
  },
  { additionalProperties: false },
)

/** The customer app's and the customer e-mails' language; null follows the browser (English e-mails). */
const CustomerLanguage = Literals(LANGUAGES, {
  description:
    'en, de or fr: the web app and the e-mails speak it; null: the browser chooses (e-mails in English)',
})

export const CustomerProfile = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    name: Nullable(Type.String()),
    subscriptionTier: Literals(SUBSCRIPTION_TIERS),
    reminderDaysBeforeExpiry: Type.Integer({ minimum: 1, maximum: 30 }),
    language: Nullable(CustomerLanguage),
    verifiedAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'CustomerProfile', additionalProperties: false },
)
export type CustomerProfileView = Static<typeof CustomerProfile>

export const ProfilePatch = Type.Object(
  {
    subscriptionTier: Type.Optional(Literals(SUBSCRIPTION_TIERS)),
    reminderDaysBeforeExpiry: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
    language: Type.Optional(Nullable(CustomerLanguage)),
  },
  { additionalProperties: false },
)
export type ProfilePatchInput = Static<typeof ProfilePatch>

export const SignOutEverywhereBody = Type.Object(
  { confirm: Type.Literal(true, { description: 'true: every session of this customer ends, this one too' }) },
  { additionalProperties: false },
)

export const InboxAddresses = Type.Object(
  {
    address: Type.String({ description: 'The first address, {local}@{INBOX_DOMAIN}: the one to show' }),
    addresses: Type.Array(
      Type.Object({ id: Uuid, address: Type.String(), createdAt: DateTime }, { additionalProperties: false }),
    ),
  },
  { title: 'InboxAddresses', additionalProperties: false },
)
export type InboxAddressesView = Static<typeof InboxAddresses>

import { Type } from 'typebox'
import { MAIL_STATUSES, MINT_STATUSES } from '../../db/schema/index.js'
import { DateTime, Email, Literals, Nullable, PageQuery, Uuid } from '../../http/schemas.js'
import { WARRANTY_STATUSES } from './warranty-view.js'

/** At least one character that is not white space (values are stored trimmed). */
const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) })

export const IssueBody = Type.Object(
  {
    serialNumber: Text(200, 'Stored trimmed; compared case-insensitively'),
    merchantProductId: Type.Optional(Uuid),
    globalProductId: Type.Optional(Uuid),
    customerEmail: Type.Optional(Email),
    customerPhone: Type.Optional(Text(50)),
    customerName: Type.Optional(Text(200)),
    locationId: Type.Optional(Uuid),
    invoiceNumber: Type.Optional(Text(200)),
    purchasePrice: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 999_999_999_999.99,
        description: 'Greater than 0, at most 2 decimals, at most 999999999999.99',
      }),
    ),
    purchaseDate: Type.Optional(DateTime),
    warrantyDurationMonths: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
    expiresAt: Type.Optional(DateTime),
  },
  { additionalProperties: false },
)

/** `Idempotency-Key`: 1 to 255 visible ASCII characters. */
export const IssueHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
      description: 'Replays the first answer to the same key and body for 24 hours',
    }),
  ),
})

export const MintStatus = Literals(MINT_STATUSES)

export const WarrantyStatus = Literals(WARRANTY_STATUSES, {
  description: 'EXPIRED once expiresAt has passed',
})

export const Mint = Type.Object(
  {
    status: MintStatus,
    attempts: Type.Integer({ minimum: 0 }),
    tokenId: Nullable(Type.String({ pattern: '^[0-9]+$', description: 'uint256, as a decimal string' })),
    txHash: Nullable(Type.String()),
    chainId: Nullable(Type.Integer()),
    contractAddress: Nullable(Type.String()),
    metadataCid: Nullable(Type.String()),
    error: Nullable(Type.String()),
  },
  { title: 'MintState', additionalProperties: false },
)

export const WarrantyProduct = Type.Object(
  {
    title: Nullable(Type.String({ description: "The merchant product's title" })),
    brand: Nullable(Type.String({ description: "The global product's brand" })),
    model: Nullable(Type.String({ description: "The global product's model" })),
  },
  { title: 'WarrantyProduct', additionalProperties: false },
)

const warrantyFields = {
  id: Uuid,
  warrantyCode: Type.String({ description: 'e.g. WR-7Q2K-9XMD-P4TB; accepted by the lookup route' }),
  serialNumber: Type.String(),
  status: WarrantyStatus,
  merchantId: Uuid,
  merchantProductId: Nullable(Uuid),
  globalProductId: Nullable(Uuid),
  product: Nullable(WarrantyProduct),
  customerEmail: Nullable(Type.String()),
  customerName: Nullable(Type.String()),
  customerPhone: Nullable(Type.String()),
  locationId: Nullable(Uuid),
  invoiceNumber: Nullable(Type.String()),
  purchasePrice: Nullable(Type.Number()),
  purchaseDate: Nullable(DateTime),
  warrantyDurationMonths: Nullable(Type.Integer()),
  expiresAt: DateTime,
  claimed: Type.Boolean(),
  claimedAt: Nullable(DateTime),
  mint: Mint,
  createdAt: DateTime,
  updatedAt: DateTime,
}

export const Warranty = Type.Object(warrantyFields, { title: 'Warranty', additionalProperties: false })

/** Where the warranty's latest claim e-mail stands (merchant's single read): delivered, on its way or given up. */
export const NotificationDelivery = Type.Object(
  {
    status: Literals(MAIL_STATUSES, {
      description:
        'QUEUED: on its way (retried with backoff after a temporary failure); SENT: accepted by the mail server; ' +
        'FAILED: refused for good or given up after the last attempt (resend-notification queues a new one)',
    }),
    attempts: Type.Integer({ minimum: 0, description: 'Delivery attempts made so far' }),
    sentAt: Nullable(DateTime),
    updatedAt: DateTime,
  },
  { title: 'NotificationDelivery', additionalProperties: false },
)

/** `GET /v1/merchant/warranties/{id}`: the warranty and the delivery of its claim e-mail. */
export const WarrantyDetail = Type.Object(
  {
    ...warrantyFields,
    notificationDelivery: Type.Union([NotificationDelivery, Type.Null()], {
      description: 'null when no claim e-mail was ever queued (no customer e-mail)',
    }),
  },
  { title: 'WarrantyDetail', additionalProperties: false },
)

export const NotificationOutcome = Type.Union([Type.Literal('queued'), Type.Literal('none')], {
  description: 'queued: a claim link e-mail is on its way; none: no claim link is e-mailed',
})

/** The answer of issue and resend-notification: the warranty and what happened to its e-mail. */
export const WarrantyWithNotification = Type.Object(
  { ...warrantyFields, notification: NotificationOutcome },
  { title: 'WarrantyWithNotification', additionalProperties: false },
)

export const WarrantyListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('expired')])),
    mintStatus: Type.Optional(MintStatus),
    claimed: Type.Optional(Type.Boolean()),
    productId: Type.Optional(Uuid),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Contained (any case) in the serial number, warranty code, customer e-mail or invoice number',
      }),
    ),
  },
  { additionalProperties: false },
)

export const LookupQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

export const LookupParams = Type.Object(
  {
    identifier: Type.String({
      minLength: 1,
      maxLength: 254,
      description: 'A warrantyCode (any case, with or without dashes and WR-) or a customer e-mail',
    }),
  },
  { additionalProperties: false },
)

import { type Static, Type } from 'typebox'
import { IMAGE_BASE64_MAX } from '../../adapters/ocr/index.js'
import {
  CLAIM_CATEGORIES,
  CLAIM_OUTCOMES,
  CLAIM_PARTIES,
  CLAIM_STATUSES,
  OPEN_CLAIM_STATUSES,
} from '../../db/schema/index.js'
import { DateTime, Email, Literals, Nullable, Page, PageQuery, Uuid } from '../../http/schemas.js'

/** Photos a claim or a message carries at most, and their bytes together (the body limit). */
export const MAX_CLAIM_PHOTOS = 4
export const CLAIM_BODY_LIMIT = 6 * 1024 * 1024

const Text = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', description })

const Photos = Type.Array(
  Type.String({
    minLength: 1,
    maxLength: IMAGE_BASE64_MAX,
    description: 'A JPEG, PNG or WebP photo, standard base64 without a data: prefix',
  }),
  {
    maxItems: MAX_CLAIM_PHOTOS,
    description: `Up to ${MAX_CLAIM_PHOTOS} photos, ${CLAIM_BODY_LIMIT / 1024 / 1024} MB in all (scale them first): type sniffed, re-encoded, metadata removed`,
  },
)

export const ClaimStatus = Literals(CLAIM_STATUSES)
export const ClaimOutcome = Literals(CLAIM_OUTCOMES)

export const OpenClaimBody = Type.Object(
  {
    category: Literals(CLAIM_CATEGORIES),
    description: Text(2000, 'What is wrong, in the customer’s words'),
    receiptId: Type.Optional(Uuid),
    photos: Type.Optional(Photos),
  },
  { additionalProperties: false },
)
export type OpenClaimInput = Static<typeof OpenClaimBody>

export const MessageBody = Type.Object(
  { body: Text(2000, 'The message'), photos: Type.Optional(Photos) },
  { additionalProperties: false },
)
export type MessageInput = Static<typeof MessageBody>

export const NoteBody = Type.Object(
  { note: Type.Optional(Text(1000, 'A note for the timeline (shown to the customer)')) },
  { additionalProperties: false },
)
export const ReasonBody = Type.Object(
  { reason: Text(1000, 'Why the claim is denied (shown to the customer)') },
  { additionalProperties: false },
)
export const QuestionBody = Type.Object(
  { question: Text(1000, 'What the customer should answer') },
  { additionalProperties: false },
)
export const AssignBody = Type.Object(
  { serviceProviderId: Uuid, note: Type.Optional(Text(1000, 'A note for the provider and the timeline')) },
  { additionalProperties: false },
)
export const DiagnosisBody = Type.Object(
  { diagnosis: Text(1000, 'What the provider found') },
  { additionalProperties: false },
)

export const ResolveBody = Type.Object(
  {
    outcome: ClaimOutcome,
    note: Type.Optional(
      Text(280, 'A public note on the outcome: part of the service history, so no e-mail or phone number'),
    ),
    replacementSerial: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' }),
    ),
  },
  { additionalProperties: false },
)
export type ResolveInput = Static<typeof ResolveBody>

export const ClaimListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(ClaimStatus),
    merchantProductId: Type.Optional(Uuid),
    serviceProviderId: Type.Optional(Uuid),
    warrantyId: Type.Optional(Uuid),
    olderThanDays: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3650, description: 'Opened more than this many days ago' }),
    ),
  },
  { additionalProperties: false },
)
export type ClaimListInput = Static<typeof ClaimListQuery>

export const OwnClaimListQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(ClaimStatus), warrantyId: Type.Optional(Uuid) },
  { additionalProperties: false },
)

export const PhotoParams = Type.Object({ id: Uuid, photoId: Uuid }, { additionalProperties: false })

export const Claim = Type.Object(
  {
    id: Uuid,
    status: ClaimStatus,
    category: Literals(CLAIM_CATEGORIES),
    description: Type.String(),
    warranty: Type.Object(
      {
        id: Uuid,
        warrantyCode: Type.String(),
        serialNumber: Type.String(),
        expiresAt: DateTime,
        productName: Nullable(Type.String()),
        merchantProductId: Nullable(Uuid),
      },
      { additionalProperties: false },
    ),
    merchant: Type.Object({ id: Uuid, name: Type.String() }, { additionalProperties: false }),
    serviceProvider: Nullable(
      Type.Object({ id: Uuid, name: Type.String() }, { additionalProperties: false }),
    ),
    receiptId: Nullable(Uuid),
    decisionNote: Nullable(Type.String()),
    autoApproved: Type.Boolean(),
    diagnosis: Nullable(Type.String()),
    outcome: Nullable(ClaimOutcome),
    outcomeNote: Nullable(Type.String()),
    replacementSerial: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
    statusChangedAt: DateTime,
    resolvedAt: Nullable(DateTime),
  },
  { additionalProperties: false, title: 'Claim' },
)
export type ClaimView = Static<typeof Claim>

export const ClaimPage = Page(Claim)

const Party = Literals(CLAIM_PARTIES)

export const ClaimDetail = Type.Object(
  {
    ...Claim.properties,
    customer: Nullable(
      Type.Object({ name: Nullable(Type.String()), email: Email }, { additionalProperties: false }),
    ),
    timeline: Type.Array(
      Type.Object(
        {
          fromStatus: Nullable(ClaimStatus),
          toStatus: ClaimStatus,
          party: Party,
          note: Nullable(Type.String()),
          at: DateTime,
        },
        { additionalProperties: false },
      ),
    ),
    messages: Type.Array(
      Type.Object(
        { id: Uuid, party: Party, body: Type.String(), createdAt: DateTime, photoIds: Type.Array(Uuid) },
        { additionalProperties: false },
      ),
    ),
    photos: Type.Array(
      Type.Object(
        {
          id: Uuid,
          messageId: Nullable(Uuid),
          contentType: Type.String(),
          width: Nullable(Type.Integer()),
          height: Nullable(Type.Integer()),
          createdAt: DateTime,
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    title: 'ClaimDetail',
    description:
      'A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer',
  },
)
export type ClaimDetailView = Static<typeof ClaimDetail>

export const ClaimSettingsBody = Type.Object(
  {
    autoApproveWithinDays: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        description: 'Approve a claim opened within this many days of the purchase; null: never by age',
      }),
    ),
    autoApproveProductIds: Type.Array(Uuid, {
      maxItems: 200,
      uniqueItems: true,
      description: 'Approve every claim on these products of yours',
    }),
    repairExtensionDays: Type.Integer({
      minimum: 0,
      maximum: 3650,
      description: 'A repair extends coverage by this many days (0: not at all)',
    }),
  },
  { additionalProperties: false },
)
export type ClaimSettingsInput = Static<typeof ClaimSettingsBody>
export const ClaimSettings = Type.Object(
  { ...ClaimSettingsBody.properties, updatedAt: Nullable(DateTime) },
  { additionalProperties: false, title: 'ClaimSettings' },
)

export const CoverageQuery = Type.Object(
  {
    warrantyCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    gtin: Type.Optional(Type.String({ pattern: '^[0-9]{8,14}$' })),
    serialNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
)
export const Coverage = Type.Object(
  {
    covered: Type.Boolean(),
    status: Literals(['ACTIVE', 'EXPIRED', 'VOIDED'] as const),
    warrantyCode: Type.String(),
    serialNumber: Type.String(),
    productName: Nullable(Type.String()),
    gtin: Nullable(Type.String()),
    merchantName: Type.String(),
    expiresAt: DateTime,
    /** Whether this provider holds an open claim on it. */
    openClaimId: Nullable(Uuid),
  },
  {
    additionalProperties: false,
    title: 'Coverage',
    description: 'What a repair desk learns: coverage, product and expiry, never the owner',
  },
)

const countsOf = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer({ minimum: 0 })])), {
    additionalProperties: false,
  })

export const ClaimStats = Type.Object(
  {
    open: Type.Object(
      {
        total: Type.Integer({ minimum: 0 }),
        byStatus: countsOf(OPEN_CLAIM_STATUSES),
        byAge: Type.Object(
          {
            under2Days: Type.Integer({ minimum: 0 }),
            from2To7Days: Type.Integer({ minimum: 0 }),
            from7To30Days: Type.Integer({ minimum: 0 }),
            over30Days: Type.Integer({ minimum: 0 }),
          },
          { additionalProperties: false, description: 'Open claims by time since they were opened' },
        ),
      },
      { additionalProperties: false },
    ),
    closed: countsOf(['RESOLVED', 'DENIED', 'CANCELLED']),
    outcomes: countsOf(CLAIM_OUTCOMES),
    medianHoursToResolution: Nullable(
      Type.Number({
        description: 'Median hours from opening to resolution, claims resolved in the last 90 days',
      }),
    ),
    byProduct: Type.Array(
      Type.Object(
        {
          merchantProductId: Uuid,
          productName: Type.String(),
          claims: Type.Integer({ minimum: 0 }),
          warranties: Type.Integer({ minimum: 0 }),
          claimRate: Type.Number({ minimum: 0, description: 'claims / warranties issued for the product' }),
        },
        { additionalProperties: false },
      ),
      { description: 'The (at most 20) products with the most claims' },
    ),
    generatedAt: DateTime,
  },
  { additionalProperties: false, title: 'ClaimStats' },
)
export type ClaimStatsView = Static<typeof ClaimStats>

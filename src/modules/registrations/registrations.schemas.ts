import { Type } from 'typebox'
import { COVERAGE_STARTS, REGISTRATION_STATUSES } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable, PageQuery, Uuid } from '../../http/schemas.js'

/** Why an item can or cannot be registered: stable codes (docs/digital-link.md). */
export const CHECK_REASONS = [
  'registrable',
  'not_registrable',
  'unknown_serial',
  'already_registered',
] as const
export type CheckReason = (typeof CHECK_REASONS)[number]

/** Why a registration waits for the merchant (PENDING) or is a dispute (DISPUTE). */
export const REVIEW_REASONS = [
  'manual_review',
  'receipt_date_unreadable',
  'purchase_date_corrected',
  'receipt_too_old',
  'already_registered',
  'already_covered',
] as const
export type ReviewReason = (typeof REVIEW_REASONS)[number]

const VISIBLE_UPLOAD_STATES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const

/** The most serials one JSON upload may list (a CSV body has no such limit but its size). */
export const MAX_JSON_SERIALS = 10_000

const Gtin = Type.String({
  minLength: 1,
  maxLength: 20,
  description: 'A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise)',
})
const Serial = Type.String({
  minLength: 1,
  maxLength: 60,
  description: "The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_",
})
const Day = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD' })

export const CheckQuery = Type.Object({ gtin: Gtin, serial: Serial }, { additionalProperties: false })

export const RegistrationCheck = Type.Object(
  {
    gtin: Type.String({ description: 'GTIN-14' }),
    serial: Type.String(),
    productTitle: Type.String(),
    merchantName: Type.String(),
    registrable: Type.Boolean({
      description: 'True when a registration would be accepted for review or issue',
    }),
    reason: Literals(CHECK_REASONS),
    requiresReceipt: Type.Boolean(),
    coverageMonths: Nullable(Type.Integer()),
  },
  { additionalProperties: false, title: 'RegistrationCheck' },
)

export const RegisterBody = Type.Object(
  {
    gtin: Gtin,
    serialNumber: Serial,
    receiptId: Uuid,
    purchaseDate: Day,
    shop: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
  },
  { additionalProperties: false },
)

export const Registration = Type.Object(
  {
    id: Uuid,
    status: Literals(REGISTRATION_STATUSES),
    reviewReason: Nullable(Literals(REVIEW_REASONS)),
    refusalReason: Nullable(Type.String()),
    autoApproved: Type.Boolean(),
    gtin: Nullable(Type.String({ description: 'GTIN-14' })),
    serialNumber: Type.String(),
    productId: Uuid,
    productTitle: Type.String(),
    merchantName: Type.String(),
    customerEmail: Nullable(Type.String()),
    receiptId: Nullable(Uuid),
    purchaseDate: Day,
    shop: Nullable(Type.String()),
    warrantyId: Nullable(Uuid),
    warrantyCode: Nullable(Type.String()),
    decidedAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { additionalProperties: false, title: 'Registration' },
)

export const RegistrationListQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(Literals(REGISTRATION_STATUSES)) },
  { additionalProperties: false },
)

export const RefuseBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) },
  { additionalProperties: false },
)

const settingsFields = {
  enabled: Type.Boolean(),
  coverageMonths: Type.Integer({ minimum: 1, maximum: 1200 }),
  coverageStart: Literals(COVERAGE_STARTS, {
    description: "PURCHASE_DATE: from the receipt's date; REGISTRATION_DATE: from the day of registration",
  }),
  autoApproveMaxAgeDays: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 3650,
      description:
        "Issue at once when the receipt's date was read by OCR, the buyer kept it, and it is at most this many days old; null: every registration waits for review",
    }),
  ),
  requireKnownSerial: Type.Boolean({ description: 'Refuse serials the merchant did not upload' }),
}

export const RegistrationSettingsBody = Type.Object(settingsFields, { additionalProperties: false })

export const RegistrationSettings = Type.Object(
  { productId: Uuid, ...settingsFields, knownSerials: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, title: 'RegistrationSettings' },
)

export const SerialsJsonBody = Type.Object(
  { serials: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: MAX_JSON_SERIALS }) },
  { additionalProperties: false },
)

export const SerialsUploadBody = Type.Union([
  SerialsJsonBody,
  Type.String({
    description:
      'text/csv or text/plain: one serial a line (the first column); a first line `serial` is a header',
  }),
])

const SerialUploadFields = {
  id: Uuid,
  productId: Uuid,
  state: Literals(VISIBLE_UPLOAD_STATES),
  lines: Type.Integer(),
  processed: Type.Integer(),
  added: Type.Integer(),
  duplicates: Type.Integer(),
  failed: Type.Integer(),
  error: Nullable(Type.String()),
  finishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
}

export const SerialUpload = Type.Object(SerialUploadFields, {
  additionalProperties: false,
  title: 'SerialUpload',
})

const LineError = Type.Object(
  { line: Type.Integer(), code: Type.String(), message: Type.String() },
  { additionalProperties: false },
)

export const SerialUploadWithErrors = Type.Object(
  {
    ...SerialUploadFields,
    errors: Type.Object(
      { total: Type.Integer(), items: Type.Array(LineError) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'SerialUploadWithErrors' },
)

export const SerialUploadQuery = Type.Object(
  {
    errorsLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    errorsAfterLine: Type.Optional(Type.Integer({ minimum: 0, description: 'The errors after this line' })),
  },
  { additionalProperties: false },
)

export const UploadParams = Type.Object({ id: Uuid, uploadId: Uuid }, { additionalProperties: false })

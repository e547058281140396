import { type Static, Type } from 'typebox'
import { RECEIPT_OCR_STATUSES, RECEIPT_SOURCES } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable, PageQuery, Uuid } from '../../http/schemas.js'
import { IMAGE_BASE64_MAX } from './ocr.schemas.js'

const Merchant = Type.String({ maxLength: 200 })
const ReadDate = Type.String({ maxLength: 40, description: 'As read; ISO YYYY-MM-DD when OCR read it' })
const Total = Type.String({ maxLength: 40 })
const Items = Type.Array(
  Type.Object(
    { name: Type.String({ maxLength: 500 }), price: Type.Optional(Type.String({ maxLength: 40 })) },
    { additionalProperties: false },
  ),
  { maxItems: 500 },
)

/** The receipt's extracted data: every property a string (the interface's `ocrData`). */
export const OcrData = Type.Object(
  {
    merchant: Type.Optional(Merchant),
    date: Type.Optional(ReadDate),
    total: Type.Optional(Total),
    rawText: Type.Optional(Type.String({ maxLength: 100_000 })),
    items: Type.Optional(Items),
  },
  { additionalProperties: false },
)

/**
 * What the customer may correct after the save: the extracted merchant, date, total and items.
 * An absent field stays; an empty string removes it; `items` replaces the list. The raw text
 * the OCR read stays as it was.
 */
export const EditReceiptBody = Type.Object(
  {
    merchant: Type.Optional(Merchant),
    date: Type.Optional(ReadDate),
    total: Type.Optional(Total),
    items: Type.Optional(Items),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const SaveReceiptBody = Type.Object(
  {
    imageBase64: Type.String({
      minLength: 1,
      maxLength: IMAGE_BASE64_MAX,
      description: 'The photo or scan (JPEG, PNG, WebP, HEIC, PDF), standard base64 without a data: prefix',
    }),
    ocrData: Type.Optional(OcrData),
    folderId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)

export const ReceiptListQuery = Type.Object(
  {
    ...PageQuery,
    folderId: Type.Optional(Uuid),
    warrantyId: Type.Optional(Type.String({ format: 'uuid', description: 'Receipts proving this warranty' })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Case-insensitive text in the extracted merchant or raw text',
      }),
    ),
  },
  { additionalProperties: false },
)

export const Receipt = Type.Object(
  {
    id: Uuid,
    folderId: Nullable(Uuid),
    ocrData: Nullable(OcrData),
    ocrStatus: Literals(RECEIPT_OCR_STATUSES, {
      description: 'NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED',
    }),
    source: Literals(RECEIPT_SOURCES),
    contentType: Type.String({ description: 'Sniffed from the bytes, never taken from the client' }),
    byteSize: Type.Integer(),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
    imageUrl: Type.String({ description: 'The stored image (bearer token required)' }),
    thumbnailUrl: Nullable(
      Type.String({ description: 'A small WebP for lists, null for a PDF (bearer token required)' }),
    ),
    suggestedWarrantyId: Nullable(
      Type.String({ format: 'uuid', description: 'A warranty of the wallet this receipt seems to prove' }),
    ),
    warrantyId: Nullable(Type.String({ format: 'uuid', description: 'The warranty the customer confirmed' })),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { additionalProperties: false },
)

/** One receipt with its image inline (the stored, metadata-free bytes). */
export const ReceiptWithImage = Type.Object(
  { ...Receipt.properties, imageBase64: Type.String() },
  { additionalProperties: false },
)

export const MoveToFolderBody = Type.Object(
  { folderId: Type.Optional(Nullable(Uuid)) },
  { additionalProperties: false },
)

export const ConfirmWarrantyBody = Type.Object(
  {
    warrantyId: Nullable(
      Type.String({ format: 'uuid', description: 'A claimed warranty of the wallet; null unlinks' }),
    ),
  },
  { additionalProperties: false },
)

export const ReceiptDeleted = Type.Object(
  { id: Uuid, deleted: Type.Literal(true) },
  { additionalProperties: false },
)

/** The image routes' answer, for the API description. */
export const imageResponse = (description: string) => ({
  description,
  content: {
    'image/jpeg': { schema: Type.String({ format: 'binary' }) },
    'image/png': { schema: Type.String({ format: 'binary' }) },
    'image/webp': { schema: Type.String({ format: 'binary' }) },
    'application/pdf': { schema: Type.String({ format: 'binary' }) },
  },
})

export type ReceiptView = Static<typeof Receipt>
export type ReceiptWithImageView = Static<typeof ReceiptWithImage>
export type OcrDataInput = Static<typeof OcrData>
export type EditReceiptInput = Static<typeof EditReceiptBody>
export type ReceiptListInput = Static<typeof ReceiptListQuery>

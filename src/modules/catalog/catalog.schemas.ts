import { type Static, Type } from 'typebox'
import { DateTime, Nullable, Page, PageQuery, Uuid } from '../../http/schemas.js'
import { GTIN_PATTERN } from './gtin.js'

const Gtin = Type.String({
  pattern: GTIN_PATTERN,
  description: 'GTIN-8, -12, -13 or -14 (digits only) with a correct GS1 check digit',
})
const ImageUrl = Type.String({
  format: 'uri',
  pattern: '^(https?|ipfs)://',
  maxLength: 2000,
  description: 'An http(s):// or ipfs:// URI',
})
const Filter = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }))

// ── Global products ──────────────────────────────────────────────────────────

const Brand = Type.String({ minLength: 1, maxLength: 200 })
const Model = Type.String({ minLength: 1, maxLength: 200 })
const Category = Type.String({ minLength: 1, maxLength: 200 })

export const CreateGlobalProductBody = Type.Object(
  {
    brand: Brand,
    model: Model,
    category: Category,
    gtin: Type.Optional(Gtin),
    imageUrl: Type.Optional(ImageUrl),
  },
  { additionalProperties: false },
)
export type CreateGlobalProductInput = Static<typeof CreateGlobalProductBody>

export const UpdateGlobalProductBody = Type.Object(
  {
    brand: Type.Optional(Brand),
    model: Type.Optional(Model),
    category: Type.Optional(Category),
    gtin: Type.Optional(Nullable(Gtin)),
    imageUrl: Type.Optional(Nullable(ImageUrl)),
  },
  { additionalProperties: false, description: 'Only the fields sent change; null clears gtin or imageUrl' },
)
export type UpdateGlobalProductInput = Static<typeof UpdateGlobalProductBody>

export const GlobalProductQuery = Type.Object(
  {
    ...PageQuery,
    brand: Filter('Brand contains (case-insensitive)'),
    model: Filter('Model contains (case-insensitive)'),
    category: Filter('Category contains (case-insensitive)'),
  },
  { additionalProperties: false },
)
export type GlobalProductQueryInput = Static<typeof GlobalProductQuery>

export const GlobalProduct = Type.Object(
  {
    id: Uuid,
    brand: Type.String(),
    model: Type.String(),
    category: Type.String(),
    gtin: Nullable(Type.String()),
    imageUrl: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'GlobalProduct', additionalProperties: false },
)
export type GlobalProductView = Static<typeof GlobalProduct>
export const GlobalProductPage = Page(GlobalProduct)

export const GlobalProductDeleted = Type.Object(
  {
    deleted: Type.Literal(true),
    id: Uuid,
    unlinkedMerchantProducts: Type.Integer({
      description: 'Merchant products that referred to it; their globalProductId is now null',
    }),
  },
  { additionalProperties: false },
)
export type GlobalProductDeletedView = Static<typeof GlobalProductDeleted>

// ── Merchant products ────────────────────────────────────────────────────────

const Sku = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Unique within the merchant, case-sensitive',
})
const Title = Type.String({ minLength: 1, maxLength: 300 })
const Price = Type.Number({
  exclusiveMinimum: 0,
  maximum: 999_999_999_999.99,
  description: 'Greater than 0, at most 2 decimals',
})
const Months = Type.Integer({
  minimum: 1,
  maximum: 1200,
  description: 'Warranty length in months, 1 to 1200',
})

export const CreateMerchantProductBody = Type.Object(
  {
    merchantSku: Sku,
    title: Title,
    gtin: Type.Optional(Gtin),
    price: Type.Optional(Price),
    warrantyDurationMonths: Type.Optional(Months),
    globalProductId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type CreateMerchantProductInput = Static<typeof CreateMerchantProductBody>

export const UpdateMerchantProductBody = Type.Object(
  {
    merchantSku: Type.Optional(Sku),
    title: Type.Optional(Title),
    gtin: Type.Optional(Nullable(Gtin)),
    price: Type.Optional(Nullable(Price)),
    warrantyDurationMonths: Type.Optional(Nullable(Months)),
    globalProductId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false, description: 'Only the fields sent change; null clears a field' },
)
export type UpdateMerchantProductInput = Static<typeof UpdateMerchantProductBody>

export const MerchantProductParams = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'The product id; anything but an id of yours answers 404' }),
  },
  { additionalProperties: false },
)

export const MerchantProductQuery = Type.Object(
  { ...PageQuery, q: Filter('Title or SKU contains (case-insensitive)') },
  { additionalProperties: false },
)
export type MerchantProductQueryInput = Static<typeof MerchantProductQuery>

export const MerchantProduct = Type.Object(
  {
    id: Uuid,
    merchantId: Uuid,
    merchantSku: Type.String(),
    title: Type.String(),
    gtin: Nullable(Type.String()),
    price: Nullable(Type.Number()),
    warrantyDurationMonths: Nullable(Type.Integer()),
    globalProductId: Nullable(Uuid),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'MerchantProduct', additionalProperties: false },
)
export type MerchantProductView = Static<typeof MerchantProduct>
export const MerchantProductPage = Page(MerchantProduct)

export const MerchantProductDeleted = Type.Object(
  { deleted: Type.Literal(true), id: Uuid },
  { additionalProperties: false },
)
export type MerchantProductDeletedView = Static<typeof MerchantProductDeleted>

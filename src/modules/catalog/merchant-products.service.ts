import type { Db } from '../../db/client.js'
import type { MerchantProductRow } from '../../db/schema/index.js'
import { isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import type {
  CreateMerchantProductInput,
  MerchantProductDeletedView,
  MerchantProductQueryInput,
  MerchantProductView,
  UpdateMerchantProductInput,
} from './catalog.schemas.js'
import {
  GLOBAL_PRODUCT_FK,
  insertMerchantProduct,
  listMerchantProducts,
  type MerchantProductValues,
  SKU_UNIQUE,
  softDeleteMerchantProduct,
  updateMerchantProduct,
} from './merchant-products.repository.js'

export function merchantProductView(row: MerchantProductRow): MerchantProductView {
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantSku: row.merchantSku,
    title: row.title,
    gtin: row.gtin,
    price: row.price,
    warrantyDurationMonths: row.warrantyDurationMonths,
    globalProductId: row.globalProductId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` can name a product at all (anything else answers 404, not 400). */
export const isProductId = (id: string) => UUID.test(id)
export const productNotFound = () => new AppError('not_found', 'No such product')

/**
 * Runs a write, turning a taken SKU into 409 and an unknown global product into 400. The 400
 * names the request field: the foreign key is only learnt from the write itself.
 */
async function mapWriteErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, SKU_UNIQUE)) {
      throw new AppError('conflict', 'A product with this merchantSku already exists')
    }
    if (isForeignKeyViolation(err, GLOBAL_PRODUCT_FK)) {
      throw new AppError('validation_error', 'The global product does not exist', [
        { path: '/body/globalProductId', message: 'is not the id of a global product' },
      ])
    }
    throw err
  }
}

/**
 * A merchant's own products, always scoped to the caller's merchant: another merchant's product,
 * a deleted one and a malformed id all answer 404. Delete is soft (see docs/api.md). GTIN check
 * digits and price decimals are checked at the edge (`catalog.edge.ts`).
 */
export class MerchantProductsService {
  constructor(private readonly db: Db) {}

  async create(merchantId: string, input: CreateMerchantProductInput): Promise<MerchantProductView> {
    const row = await mapWriteErrors(() =>
      insertMerchantProduct(this.db, merchantId, {
        merchantSku: input.merchantSku,
        title: input.title,
        gtin: input.gtin ?? null,
        price: input.price ?? null,
        warrantyDurationMonths: input.warrantyDurationMonths ?? null,
        globalProductId: input.globalProductId ?? null,
      }),
    )
    return merchantProductView(row)
  }

  /** Newest first; `q` narrows to title or SKU containing it (case-insensitive). */
  async list(merchantId: string, query: MerchantProductQueryInput): Promise<PageResult<MerchantProductView>> {
    return paginate(
      query,
      (window) => listMerchantProducts(this.db, merchantId, { text: query.q }, window),
      merchantProductView,
    )
  }

  async update(
    merchantId: string,
    id: string,
    input: UpdateMerchantProductInput,
  ): Promise<MerchantProductView> {
    if (!isProductId(id)) throw productNotFound()
    const changes: Partial<MerchantProductValues> = {}
    if (input.merchantSku !== undefined) changes.merchantSku = input.merchantSku
    if (input.title !== undefined) changes.title = input.title
    if (input.gtin !== undefined) changes.gtin = input.gtin
    if (input.price !== undefined) changes.price = input.price
    if (input.warrantyDurationMonths !== undefined)
      changes.warrantyDurationMonths = input.warrantyDurationMonths
    if (input.globalProductId !== undefined) changes.globalProductId = input.globalProductId
    const row = await mapWriteErrors(() => updateMerchantProduct(this.db, merchantId, id, changes))
    if (!row) throw productNotFound()
    return merchantProductView(row)
  }

  /**
   * Soft delete: the row stays (issued warranties keep pointing at it) but leaves lists, answers
   * 404 from now on and frees its SKU.
   */
  async delete(merchantId: string, id: string): Promise<MerchantProductDeletedView> {
    if (!isProductId(id)) throw productNotFound()
    const deletedId = await softDeleteMerchantProduct(this.db, merchantId, id)
    if (!deletedId) throw productNotFound()
    return { deleted: true, id: deletedId }
  }
}

import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { type MerchantProductRow, merchantProducts } from '../../db/schema/index.js'
import { contains, isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { afterCursor, decodeCursor, newestFirst, toPage } from '../../http/pagination.js'
import type {
  CreateMerchantProductInput,
  MerchantProductQueryInput,
  UpdateMerchantProductInput,
} from './catalog.schemas.js'
import { assertGtin } from './gtin.js'

export interface MerchantProductView {
  id: string
  merchantId: string
  merchantSku: string
  title: string
  gtin: string | null
  price: number | null
  warrantyDurationMonths: number | null
  globalProductId: string | null
  createdAt: string
  updatedAt: string
}

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
const SKU_UNIQUE = 'merchant_products_sku_unique'
const GLOBAL_PRODUCT_FK = 'merchant_products_global_product_id_global_products_id_fk'

/**
 * Money columns (`numeric(14,2)`) store cents exactly; more decimals would be rounded silently,
 * so they are refused (400 naming `path`). Exact for every 2-decimal value up to the column's
 * maximum: the nearest double to n/100 is what `Math.round(price * 100) / 100` gives back (a
 * tolerance on `price * 100` is not: its rounding error grows past 1e-6 above about 10^10).
 * The range (> 0, at most 999999999999.99) is the schema's to check.
 */
export function assertPrice(price: number | null | undefined, path = '/body/price'): void {
  if (price === null || price === undefined) return
  if (Math.round(price * 100) / 100 !== price) {
    throw new AppError('validation_error', 'The price has more than 2 decimals', [
      { path, message: 'must have at most 2 decimals' },
    ])
  }
}

/** Runs a write, turning a taken SKU into 409 and an unknown global product into 400. */
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
 * a deleted one and a malformed id all answer 404. Delete is soft (see docs/api.md).
 */
export class MerchantProductsService {
  constructor(private readonly db: Db) {}

  async create(merchantId: string, input: CreateMerchantProductInput): Promise<MerchantProductView> {
    assertGtin(input.gtin)
    assertPrice(input.price)
    const [row] = await mapWriteErrors(() =>
      this.db
        .insert(merchantProducts)
        .values({
          merchantId,
          merchantSku: input.merchantSku,
          title: input.title,
          gtin: input.gtin ?? null,
          price: input.price ?? null,
          warrantyDurationMonths: input.warrantyDurationMonths ?? null,
          globalProductId: input.globalProductId ?? null,
        })
        .returning(),
    )
    if (!row) throw new Error('the merchant product insert returned no row')
    return merchantProductView(row)
  }

  /** Newest first; `q` narrows to title or SKU containing it (case-insensitive). */
  async list(
    merchantId: string,
    query: MerchantProductQueryInput,
  ): Promise<{ items: MerchantProductView[]; nextCursor: string | null }> {
    const cursor = decodeCursor(query.cursor)
    const limit = query.limit ?? 50
    const filters: (SQL | undefined)[] = [
      eq(merchantProducts.merchantId, merchantId),
      isNull(merchantProducts.deletedAt),
      query.q !== undefined
        ? or(contains(merchantProducts.title, query.q), contains(merchantProducts.merchantSku, query.q))
        : undefined,
      afterCursor(merchantProducts, cursor),
    ]
    const rows = await this.db
      .select()
      .from(merchantProducts)
      .where(and(...filters))
      .orderBy(...newestFirst(merchantProducts))
      .limit(limit + 1)
    return toPage(rows, limit, merchantProductView)
  }

  async update(
    merchantId: string,
    id: string,
    input: UpdateMerchantProductInput,
  ): Promise<MerchantProductView> {
    if (!UUID.test(id)) throw notFound()
    assertGtin(input.gtin)
    assertPrice(input.price)
    const changes: Partial<typeof merchantProducts.$inferInsert> = {}
    if (input.merchantSku !== undefined) changes.merchantSku = input.merchantSku
    if (input.title !== undefined) changes.title = input.title
    if (input.gtin !== undefined) changes.gtin = input.gtin
    if (input.price !== undefined) changes.price = input.price
    if (input.warrantyDurationMonths !== undefined)
      changes.warrantyDurationMonths = input.warrantyDurationMonths
    if (input.globalProductId !== undefined) changes.globalProductId = input.globalProductId
    const [row] = await mapWriteErrors(() =>
      this.db
        .update(merchantProducts)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(this.live(merchantId, id))
        .returning(),
    )
    if (!row) throw notFound()
    return merchantProductView(row)
  }

  /**
   * Soft delete: the row stays (issued warranties keep pointing at it) but leaves lists, answers
   * 404 from now on and frees its SKU.
   */
  async delete(merchantId: string, id: string): Promise<{ deleted: true; id: string }> {
    if (!UUID.test(id)) throw notFound()
    const [row] = await this.db
      .update(merchantProducts)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(this.live(merchantId, id))
      .returning({ id: merchantProducts.id })
    if (!row) throw notFound()
    return { deleted: true, id: row.id }
  }

  private live(merchantId: string, id: string): SQL | undefined {
    return and(
      eq(merchantProducts.id, id),
      eq(merchantProducts.merchantId, merchantId),
      isNull(merchantProducts.deletedAt),
    )
  }
}

const notFound = () => new AppError('not_found', 'No such product')

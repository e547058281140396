import type { Db, Tx } from '../../db/client.js'
import type { GlobalProductRow } from '../../db/schema/index.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import type {
  CreateGlobalProductInput,
  GlobalProductDeletedView,
  GlobalProductQueryInput,
  GlobalProductView,
  UpdateGlobalProductInput,
} from './catalog.schemas.js'
import {
  countLinkedMerchantProducts,
  deleteGlobalProduct,
  type GlobalProductValues,
  GTIN_UNIQUE,
  hasWarranties,
  insertGlobalProduct,
  listGlobalProducts,
  lockGlobalProduct,
  updateGlobalProduct,
} from './global-products.repository.js'

export function globalProductView(row: GlobalProductRow): GlobalProductView {
  return {
    id: row.id,
    brand: row.brand,
    model: row.model,
    category: row.category,
    gtin: row.gtin,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Runs a write, turning a taken GTIN into 409 conflict. */
async function gtinUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, GTIN_UNIQUE)) {
      throw new AppError('conflict', 'A global product with this GTIN already exists')
    }
    throw err
  }
}

/**
 * The public catalogue of products: admins write it (audited), anyone reads it. GTIN check
 * digits are checked at the edge (`catalog.edge.ts`), the GTIN's uniqueness here.
 */
export class GlobalProductsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async create(ctx: AuditContext, input: CreateGlobalProductInput): Promise<GlobalProductView> {
    return this.db.transaction(async (tx) => {
      const row = await gtinUnique(() =>
        insertGlobalProduct(tx, {
          brand: input.brand,
          model: input.model,
          category: input.category,
          gtin: input.gtin ?? null,
          imageUrl: input.imageUrl ?? null,
        }),
      )
      const after = globalProductView(row)
      await this.audit.record(tx, {
        ...ctx,
        action: 'global_product.create',
        targetType: 'global_product',
        targetId: row.id,
        before: null,
        after,
      })
      return after
    })
  }

  async update(ctx: AuditContext, id: string, input: UpdateGlobalProductInput): Promise<GlobalProductView> {
    return this.db.transaction(async (tx) => {
      const before = globalProductView(await this.lockOrThrow(tx, id))
      const changes: Partial<GlobalProductValues> = {}
      if (input.brand !== undefined) changes.brand = input.brand
      if (input.model !== undefined) changes.model = input.model
      if (input.category !== undefined) changes.category = input.category
      if (input.gtin !== undefined) changes.gtin = input.gtin
      if (input.imageUrl !== undefined) changes.imageUrl = input.imageUrl
      const row = await gtinUnique(() => updateGlobalProduct(tx, id, changes))
      if (!row) throw notFound()
      const after = globalProductView(row)
      await this.audit.record(tx, {
        ...ctx,
        action: 'global_product.update',
        targetType: 'global_product',
        targetId: id,
        before,
        after,
      })
      return after
    })
  }

  /**
   * Deletes the product for good. Merchant products that link it keep everything else and lose
   * only the link (the foreign key is `on delete set null`); the audit row keeps the deleted
   * product. A product that any warranty names answers 409 conflict and stays: its
   * certificates (minted or still to be pinned) show it. The row lock taken first conflicts
   * with the key-share lock a warranty insert takes on it, so a warranty issued concurrently
   * is either counted here or fails its foreign key: none is unlinked.
   */
  async delete(ctx: AuditContext, id: string): Promise<GlobalProductDeletedView> {
    return this.db.transaction(async (tx) => {
      const before = globalProductView(await this.lockOrThrow(tx, id))
      if (await hasWarranties(tx, id)) {
        throw new AppError(
          'conflict',
          'Warranties reference this global product: it cannot be deleted while they do',
        )
      }
      const unlinkedMerchantProducts = await countLinkedMerchantProducts(tx, id)
      await deleteGlobalProduct(tx, id)
      const result = { deleted: true as const, id, unlinkedMerchantProducts }
      await this.audit.record(tx, {
        ...ctx,
        action: 'global_product.delete',
        targetType: 'global_product',
        targetId: id,
        before,
        after: null,
      })
      return result
    })
  }

  /** Newest first; `brand`, `model` and `category` each narrow to "contains, case-insensitive". */
  async list(query: GlobalProductQueryInput): Promise<PageResult<GlobalProductView>> {
    const filter = { brand: query.brand, model: query.model, category: query.category }
    return paginate(query, (window) => listGlobalProducts(this.db, filter, window), globalProductView)
  }

  private async lockOrThrow(tx: Tx, id: string): Promise<GlobalProductRow> {
    const row = await lockGlobalProduct(tx, id)
    if (!row) throw notFound()
    return row
  }
}

const notFound = () => new AppError('not_found', 'No such global product')

import { and, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { type GlobalProductRow, globalProducts, merchantProducts, warranties } from '../../db/schema/index.js'
import { contains, isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { afterCursor, decodeCursor, newestFirst, toPage } from '../../http/pagination.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import type {
  CreateGlobalProductInput,
  GlobalProductQueryInput,
  UpdateGlobalProductInput,
} from './catalog.schemas.js'
import { assertGtin } from './gtin.js'

export interface GlobalProductView {
  id: string
  brand: string
  model: string
  category: string
  gtin: string | null
  imageUrl: string | null
  createdAt: string
  updatedAt: string
}

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

const GTIN_UNIQUE = 'global_products_gtin_unique'

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

/** The public catalogue of products: admins write it (audited), anyone reads it. */
export class GlobalProductsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async create(ctx: AuditContext, input: CreateGlobalProductInput): Promise<GlobalProductView> {
    assertGtin(input.gtin)
    return this.db.transaction(async (tx) => {
      const [row] = await gtinUnique(() =>
        tx
          .insert(globalProducts)
          .values({
            brand: input.brand,
            model: input.model,
            category: input.category,
            gtin: input.gtin ?? null,
            imageUrl: input.imageUrl ?? null,
          })
          .returning(),
      )
      if (!row) throw new Error('the global product insert returned no row')
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
    assertGtin(input.gtin)
    return this.db.transaction(async (tx) => {
      const before = globalProductView(await this.lockOrThrow(tx, id))
      const changes: Partial<typeof globalProducts.$inferInsert> = {}
      if (input.brand !== undefined) changes.brand = input.brand
      if (input.model !== undefined) changes.model = input.model
      if (input.category !== undefined) changes.category = input.category
      if (input.gtin !== undefined) changes.gtin = input.gtin
      if (input.imageUrl !== undefined) changes.imageUrl = input.imageUrl
      const [row] = await gtinUnique(() =>
        tx
          .update(globalProducts)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(globalProducts.id, id))
          .returning(),
      )
      if (!row) throw new AppError('not_found', 'No such global product')
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
  async delete(
    ctx: AuditContext,
    id: string,
  ): Promise<{ deleted: true; id: string; unlinkedMerchantProducts: number }> {
    return this.db.transaction(async (tx) => {
      const before = globalProductView(await this.lockOrThrow(tx, id))
      const [issued] = await tx
        .select({ id: warranties.id })
        .from(warranties)
        .where(eq(warranties.globalProductId, id))
        .limit(1)
      if (issued) {
        throw new AppError(
          'conflict',
          'Warranties reference this global product: it cannot be deleted while they do',
        )
      }
      const [products] = await tx
        .select({ n: count() })
        .from(merchantProducts)
        .where(eq(merchantProducts.globalProductId, id))
      await tx.delete(globalProducts).where(eq(globalProducts.id, id))
      const result = {
        deleted: true as const,
        id,
        unlinkedMerchantProducts: products?.n ?? 0,
        // Always 0 now (a referenced product is not deleted); kept for the answer's shape.
      }
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
  async list(
    query: GlobalProductQueryInput,
  ): Promise<{ items: GlobalProductView[]; nextCursor: string | null }> {
    const cursor = decodeCursor(query.cursor)
    const limit = query.limit ?? 50
    const filters: (SQL | undefined)[] = [
      query.brand !== undefined ? contains(globalProducts.brand, query.brand) : undefined,
      query.model !== undefined ? contains(globalProducts.model, query.model) : undefined,
      query.category !== undefined ? contains(globalProducts.category, query.category) : undefined,
      afterCursor(globalProducts, cursor),
    ]
    const rows = await this.db
      .select()
      .from(globalProducts)
      .where(and(...filters))
      .orderBy(...newestFirst(globalProducts))
      .limit(limit + 1)
    return toPage(rows, limit, globalProductView)
  }

  private async lockOrThrow(tx: Tx, id: string): Promise<GlobalProductRow> {
    const [row] = await tx
      .select()
      .from(globalProducts)
      .where(eq(globalProducts.id, id))
      .limit(1)
      .for('update')
    if (!row) throw new AppError('not_found', 'No such global product')
    return row
  }
}

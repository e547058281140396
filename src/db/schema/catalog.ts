import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns.js'
import { merchants } from './merchants.js'

/** The public catalogue of products, run by admins. */
export const globalProducts = pgTable(
  'global_products',
  {
    id: id(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    category: text('category').notNull(),
    gtin: text('gtin'),
    imageUrl: text('image_url'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('global_products_gtin_unique').on(t.gtin),
    index('global_products_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
)

/**
 * A merchant's own product. Deleting one that has warranties keeps the row (soft delete:
 * `deleted_at` set), so issued warranties keep their product; it leaves lists and frees its SKU.
 */
export const merchantProducts = pgTable(
  'merchant_products',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    merchantSku: text('merchant_sku').notNull(),
    title: text('title').notNull(),
    gtin: text('gtin'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    warrantyDurationMonths: integer('warranty_duration_months'),
    globalProductId: uuid('global_product_id').references(() => globalProducts.id, { onDelete: 'set null' }),
    deletedAt: tstz('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('merchant_products_sku_unique')
      .on(t.merchantId, t.merchantSku)
      .where(sql`${t.deletedAt} is null`),
    index('merchant_products_list_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    // The Digital Link resolver and registration find products by GTIN.
    index('merchant_products_gtin_idx').on(t.gtin).where(sql`${t.deletedAt} is null`),
    check('merchant_products_price_check', sql`${t.price} is null or ${t.price} > 0`),
    check(
      'merchant_products_duration_check',
      sql`${t.warrantyDurationMonths} is null or ${t.warrantyDurationMonths} > 0`,
    ),
  ],
)

export type GlobalProductRow = typeof globalProducts.$inferSelect
export type MerchantProductRow = typeof merchantProducts.$inferSelect

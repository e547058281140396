import type { Db } from '../../db/client.js'
import type { AuditService } from '../audit/index.js'
import { GlobalProductsService } from './global-products.service.js'
import { MerchantProductsService } from './merchant-products.service.js'

/** The product catalogue: the admins' public global products and each merchant's own products. */
export class CatalogService {
  readonly globalProducts: GlobalProductsService
  readonly merchantProducts: MerchantProductsService

  constructor(deps: { db: Db; audit: AuditService }) {
    this.globalProducts = new GlobalProductsService(deps.db, deps.audit)
    this.merchantProducts = new MerchantProductsService(deps.db)
  }
}

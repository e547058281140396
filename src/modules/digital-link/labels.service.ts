import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { assertGs1Serial, storedGtin14 } from './digital-link.js'
import { findMerchantProduct } from './digital-link.repository.js'
import { labelSheet } from './labels.js'
import type { ResolverService } from './resolver.service.js'

/** Printable label sheets for a merchant's products (docs/digital-link.md#labels). */
export class LabelsService {
  constructor(private readonly deps: { db: Db; resolver: ResolverService }) {}

  /**
   * The HTML label sheet of `serials` of the merchant's product: 404 when the product is not
   * the merchant's, 409 `invalid_state` when it has no valid GTIN, 400 for a serial that cannot
   * be AI 21 (naming it).
   */
  async sheet(merchantId: string, productId: string, serials: string[]): Promise<string> {
    const product = await findMerchantProduct(this.deps.db, merchantId, productId)
    if (!product) throw new AppError('not_found', 'No such product')
    const gtin = storedGtin14(product.gtin)
    if (gtin === null)
      throw new AppError('invalid_state', 'The product has no GTIN: give it one to print labels')
    serials.forEach((serial, i) => {
      assertGs1Serial(serial, `/body/serials/${i}`)
    })
    const labels = serials.map((serial) => ({ uri: this.deps.resolver.uri(gtin, serial), gtin, serial }))
    return labelSheet(product.title, labels)
  }
}

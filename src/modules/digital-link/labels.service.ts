import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { isGs1Serial, storedGtin14 } from './digital-link.js'
import { findMerchantProduct } from './digital-link.repository.js'
import { labelSheet } from './labels.js'
import type { ResolverService } from './resolver.service.js'

/** Printable label sheets for a merchant's products (docs/digital-link.md#labels). */
export class LabelsService {
  constructor(private readonly deps: { db: Db; resolver: ResolverService }) {}

  /**
   * The HTML label sheet of `serials` of the merchant's product: 404 when the product is not
   * the merchant's, 409 `invalid_state` when it has no valid GTIN, 400 for a serial that cannot
   * be AI 21 (naming each one, so that a list is corrected in one go).
   */
  async sheet(merchantId: string, productId: string, serials: string[]): Promise<string> {
    const product = await findMerchantProduct(this.deps.db, merchantId, productId)
    if (!product) throw new AppError('not_found', 'No such product')
    const gtin = storedGtin14(product.gtin)
    if (gtin === null)
      throw new AppError('invalid_state', 'The product has no GTIN: give it one to print labels')
    const refused = serials.flatMap((serial, i) =>
      isGs1Serial(serial)
        ? []
        : [
            {
              path: `/body/serials/${i}`,
              message: "must be 1 to 20 of the characters A-Z a-z 0-9 !%&'()*+,-./:;<=>?_",
            },
          ],
    )
    if (refused.length > 0)
      throw new AppError(
        'validation_error',
        refused.length === 1
          ? 'A serial number cannot be a GS1 serial (AI 21)'
          : `${refused.length} serial numbers cannot be GS1 serials (AI 21)`,
        refused,
      )
    const labels = serials.map((serial) => ({ uri: this.deps.resolver.uri(gtin, serial), gtin, serial }))
    return labelSheet(product.title, labels)
  }
}

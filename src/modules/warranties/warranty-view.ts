import type { WarrantyRow } from '../../db/schema/index.js'
import type { ProductNames } from '../../lib/product-name.js'

export { type ProductNames, productName } from '../../lib/product-name.js'

/**
 * A warranty as it is shown anywhere (the API, the claim e-mail, the certificate, the public
 * verification): the row, its merchant's name and its products' names.
 */
export type WarrantyView = WarrantyRow & ProductNames & { merchantName: string }

/** A warranty's status, derived from its expiry (not stored). */
export const WARRANTY_STATUSES = ['ACTIVE', 'EXPIRED'] as const
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number]

/** EXPIRED once `expiresAt` has passed. */
export function warrantyStatus(expiresAt: Date, now = new Date()): WarrantyStatus {
  return expiresAt > now ? 'ACTIVE' : 'EXPIRED'
}

/**
 * A warranty as its customer's wallet reads it: the view, and whether it has changed hands
 * (given by e-mail or moved on chain to another holder): then the purchase's price and invoice,
 * the first buyer's, are not the new owner's to see. `currency`: the merchant's (ISO 4217), the
 * currency of the price.
 */
export type WalletView = WarrantyView & { handedOn: boolean; currency: string }

import type { WarrantyRow } from '../../db/schema/index.js'

/** The names of a warranty's products: its merchant product's title, its global product's brand and model. */
export interface ProductNames {
  productTitle: string | null
  productBrand: string | null
  productModel: string | null
}

/**
 * A warranty as it is shown anywhere (the API, the claim e-mail, the certificate, the public
 * verification): the row, its merchant's name and its products' names.
 */
export type WarrantyView = WarrantyRow & ProductNames & { merchantName: string }

/**
 * The product a warranty names (docs/api.md, docs/certificates.md): the merchant product's
 * title, else the global product's brand and model, else none. The certificate metadata has
 * always been encoded with exactly this rule: a warranty re-batched after its file was lost
 * must get the same bytes (the same CID) again.
 */
export function productName(names: ProductNames): string | null {
  return names.productTitle ?? (names.productBrand ? `${names.productBrand} ${names.productModel}` : null)
}

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
 * the first buyer's, are not the new owner's to see.
 */
export type WalletView = WarrantyView & { handedOn: boolean }

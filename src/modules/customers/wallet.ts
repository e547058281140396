import { productName, type WalletView, warrantyStatus } from '../warranties/index.js'
import type { WalletWarrantyView } from './customers.schemas.js'

const DAY_MS = 86_400_000

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** Whole days until the expiry, rounded up (a warranty expiring in 3 hours has 1 day left); 0 once expired. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS))
}

/**
 * A warranty as its customer sees it in the wallet: the product, the merchant, the dates and
 * the mint with its public verification link. The customer's own contact fields are left out
 * (they are the customer's), as is everything about the mint's internals. A warranty that
 * changed hands (resale, a transfer on chain) shows no price or invoice: they are the first
 * buyer's.
 */
export function toWalletWarranty(w: WalletView, publicApiUrl: string, now = new Date()): WalletWarrantyView {
  const hasProduct = w.merchantProductId !== null || w.globalProductId !== null
  return {
    id: w.id,
    warrantyCode: w.warrantyCode,
    serialNumber: w.serialNumber,
    status: warrantyStatus(w.expiresAt, now),
    productName: productName(w),
    product: hasProduct ? { title: w.productTitle, brand: w.productBrand, model: w.productModel } : null,
    merchantId: w.merchantId,
    merchantName: w.merchantName,
    invoiceNumber: w.handedOn ? null : w.invoiceNumber,
    purchasePrice: w.handedOn ? null : w.purchasePrice,
    currency: w.currency,
    purchaseDate: iso(w.purchaseDate),
    issuedAt: w.createdAt.toISOString(),
    expiresAt: w.expiresAt.toISOString(),
    daysLeft: daysLeft(w.expiresAt, now),
    claimedAt: iso(w.claimedAt),
    mint: {
      status: w.mintStatus,
      tokenId: w.tokenId === null ? null : String(w.tokenId),
      txHash: w.txHash,
      chainId: w.chainId,
      contractAddress: w.contractAddress,
      verificationUrl: `${publicApiUrl}/v1/global/warranties/${w.warrantyCode}/verify`,
    },
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  }
}

import { createHmac } from 'node:crypto'
import { itemDigitalLink } from '../digital-link/index.js'
import { productName, type WarrantyView } from '../warranties/index.js'

/** What a public certificate may say about a warranty. No customer data, no price. */
export interface CertificateFacts {
  warrantyCode: string
  merchantName: string
  /** The warranty view's product name: merchant product title, else global brand + model, else null. */
  productName: string | null
  serialNumber: string
  purchaseDate: Date | null
  issuedAt: Date
  expiresAt: Date
  /**
   * The GS1 Digital Link of the product (GTIN only), null without a valid GTIN. Never the
   * item's: its AI 21 is the serial in clear, which the metadata keeps only as a salted hash.
   */
  digitalLink: string | null
}

/** What the certificate of this warranty says; `publicApiUrl` is the Digital Link resolver's base. */
export function certificateFacts(
  warranty: WarrantyView & { gtin: string | null },
  publicApiUrl: string,
): CertificateFacts {
  return {
    digitalLink: itemDigitalLink(publicApiUrl, warranty.gtin),
    warrantyCode: warranty.warrantyCode,
    merchantName: warranty.merchantName,
    productName: productName(warranty),
    serialNumber: warranty.serialNumber,
    purchaseDate: warranty.purchaseDate,
    issuedAt: warranty.createdAt,
    expiresAt: warranty.expiresAt,
  }
}

/** Serial numbers compare trimmed and case-insensitively, as the issuing rules do. */
export function normalizeSerial(serial: string): string {
  return serial.trim().toUpperCase()
}

/**
 * HMAC-SHA256 of the normalised serial number with the deployment's secret salt: public
 * metadata can prove which serial a certificate is for (the service can check a claimed
 * serial against it) without letting anyone enumerate serial numbers from the chain.
 */
export function serialHash(salt: string, serial: string): string {
  return createHmac('sha256', salt).update(normalizeSerial(serial), 'utf8').digest('hex')
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)

/** ERC-721 metadata JSON of one certificate. */
export function certificateMetadata(facts: CertificateFacts, salt: string): Record<string, unknown> {
  const product = facts.productName ?? 'a product'
  return {
    name: `Warranty ${facts.warrantyCode}`,
    description: `Warranty certificate issued by ${facts.merchantName} for ${product}, valid until ${isoDate(facts.expiresAt)}.`,
    attributes: [
      { trait_type: 'Merchant', value: facts.merchantName },
      { trait_type: 'Product', value: facts.productName ?? 'unspecified' },
      { trait_type: 'Warranty code', value: facts.warrantyCode },
      { trait_type: 'Purchase date', value: isoDate(facts.purchaseDate ?? facts.issuedAt) },
      { trait_type: 'Expiry date', value: isoDate(facts.expiresAt) },
      { trait_type: 'Serial number hash', value: serialHash(salt, facts.serialNumber) },
      ...(facts.digitalLink ? [{ trait_type: 'GS1 Digital Link', value: facts.digitalLink }] : []),
    ],
  }
}

/**
 * Canonical JSON (RFC 8785 style for the values used here): object keys sorted by code
 * point, no insignificant whitespace. The same warranty always gives the same bytes, so the
 * same CID.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  throw new Error(`cannot encode ${typeof value} as canonical JSON`)
}

export function encodeMetadata(facts: CertificateFacts, salt: string): Uint8Array {
  return new TextEncoder().encode(canonicalJson(certificateMetadata(facts, salt)))
}

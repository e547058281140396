import type { Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { assertPrice } from '../catalog/index.js'
import { normalizeEmail } from '../users/index.js'
import {
  findGlobalProductNames,
  findMerchantProducts,
  type NewWarranty,
  type SerialKey,
} from './warranties.repository.js'
import { deriveExpiry } from './warranty-expiry.js'
import type { IssueInput } from './warranty-response.js'
import type { ProductNames } from './warranty-view.js'

/** Who issues: the caller's merchant and user. */
export interface IssueActor {
  merchantId: string
  /** Null when no user issued it (a buyer's registration approved by the merchant's rule). */
  userId: string | null
  /** The merchant's name as the caller's principal knows it (saves a read for the claim e-mail). */
  merchantName?: string | null
}

type MerchantProduct = Awaited<ReturnType<typeof findMerchantProducts>>[number]

/** A warranty ready to insert once its customer is known: what one issue request asks for. */
export interface PlannedIssue {
  key: SerialKey
  values: Omit<NewWarranty, 'customerId' | 'claimedAt'>
  names: ProductNames
  customerEmail: string | null
  customerName: string | null
}

const trimmed = (value: string | undefined) => (value === undefined ? null : value.trim())

/**
 * The products that issue requests name (merchant products of the caller, global products),
 * read in at most two queries for any number of requests.
 */
export class ProductCatalog {
  private constructor(
    private readonly merchantProducts: Map<string, MerchantProduct>,
    private readonly globalProducts: Map<string, { brand: string; model: string }>,
  ) {}

  static async load(tx: Tx, merchantId: string, inputs: readonly IssueInput[]): Promise<ProductCatalog> {
    const ids = (pick: (input: IssueInput) => string | undefined) => [
      ...new Set(inputs.map(pick).filter((id): id is string => id !== undefined)),
    ]
    const [merchantRows, globalRows] = [
      await findMerchantProducts(
        tx,
        merchantId,
        ids((i) => i.merchantProductId),
      ),
      await findGlobalProductNames(
        tx,
        ids((i) => i.globalProductId),
      ),
    ]
    return new ProductCatalog(
      new Map(merchantRows.map((row) => [row.id, row])),
      new Map(globalRows.map((row) => [row.id, row])),
    )
  }

  /**
   * The merchant product and the global product the request names (404 for either unknown),
   * and the names the warranty will show: the merchant product's title, the brand and model of
   * the given global product, else of the merchant product's.
   */
  resolve(input: IssueInput): { product: MerchantProduct | null; names: ProductNames } {
    const product = input.merchantProductId ? this.merchantProducts.get(input.merchantProductId) : null
    if (input.merchantProductId && !product) throw new AppError('not_found', 'No such merchant product')
    const given = input.globalProductId ? this.globalProducts.get(input.globalProductId) : null
    if (input.globalProductId && !given) throw new AppError('not_found', 'No such global product')
    const global = given ?? (product?.brand ? { brand: product.brand, model: product.model } : null)
    return {
      product: product ?? null,
      names: {
        productTitle: product?.title ?? null,
        productBrand: global?.brand ?? null,
        productModel: global?.model ?? null,
      },
    }
  }
}

/**
 * Everything about one issue request that needs no lock: its price and dates checked, its
 * products resolved, its expiry derived, its row prepared. Throws the request's error (400 or
 * 404) with paths under `/body`.
 */
export function planIssue(
  actor: IssueActor,
  input: IssueInput,
  catalog: ProductCatalog,
  now: Date,
): PlannedIssue {
  assertPrice(input.purchasePrice, '/body/purchasePrice')
  const { product, names } = catalog.resolve(input)
  const { purchaseDate, expiresAt, durationMonths } = expiryOf(input, product, now)
  const key: SerialKey = {
    merchantId: actor.merchantId,
    merchantProductId: product?.id ?? null,
    globalProductId: input.globalProductId ?? product?.globalProductId ?? null,
    serialNumber: input.serialNumber.trim(),
  }
  const customerEmail = input.customerEmail === undefined ? null : normalizeEmail(input.customerEmail)
  const customerName = trimmed(input.customerName)
  return {
    key,
    names,
    customerEmail,
    customerName,
    values: {
      ...key,
      customerEmail,
      customerName,
      customerPhone: trimmed(input.customerPhone),
      locationId: input.locationId ?? null,
      invoiceNumber: trimmed(input.invoiceNumber),
      purchasePrice: input.purchasePrice ?? null,
      purchaseDate,
      warrantyDurationMonths: durationMonths,
      expiresAt,
      issuedBy: actor.userId,
    },
  }
}

/**
 * The purchase date, expiry and duration the warranty records (400 for an expiry before a given
 * purchase date). The one rule of the purchase date (docs/api.md, "Issuing"): the date given,
 * else the moment of issue (`now`, the issue's own time), stored on the warranty either way; the
 * warranty's period counts from it. Every issuing path (one issue, bulk, CSV import, an approved
 * registration) plans through here.
 */
function expiryOf(input: IssueInput, product: MerchantProduct | null, now: Date) {
  const given = input.purchaseDate ? new Date(input.purchaseDate) : undefined
  const givenExpiry = input.expiresAt ? new Date(input.expiresAt) : undefined
  if (given && givenExpiry && givenExpiry <= given) {
    throw new AppError('validation_error', undefined, [
      { path: '/body/expiresAt', message: 'must be after purchaseDate' },
    ])
  }
  const purchaseDate = given ?? now
  const { expiresAt, durationMonths } = deriveExpiry({
    now,
    ...(givenExpiry ? { expiresAt: givenExpiry } : {}),
    purchaseDate,
    ...(input.warrantyDurationMonths !== undefined ? { requestMonths: input.warrantyDurationMonths } : {}),
    productMonths: product?.warrantyDurationMonths ?? null,
  })
  return { purchaseDate, expiresAt, durationMonths }
}

/** The 409 of a serial number an unexpired warranty (or an earlier item of the request) covers. */
export function duplicateSerial(coveredBy: string): AppError {
  return new AppError('conflict', 'An active warranty exists for this serial number and product', [
    { path: '/body/serialNumber', message: `already covered by ${coveredBy}` },
  ])
}

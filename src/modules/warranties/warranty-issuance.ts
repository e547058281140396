import type { Tx } from '../../db/client.js'
import { isForeignKeyViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { merchantName } from '../merchants/index.js'
import { findOrCreateCustomer, normalizeEmail } from '../users/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import type { ClaimNotices } from './claim-notices.js'
import {
  findActiveDuplicate,
  findGlobalProductNames,
  findMerchantProduct,
  insertWarranty,
  lockSerial,
  type SerialKey,
} from './warranties.repository.js'
import { deriveExpiry } from './warranty-expiry.js'
import {
  type IssueInput,
  type NotificationOutcome,
  toWarrantyResponse,
  type WarrantyWithNotificationResponse,
} from './warranty-response.js'
import type { ProductNames } from './warranty-view.js'

/** Who issues: the caller's merchant and user. */
export interface IssueActor {
  merchantId: string
  userId: string
}

type MerchantProduct = NonNullable<Awaited<ReturnType<typeof findMerchantProduct>>>

const trimmed = (value: string | undefined) => (value === undefined ? null : value.trim())

const GLOBAL_PRODUCT_FK = 'warranties_global_product_id_global_products_id_fk'

/**
 * Issues a warranty in the caller's transaction: the products named, the expiry, the duplicate
 * check under the serial's lock, the customer, the row and the claim notice.
 */
export async function issueWarranty(
  tx: Tx,
  context: { nextCode: () => string; notices: ClaimNotices; events?: WarrantyEvents | undefined },
  actor: IssueActor,
  input: IssueInput,
): Promise<WarrantyWithNotificationResponse> {
  const now = new Date()
  const { product, names } = await findProducts(tx, actor.merchantId, input)
  const { purchaseDate, expiresAt, durationMonths } = expiryOf(input, product, now)
  const key: SerialKey = {
    merchantId: actor.merchantId,
    merchantProductId: product?.id ?? null,
    globalProductId: input.globalProductId ?? product?.globalProductId ?? null,
    serialNumber: input.serialNumber.trim(),
  }
  await lockSerial(tx, key)
  await assertNoActiveDuplicate(tx, key)

  const customerEmail = input.customerEmail === undefined ? null : normalizeEmail(input.customerEmail)
  const customerName = trimmed(input.customerName)
  const customer = customerEmail ? await findOrCreateCustomer(tx, customerEmail, customerName) : null
  const inserted = await insertWarrantyOr404(
    tx,
    {
      ...key,
      customerId: customer?.id ?? null,
      // A customer who has proved the address (any claim or magic link) sees it in the wallet at once.
      claimedAt: customer?.verified ? now : null,
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
    context.nextCode,
  )
  // Merchants' webhooks, in this transaction (docs/webhooks.md).
  await context.events?.record(tx, 'warranty.issued', [inserted])
  if (inserted.claimedAt) await context.events?.record(tx, 'warranty.claimed', [inserted])
  // The answer is built from the inserted row and the product names read above (no re-read).
  const warranty = { ...inserted, ...names }
  let notification: NotificationOutcome = 'none'
  if (customer) {
    const merchant = await merchantName(tx, actor.merchantId)
    await context.notices.email(tx, { ...warranty, merchantName: merchant }, customer.id)
    notification = 'queued'
  }
  return { ...toWarrantyResponse(warranty, now), notification }
}

/**
 * The caller's merchant product and the global product the request names (404 for either
 * unknown), and the names the warranty will show: the merchant product's title, the brand and
 * model of the given global product, else of the merchant product's.
 */
async function findProducts(
  tx: Tx,
  merchantId: string,
  input: IssueInput,
): Promise<{ product: MerchantProduct | null; names: ProductNames }> {
  const product = input.merchantProductId
    ? await findMerchantProduct(tx, merchantId, input.merchantProductId)
    : null
  if (input.merchantProductId && !product) throw new AppError('not_found', 'No such merchant product')
  const given = input.globalProductId ? await findGlobalProductNames(tx, input.globalProductId) : null
  if (input.globalProductId && !given) throw new AppError('not_found', 'No such global product')
  const global = given ?? (product?.brand ? { brand: product.brand, model: product.model } : null)
  return {
    product,
    names: {
      productTitle: product?.title ?? null,
      productBrand: global?.brand ?? null,
      productModel: global?.model ?? null,
    },
  }
}

/** The purchase date, expiry and duration the warranty records (400 for an expiry before purchase). */
function expiryOf(input: IssueInput, product: MerchantProduct | null, now: Date) {
  const purchaseDate = input.purchaseDate ? new Date(input.purchaseDate) : undefined
  const givenExpiry = input.expiresAt ? new Date(input.expiresAt) : undefined
  if (purchaseDate && givenExpiry && givenExpiry <= purchaseDate) {
    throw new AppError('validation_error', undefined, [
      { path: '/body/expiresAt', message: 'must be after purchaseDate' },
    ])
  }
  const { expiresAt, durationMonths } = deriveExpiry({
    now,
    ...(givenExpiry ? { expiresAt: givenExpiry } : {}),
    ...(purchaseDate ? { purchaseDate } : {}),
    ...(input.warrantyDurationMonths !== undefined ? { requestMonths: input.warrantyDurationMonths } : {}),
    productMonths: product?.warrantyDurationMonths ?? null,
  })
  return { purchaseDate: purchaseDate ?? null, expiresAt, durationMonths }
}

async function assertNoActiveDuplicate(tx: Tx, key: SerialKey): Promise<void> {
  const duplicate = await findActiveDuplicate(tx, key)
  if (duplicate) {
    throw new AppError('conflict', 'An active warranty exists for this serial number and product', [
      { path: '/body/serialNumber', message: `already covered by ${duplicate.warrantyCode}` },
    ])
  }
}

/**
 * `insertWarranty`, but a global product deleted by a concurrent transaction after it was read
 * (the insert's foreign-key check waits for that delete, then fails) answers 404 like an
 * unknown one, not 500.
 */
async function insertWarrantyOr404(...args: Parameters<typeof insertWarranty>) {
  try {
    return await insertWarranty(...args)
  } catch (err) {
    if (isForeignKeyViolation(err, GLOBAL_PRODUCT_FK)) {
      throw new AppError('not_found', 'No such global product')
    }
    throw err
  }
}

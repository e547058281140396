import type { Logger } from 'pino'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { isForeignKeyViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { decodeCursor, toPage } from '../../http/pagination.js'
import { assertPrice } from '../catalog/index.js'
import {
  createClaimLink,
  expireOpenClaimLinks,
  findOrCreateCustomer,
  isStaffEmail,
} from '../customers/index.js'
import type { MailOutbox } from '../mail/index.js'
import { merchantName } from '../merchants/index.js'
import { normalizeEmail } from '../users/index.js'
import {
  deleteIdempotencyKey,
  findActiveDuplicate,
  findGlobalProductNames,
  findIdempotencyKey,
  findMerchantProduct,
  findWarranty,
  insertWarranty,
  listWarranties,
  lockIdempotencyKey,
  lockSerial,
  lookupWarranties,
  resetFailedMint,
  saveIdempotencyKey,
  setWarrantyCustomer,
  type WarrantyFilters,
  type WarrantyView,
} from './warranties.repository.js'
import { generateWarrantyCode, parseWarrantyCode } from './warranty-code.js'
import { deriveExpiry } from './warranty-expiry.js'
import {
  type IssueInput,
  type NotificationOutcome,
  productName,
  requestHash,
  toWarrantyResponse,
  type WarrantyResponse,
  type WarrantyWithNotificationResponse,
} from './warranty-response.js'

export type { IssueInput, WarrantyResponse, WarrantyWithNotificationResponse }

/** Who issues: the caller's merchant and user. */
export interface IssueActor {
  merchantId: string
  userId: string
}

/** Always a 200: only successful answers are stored under an Idempotency-Key. */
export interface IssueResult {
  body: WarrantyWithNotificationResponse
  /** True when the answer is the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean
}

/** Claim-link resends per warranty. */
export const RESEND_NOTIFICATION_LIMIT: RateLimitRule = { limit: 3, windowMs: 15 * 60_000 }

/** How long an Idempotency-Key answers with its first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

const notFound = () => new AppError('not_found', 'No such warranty')

/**
 * The one answer of a resend when no claim link can be e-mailed: no customer e-mail, or one
 * that belongs to a staff account. The two are not told apart (a staff account may be another
 * merchant's user: its existence is not the caller's to learn).
 */
const noNotification = () => new AppError('invalid_state', 'No notification can be sent for this warranty')

const trimmed = (value: string | undefined) => (value === undefined ? null : value.trim())

const GLOBAL_PRODUCT_FK = 'warranties_global_product_id_global_products_id_fk'

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

/**
 * Warranty issuance, lookup and notification: every write and the e-mail it causes happen
 * in one transaction.
 */
export class WarrantiesService {
  private readonly nextCode: () => string

  constructor(
    readonly deps: { db: Db; limiter: RateLimiter; logger: Logger; appUrl: string },
    readonly shared: {
      mailOutbox: MailOutbox
      /** Called after a change that leaves a warranty to mint has committed. */
      wakeMinter: () => void
      generateCode?: () => string
    },
  ) {
    this.nextCode = shared.generateCode ?? (() => generateWarrantyCode())
  }

  /**
   * Issues a warranty (and e-mails the customer a claim link). With an Idempotency-Key, the
   * first successful answer is stored in the same transaction and replayed for 24 hours to
   * the same key and body; another body with that key is refused.
   */
  async issue(actor: IssueActor, input: IssueInput, idempotencyKey?: string): Promise<IssueResult> {
    assertPrice(input.purchasePrice, '/body/purchasePrice')
    const idempotency =
      idempotencyKey === undefined ? null : { key: idempotencyKey, hash: requestHash(input) }
    let staffEmail = false
    const result = await this.deps.db.transaction(async (tx): Promise<IssueResult> => {
      if (idempotency) {
        const replay = await this.replay(tx, actor.merchantId, idempotency)
        if (replay) return { body: replay, replayed: true }
      }
      const issued = await this.issueIn(tx, actor, input)
      staffEmail = issued.staffEmail
      const body = issued.body
      if (idempotency) {
        await saveIdempotencyKey(tx, {
          merchantId: actor.merchantId,
          key: idempotency.key,
          requestHash: idempotency.hash,
          responseStatus: 200,
          responseBody: body,
          expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
        })
      }
      return { body, replayed: false }
    })
    // The PENDING warranty is the durable record of the work; this only wakes the minter.
    if (!result.replayed) this.shared.wakeMinter()
    if (!result.replayed && staffEmail) this.logStaffEmail(actor.merchantId, result.body.id, 'issue')
    return result
  }

  /**
   * Takes the key's lock (held until the transaction ends, so a concurrent request with the
   * key waits for this one's answer), then answers the stored response of the same body, or
   * 422 for another body. An expired key is deleted and the request runs anew.
   */
  private async replay(
    tx: Tx,
    merchantId: string,
    idempotency: { key: string; hash: string },
  ): Promise<WarrantyWithNotificationResponse | null> {
    await lockIdempotencyKey(tx, merchantId, idempotency.key)
    const stored = await findIdempotencyKey(tx, merchantId, idempotency.key)
    if (!stored) return null
    if (stored.expiresAt <= new Date()) {
      await deleteIdempotencyKey(tx, merchantId, idempotency.key)
      return null
    }
    if (stored.requestHash !== idempotency.hash) throw new AppError('idempotency_key_reused')
    const body = stored.responseBody as WarrantyWithNotificationResponse
    // Stored before `skipped` was folded into `none` (a staff e-mail): answered as it is now.
    if ((body.notification as string) === 'skipped') return { ...body, notification: 'none' }
    return body
  }

  /**
   * Issues in the caller's transaction. `staffEmail`: the customer e-mail belongs to a staff
   * account, so no customer, claim link or e-mail was made (the answer says only `none`).
   */
  private async issueIn(
    tx: Tx,
    actor: IssueActor,
    input: IssueInput,
  ): Promise<{ body: WarrantyWithNotificationResponse; staffEmail: boolean }> {
    const now = new Date()
    const product = input.merchantProductId
      ? await findMerchantProduct(tx, actor.merchantId, input.merchantProductId)
      : null
    if (input.merchantProductId && !product) throw new AppError('not_found', 'No such merchant product')
    const given = input.globalProductId ? await findGlobalProductNames(tx, input.globalProductId) : null
    if (input.globalProductId && !given) throw new AppError('not_found', 'No such global product')
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

    const key = {
      merchantId: actor.merchantId,
      merchantProductId: product?.id ?? null,
      globalProductId: input.globalProductId ?? product?.globalProductId ?? null,
      serialNumber: input.serialNumber.trim(),
    }
    await lockSerial(tx, key)
    const duplicate = await findActiveDuplicate(tx, key)
    if (duplicate) {
      throw new AppError('conflict', 'An active warranty exists for this serial number and product', [
        { path: '/body/serialNumber', message: `already covered by ${duplicate.warrantyCode}` },
      ])
    }

    const customerEmail = input.customerEmail === undefined ? null : normalizeEmail(input.customerEmail)
    const customerName = trimmed(input.customerName)
    const customer = customerEmail ? await findOrCreateCustomer(tx, customerEmail, customerName) : null
    const inserted = await insertWarrantyOr404(
      tx,
      {
        ...key,
        customerId: customer?.kind === 'customer' ? customer.id : null,
        customerEmail,
        customerName,
        customerPhone: trimmed(input.customerPhone),
        locationId: input.locationId ?? null,
        invoiceNumber: trimmed(input.invoiceNumber),
        purchasePrice: input.purchasePrice ?? null,
        purchaseDate: purchaseDate ?? null,
        warrantyDurationMonths: durationMonths,
        expiresAt,
        issuedBy: actor.userId,
      },
      this.nextCode,
    )
    // The answer is built from the inserted row and the product names read above (no re-read).
    const names = given ?? (product?.brand ? { brand: product.brand, model: product.model } : null)
    const warranty: WarrantyView = {
      ...inserted,
      productTitle: product?.title ?? null,
      productBrand: names?.brand ?? null,
      productModel: names?.model ?? null,
    }
    let notification: NotificationOutcome = 'none'
    if (customer?.kind === 'customer') {
      await this.emailClaimLink(tx, warranty, customer.id)
      notification = 'queued'
    }
    return {
      body: { ...toWarrantyResponse(warranty, now), notification },
      staffEmail: customer?.kind === 'staff',
    }
  }

  async get(merchantId: string, id: string): Promise<WarrantyResponse> {
    const row = await findWarranty(this.deps.db, merchantId, id)
    if (!row) throw notFound()
    return toWarrantyResponse(row)
  }

  async list(
    merchantId: string,
    query: WarrantyFilters & { limit?: number; cursor?: string },
  ): Promise<{ items: WarrantyResponse[]; nextCursor: string | null }> {
    const { limit = 50, cursor, ...filters } = query
    const rows = await listWarranties(this.deps.db, merchantId, filters, {
      limit,
      cursor: decodeCursor(cursor),
    })
    const now = new Date()
    return toPage(rows, limit, (row) => toWarrantyResponse(row, now))
  }

  /**
   * A warranty code (a list of one) or a customer e-mail (that customer's warranties at this
   * merchant), newest first, in pages. Nothing at all found (first page empty): 404.
   */
  async lookup(
    merchantId: string,
    identifier: string,
    query: { limit?: number; cursor?: string } = {},
  ): Promise<{ items: WarrantyResponse[]; nextCursor: string | null }> {
    const limit = query.limit ?? 50
    const cursor = decodeCursor(query.cursor)
    const text = identifier.trim()
    const isEmail = text.includes('@')
    const code = isEmail ? null : parseWarrantyCode(text)
    const by = isEmail ? { email: normalizeEmail(text) } : code ? { code } : null
    const nothing = () => new AppError('not_found', 'No warranty matches this code or e-mail')
    if (!by) throw nothing()
    const rows = await lookupWarranties(this.deps.db, merchantId, by, { limit, cursor })
    // A later page may be empty (the cursor was the last row); only an empty first page is a 404.
    if (rows.length === 0 && !cursor) throw nothing()
    const now = new Date()
    return toPage(rows, limit, (row) => toWarrantyResponse(row, now))
  }

  /** Puts a FAILED mint back to PENDING (error cleared, attempts kept) and schedules it again. */
  async retryMint(merchantId: string, id: string): Promise<WarrantyResponse> {
    await this.deps.db.transaction(async (tx) => {
      if (await resetFailedMint(tx, merchantId, id)) return
      const existing = await findWarranty(tx, merchantId, id)
      if (!existing) throw notFound()
      throw new AppError(
        'invalid_state',
        `The mint is ${existing.mintStatus}: only a FAILED mint can be retried`,
      )
    })
    this.shared.wakeMinter()
    return this.get(merchantId, id)
  }

  /**
   * E-mails a fresh claim link; the links e-mailed before for this warranty stop working
   * (they read as expired). Limited per warranty.
   */
  async resendNotification(merchantId: string, id: string): Promise<WarrantyWithNotificationResponse> {
    const existing = await findWarranty(this.deps.db, merchantId, id)
    if (!existing) throw notFound()
    if (!existing.customerEmail) throw noNotification()
    if (await isStaffEmail(this.deps.db, existing.customerEmail)) {
      this.logStaffEmail(merchantId, id, 'resend')
      throw noNotification()
    }
    const limit = await this.deps.limiter.hit(`warranty:resend:${id}`, RESEND_NOTIFICATION_LIMIT)
    if (!limit.allowed) {
      throw new AppError(
        'too_many_requests',
        'Too many notifications for this warranty, try again later',
        undefined,
        limit.retryAfterSeconds,
      )
    }
    return this.deps.db.transaction(async (tx) => {
      const warranty = await findWarranty(tx, merchantId, id)
      if (!warranty?.customerEmail) throw notFound()
      const customer = await findOrCreateCustomer(tx, warranty.customerEmail, warranty.customerName)
      if (customer.kind !== 'customer') {
        // Became a staff address since the check above.
        this.logStaffEmail(merchantId, id, 'resend')
        throw noNotification()
      }
      if (warranty.customerId !== customer.id) await setWarrantyCustomer(tx, id, customer.id)
      await expireOpenClaimLinks(tx, id)
      await this.emailClaimLink(tx, warranty, customer.id)
      const updated = await findWarranty(tx, merchantId, id)
      if (!updated) throw notFound()
      return { ...toWarrantyResponse(updated), notification: 'queued' as const }
    })
  }

  /**
   * The real reason behind a `none` or a refused resend, for operators only: the answer does
   * not tell it, and the line holds no e-mail address.
   */
  private logStaffEmail(merchantId: string, warrantyId: string, operation: 'issue' | 'resend'): void {
    this.deps.logger.info(
      { merchantId, warrantyId, operation },
      'no claim link e-mailed: the customer e-mail belongs to a staff account',
    )
  }

  private async emailClaimLink(tx: Tx, warranty: WarrantyView, customerId: string): Promise<void> {
    if (!warranty.customerEmail) return
    const { claimId } = await createClaimLink(tx, {
      customerId,
      merchantId: warranty.merchantId,
      warrantyId: warranty.id,
    })
    await this.shared.mailOutbox.enqueue(tx, {
      to: warranty.customerEmail,
      content: {
        template: 'warranty.notification',
        data: {
          merchantName: await merchantName(tx, warranty.merchantId),
          productName: productName(warranty),
          serialNumber: warranty.serialNumber,
          warrantyCode: warranty.warrantyCode,
          expiresAt: warranty.expiresAt,
          claimUrl: `${this.deps.appUrl}/claim?claimId=${claimId}`,
          customerName: warranty.customerName,
        },
      },
      about: { type: 'warranty', id: warranty.id },
    })
  }
}

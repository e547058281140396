import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import type { RegistrationStatus } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { clientKey } from '../../lib/client-address.js'
import { assertGs1Serial, gtin14, storedForms, storedGtin14 } from '../digital-link/index.js'
import type { MailOutbox } from '../mail/index.js'
import { findReceipt } from '../receipts/index.js'
import { lockSerials, type WarrantiesService } from '../warranties/index.js'
import { type Decider, issueRegistration, notifyBuyer, type OutcomeDeps } from './registration-outcomes.js'
import { dayOf, type RegistrationView, reviewReasonOf, toRegistrationView } from './registration-rules.js'
import { findRegistrationView, listRegistrationViews } from './registration-views.repository.js'
import {
  findItemWarrantyOf,
  findLiveRegistration,
  findMerchantRegistrationProduct,
  findRegistrationProduct,
  insertRegistration,
  isKnownSerial,
  lockRegistration,
  prepareItemFacts,
  type RegistrationProduct,
  updateRegistration,
} from './registrations.repository.js'
import type { CheckReason } from './registrations.schemas.js'

export interface RegisterInput {
  gtin: string
  serialNumber: string
  receiptId: string
  purchaseDate: string
  shop?: string | undefined
}

export type { Decider } from './registration-outcomes.js'

const notFound = () => new AppError('not_found', 'No such registration')
const productNotFound = () => new AppError('not_found', 'No product of this service has this GTIN')

/**
 * Registration by the buyer (docs/digital-link.md#registration-by-the-buyer): the public check,
 * the buyer's registration (issued at once by the merchant's rule, else queued; a serial already
 * registered or covered becomes a dispute), the merchant's queue and decisions.
 */
export class RegistrationsService {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      appUrl: string
      mail: MailOutbox
      warranties: Pick<WarrantiesService, 'issueOneInTransaction'>
      wakeMinter: () => void
    },
  ) {
    this.outcomes = deps
    this.itemFacts = prepareItemFacts(deps.db)
  }

  private readonly itemFacts: ReturnType<typeof prepareItemFacts>

  private readonly outcomes: OutcomeDeps

  /** Whether the resolver should offer registration for this item (or product): one read. */
  async offersRegistration(gtin: string, serial: string | undefined): Promise<boolean> {
    const facts = await this.itemFacts(storedForms(gtin), serial?.toLowerCase() ?? '')
    if (!facts?.settings?.enabled) return false
    return serial === undefined || !facts.settings.requireKnownSerial || facts.known
  }

  /** The public check: what a buyer would meet, nothing personal. Rate-limited per address. */
  async check(rawGtin: string, serial: string, address: string) {
    const limit = await this.deps.limiter.hit(
      `registration-check:${clientKey(address)}`,
      this.deps.limiter.limits.verifyPerAddress,
    )
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    const gtin = gtin14(rawGtin, '/querystring/gtin')
    assertGs1Serial(serial, '/querystring/serial')
    const facts = await this.itemFacts(storedForms(gtin), serial.toLowerCase())
    if (!facts) throw productNotFound()
    const settings = facts.settings?.enabled ? facts.settings : null
    const reason: CheckReason = !settings
      ? 'not_registrable'
      : settings.requireKnownSerial && !facts.known
        ? 'unknown_serial'
        : facts.taken
          ? 'already_registered'
          : 'registrable'
    return {
      gtin,
      serial,
      productTitle: facts.title,
      merchantName: facts.merchantName,
      registrable: reason === 'registrable',
      reason,
      requiresReceipt: true,
      coverageMonths: settings?.coverageMonths ?? null,
    }
  }

  private async productOf(gtin: string): Promise<RegistrationProduct> {
    const product = await findRegistrationProduct(this.deps.db, storedForms(gtin))
    if (!product) throw productNotFound()
    return product
  }

  /**
   * A buyer registers an item with a receipt of theirs. Refused (422 `not_registrable`,
   * `unknown_serial`) before anything is written; else, under the serial's lock (the one
   * issuing takes), a DISPUTE when the item is registered or covered already, an issued warranty
   * when the merchant's rule allows, or a PENDING registration. The buyer is e-mailed either way.
   */
  async register(customer: { id: string; email: string }, input: RegisterInput): Promise<RegistrationView> {
    const gtin = gtin14(input.gtin, '/body/gtin')
    assertGs1Serial(input.serialNumber, '/body/serialNumber')
    const purchaseDate = dayOf(input.purchaseDate)
    if (!purchaseDate || purchaseDate.getTime() > Date.now()) {
      throw new AppError('validation_error', 'The purchase date is not a past day', [
        { path: '/body/purchaseDate', message: 'must be a day, not in the future' },
      ])
    }
    const product = await this.productOf(gtin)
    const settings = product.settings
    if (!settings?.enabled) throw new AppError('not_registrable')
    const serialKey = input.serialNumber.toLowerCase()
    if (
      settings.requireKnownSerial &&
      !(await isKnownSerial(this.deps.db, product.merchantProductId, serialKey))
    )
      throw new AppError('unknown_serial')
    const receipt = await findReceipt(this.deps.db, customer.id, input.receiptId)
    if (!receipt) throw new AppError('not_found', 'No such receipt of yours')
    const base = {
      merchantId: product.merchantId,
      merchantProductId: product.merchantProductId,
      customerId: customer.id,
      serialNumber: input.serialNumber,
      serialKey,
      receiptId: receipt.id,
      purchaseDate,
      shop: input.shop?.trim() ?? null,
    }
    const row = await this.deps.db.transaction(async (tx) => {
      await lockSerials(tx, [this.serialKeyOf(base)])
      const live = await findLiveRegistration(tx, product.merchantProductId, serialKey)
      if (live?.customerId === customer.id) throw new AppError('conflict', 'You registered this item already')
      const covered = live
        ? null
        : await findItemWarrantyOf(tx, product.merchantId, product.merchantProductId, serialKey)
      if (live || covered) {
        const reviewReason = live ? 'already_registered' : 'already_covered'
        const dispute = await insertRegistration(tx, { ...base, status: 'DISPUTE', reviewReason })
        await notifyBuyer(this.outcomes, tx, dispute, product.title, customer.email)
        return dispute
      }
      const reviewReason = reviewReasonOf(settings, receipt, input.purchaseDate, new Date())
      const pending = await insertRegistration(tx, { ...base, status: 'PENDING', reviewReason })
      const done =
        reviewReason === null
          ? await issueRegistration(this.outcomes, tx, pending, product, customer, null)
          : pending
      await notifyBuyer(this.outcomes, tx, done, product.title, customer.email)
      return done
    })
    if (row.warrantyId) this.deps.wakeMinter()
    return this.view({ customerId: customer.id }, row.id)
  }

  private serialKeyOf(r: { merchantId: string; merchantProductId: string; serialNumber: string }) {
    return { ...r, globalProductId: null }
  }

  /** One registration of the merchant's or of the customer's (another's: 404). */
  async view(owner: { merchantId: string } | { customerId: string }, id: string): Promise<RegistrationView> {
    const row = await findRegistrationView(this.deps.db, owner, id)
    if (!row) throw notFound()
    return toRegistrationView(row, storedGtin14(row.gtin))
  }

  list(
    owner: { merchantId: string } | { customerId: string },
    query: PageRequest & { status?: RegistrationStatus | undefined },
  ): Promise<PageResult<RegistrationView>> {
    return paginate(
      query,
      (window) => listRegistrationViews(this.deps.db, owner, query.status, window),
      (row) => toRegistrationView(row, storedGtin14(row.gtin)),
    )
  }

  /** Approves a PENDING registration: the warranty is issued (409 when the item got one meanwhile). */
  async approve(decider: Decider, id: string): Promise<RegistrationView> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.pending(tx, decider.merchantId, id, ['PENDING'])
      await lockSerials(tx, [this.serialKeyOf(row)])
      if (await findItemWarrantyOf(tx, row.merchantId, row.merchantProductId, row.serialKey)) {
        throw new AppError('conflict', 'The item has a warranty already: refuse this registration')
      }
      const view = await findRegistrationView(tx, { merchantId: decider.merchantId }, id)
      const product = await findMerchantRegistrationProduct(tx, decider.merchantId, row.merchantProductId)
      if (!view || !product) throw new AppError('invalid_state', 'The product was deleted')
      const owner =
        row.customerId && view.customerEmail ? { id: row.customerId, email: view.customerEmail } : null
      const done = await issueRegistration(this.outcomes, tx, row, product, owner, decider)
      await notifyBuyer(this.outcomes, tx, done, view.productTitle, view.customerEmail)
    })
    this.deps.wakeMinter()
    return this.view({ merchantId: decider.merchantId }, id)
  }

  /** Refuses a PENDING registration or closes a DISPUTE, with the reason the buyer reads. */
  async refuse(decider: Decider, id: string, reason: string): Promise<RegistrationView> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.pending(tx, decider.merchantId, id, ['PENDING', 'DISPUTE'])
      const done = await updateRegistration(tx, row.id, {
        status: 'REFUSED',
        refusalReason: reason.trim(),
        decidedBy: decider.userId,
        decidedAt: new Date(),
      })
      const view = await findRegistrationView(tx, { merchantId: decider.merchantId }, id)
      await notifyBuyer(
        this.outcomes,
        tx,
        done,
        view?.productTitle ?? 'your product',
        view?.customerEmail ?? null,
      )
    })
    return this.view({ merchantId: decider.merchantId }, id)
  }

  /** The merchant's registration, locked, in one of `states` (409 invalid_state otherwise). */
  private async pending(tx: Tx, merchantId: string, id: string, states: RegistrationStatus[]) {
    const row = await lockRegistration(tx, merchantId, id)
    if (!row) throw notFound()
    if (!states.includes(row.status)) {
      throw new AppError(
        'invalid_state',
        `The registration is ${row.status}: only ${states.join(' or ')} can be decided`,
      )
    }
    return row
  }
}

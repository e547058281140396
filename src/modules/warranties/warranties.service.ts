import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { assertPrice } from '../catalog/index.js'
import type { MailOutbox } from '../mail/index.js'
import { normalizeEmail } from '../users/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { ClaimNotices, warrantyNotFound } from './claim-notices.js'
import { idempotentRequest, storeAnswer, storedAnswer } from './idempotency.js'
import {
  findWarranty,
  listWarranties,
  lookupWarranties,
  resetFailedMint,
  type WarrantyFilters,
} from './warranties.repository.js'
import { generateWarrantyCode, parseWarrantyCode } from './warranty-code.js'
import { type IssueActor, issueWarranty } from './warranty-issuance.js'
import {
  type IssueInput,
  toWarrantyResponse,
  type WarrantyResponse,
  type WarrantyWithNotificationResponse,
} from './warranty-response.js'

export type { IssueActor, IssueInput, WarrantyResponse, WarrantyWithNotificationResponse }

/** Always a 200: only successful answers are stored under an Idempotency-Key. */
export interface IssueResult {
  body: WarrantyWithNotificationResponse
  /** True when the answer is the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean
}

/**
 * Warranty issuance, lookup and notification: every write and the e-mail it causes happen
 * in one transaction.
 */
export class WarrantiesService {
  private readonly nextCode: () => string
  private readonly notices: ClaimNotices

  constructor(
    readonly deps: { db: Db; limiter: RateLimiter; logger: Logger; appUrl: string },
    readonly shared: {
      mailOutbox: MailOutbox
      /** Called after a change that leaves a warranty to mint has committed. */
      wakeMinter: () => void
      /** Merchants' webhooks: `warranty.issued` (and `claimed`) in the issuing transaction. */
      events?: WarrantyEvents
      generateCode?: () => string
    },
  ) {
    this.nextCode = shared.generateCode ?? (() => generateWarrantyCode())
    this.notices = new ClaimNotices({ ...deps, mailOutbox: shared.mailOutbox })
  }

  /**
   * Issues a warranty (and e-mails the customer a claim link). With an Idempotency-Key, the
   * first successful answer is stored in the same transaction and replayed for 24 hours to
   * the same key and body; another body with that key is refused.
   */
  async issue(actor: IssueActor, input: IssueInput, idempotencyKey?: string): Promise<IssueResult> {
    assertPrice(input.purchasePrice, '/body/purchasePrice')
    const idempotent =
      idempotencyKey === undefined ? null : idempotentRequest(actor.merchantId, idempotencyKey, input)
    const result = await this.deps.db.transaction(async (tx): Promise<IssueResult> => {
      const stored = idempotent ? await storedAnswer(tx, idempotent) : null
      if (stored) return { body: stored, replayed: true }
      const body = await issueWarranty(
        tx,
        { nextCode: this.nextCode, notices: this.notices, events: this.shared.events },
        actor,
        input,
      )
      if (idempotent) await storeAnswer(tx, idempotent, body)
      return { body, replayed: false }
    })
    // The PENDING warranty is the durable record of the work; this only wakes the minter.
    if (!result.replayed) this.shared.wakeMinter()
    return result
  }

  async get(merchantId: string, id: string): Promise<WarrantyResponse> {
    const row = await findWarranty(this.deps.db, merchantId, id)
    if (!row) throw warrantyNotFound()
    return toWarrantyResponse(row)
  }

  async list(
    merchantId: string,
    query: WarrantyFilters & PageRequest,
  ): Promise<PageResult<WarrantyResponse>> {
    const { limit: _limit, cursor: _cursor, ...filters } = query
    const now = new Date()
    return paginate(
      query,
      (window) => listWarranties(this.deps.db, merchantId, filters, window),
      (row) => toWarrantyResponse(row, now),
    )
  }

  /**
   * A warranty code (a list of one) or a customer e-mail (that customer's warranties at this
   * merchant), newest first, in pages. Nothing at all found (first page empty): 404.
   */
  async lookup(
    merchantId: string,
    identifier: string,
    query: PageRequest = {},
  ): Promise<PageResult<WarrantyResponse>> {
    const text = identifier.trim()
    const isEmail = text.includes('@')
    const code = isEmail ? null : parseWarrantyCode(text)
    const by = isEmail ? { email: normalizeEmail(text) } : code ? { code } : null
    const nothing = () => new AppError('not_found', 'No warranty matches this code or e-mail')
    const now = new Date()
    return paginate(
      query,
      async (window) => {
        // Here, after the cursor is decoded: a malformed cursor answers 400 before anything else.
        if (!by) throw nothing()
        const rows = await lookupWarranties(this.deps.db, merchantId, by, window)
        // A later page may be empty (the cursor was the last row); only an empty first page is a 404.
        if (rows.length === 0 && !window.cursor) throw nothing()
        return rows
      },
      (row) => toWarrantyResponse(row, now),
    )
  }

  /** Puts a FAILED mint back to PENDING (error cleared, attempts kept) and schedules it again. */
  async retryMint(merchantId: string, id: string): Promise<WarrantyResponse> {
    await this.deps.db.transaction(async (tx) => {
      if (await resetFailedMint(tx, merchantId, id)) return
      const existing = await findWarranty(tx, merchantId, id)
      if (!existing) throw warrantyNotFound()
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
    return this.notices.resend(merchantId, id)
  }
}

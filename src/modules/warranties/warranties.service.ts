import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { CLAIM_EMAIL_TEMPLATE } from '../claim-links/index.js'
import { latestMailAbout, type MailOutbox } from '../mail/index.js'
import { normalizeEmail } from '../users/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { ClaimNotices, warrantyNotFound } from './claim-notices.js'
import { idempotentRequest, storeAnswer, storedAnswer } from './idempotency.js'
import {
  findWarranty,
  listWarranties,
  lookupWarranties,
  prepareFindWarranty,
  type WarrantyFilters,
} from './warranties.repository.js'
import { type BulkIssueResult, type ItemOrigin, issueBulk } from './warranty-bulk.js'
import { generateWarrantyCode, parseWarrantyCode } from './warranty-code.js'
import { type IssueActor, type IssueContext, issueWarranty } from './warranty-issuance.js'
import { resetFailedMint } from './warranty-mint.repository.js'
import {
  type IssueInput,
  toWarrantyDetail,
  toWarrantyResponse,
  type WarrantyDetailResponse,
  type WarrantyResponse,
  type WarrantyWithNotificationResponse,
} from './warranty-response.js'

export type {
  IssueActor,
  IssueInput,
  WarrantyDetailResponse,
  WarrantyResponse,
  WarrantyWithNotificationResponse,
}

/** What a CSV import issues its chunks through. */
export type ImportIssuer = Pick<WarrantiesService, 'issueInTransaction'>

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
  private findById: ReturnType<typeof prepareFindWarranty> | undefined

  constructor(
    readonly deps: { db: Db; limiter: RateLimiter; logger: Logger; appUrl: string; emailsPerDay: number },
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
    return this.idempotently(actor, input, idempotencyKey, (tx) =>
      issueWarranty(tx, this.issueContext(), actor, input),
    )
  }

  /**
   * Issues up to 1,000 warranties in one transaction, each under the rules of one issue; an
   * item that fails is answered with its error and never stops the others. One Idempotency-Key
   * covers the whole request (its answer, created and failed items alike, is replayed).
   */
  async issueBulk(
    actor: IssueActor,
    items: readonly unknown[],
    idempotencyKey?: string,
  ): Promise<{ body: BulkIssueResult; replayed: boolean }> {
    return this.idempotently(actor, { items }, idempotencyKey, (tx) =>
      issueBulk(tx, this.issueContext(), actor, items),
    )
  }

  /**
   * Issues items in the caller's transaction, as `issueBulk` does, each recording where it came
   * from (a CSV import's chunk: docs/bulk-issuance.md). No Idempotency-Key and no wake-up: the
   * caller wakes the minter once its transaction has committed.
   */
  issueInTransaction(
    tx: Tx,
    actor: IssueActor,
    items: readonly unknown[],
    origin: ItemOrigin,
  ): Promise<BulkIssueResult> {
    return issueBulk(tx, this.issueContext(), actor, items, origin)
  }

  /**
   * Issues one warranty in the caller's transaction, under the rules of one issue (a buyer's
   * registration: docs/digital-link.md). No wake-up: the caller wakes the minter after its commit.
   */
  issueOneInTransaction(
    tx: Tx,
    actor: IssueActor,
    input: IssueInput,
  ): Promise<WarrantyWithNotificationResponse> {
    return issueWarranty(tx, this.issueContext(), actor, input)
  }

  /** What issuing needs besides the transaction. */
  private issueContext(): IssueContext {
    return { nextCode: this.nextCode, notices: this.notices, events: this.shared.events }
  }

  /**
   * Runs `issue` in a transaction; with an Idempotency-Key, replays the stored answer of the
   * same key and body (422 for another body) or stores this one in the same transaction. The
   * minter is woken once after a commit that created something.
   */
  private async idempotently<T extends object>(
    actor: IssueActor,
    body: object,
    idempotencyKey: string | undefined,
    issue: (tx: Tx) => Promise<T>,
  ): Promise<{ body: T; replayed: boolean }> {
    const idempotent =
      idempotencyKey === undefined ? null : idempotentRequest(actor.merchantId, idempotencyKey, body)
    const result = await this.deps.db.transaction(async (tx) => {
      const stored = idempotent ? await storedAnswer<T>(tx, idempotent) : null
      if (stored) return { body: stored, replayed: true }
      const answer = await issue(tx)
      if (idempotent) await storeAnswer(tx, idempotent, answer)
      return { body: answer, replayed: false }
    })
    // The PENDING warranties are the durable record of the work; this only wakes the minter.
    if (!result.replayed) this.shared.wakeMinter()
    return result
  }

  async get(merchantId: string, id: string): Promise<WarrantyResponse> {
    this.findById ??= prepareFindWarranty(this.deps.db)
    const row = await this.findById(merchantId, id)
    if (!row) throw warrantyNotFound()
    return toWarrantyResponse(row)
  }

  /** `get` and where the warranty's latest claim e-mail stands (delivered, retrying, given up). */
  async detail(merchantId: string, id: string): Promise<WarrantyDetailResponse> {
    const warranty = await this.get(merchantId, id)
    const delivery = await latestMailAbout(this.deps.db, { type: 'warranty', id }, CLAIM_EMAIL_TEMPLATE)
    return toWarrantyDetail(warranty, delivery)
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

import type { Db, Tx } from '../../db/client.js'
import type { ClaimRow, ClaimStatus, MerchantRole } from '../../db/schema/index.js'
import { OPEN_CLAIM_STATUSES } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import {
  decodeImageBase64,
  type PreparedReceiptImage,
  prepareReceiptImage,
  type ReceiptBlobs,
  ReceiptImageError,
} from '../receipts/index.js'
import { holdsPersonalData, type ServiceHistoryService } from '../service-history/index.js'
import {
  authorizeAssignedProvider,
  authorizeCoverageChange,
  type CoverageGrant,
  findWarrantyById,
  parseWarrantyCode,
  productName,
} from '../warranties/index.js'
import {
  allowedProvider,
  coverageLookup,
  findSettings,
  merchantProductIdsOf,
  upsertSettings,
  userEmail,
  userName,
} from './claim-lookups.repository.js'
import type { ClaimNotices, ClaimSubject } from './claim-notices.js'
import { autoApproval, blobInputs, outcomeEvents, photoRows, view } from './claim-rules.js'
import { merchantClaimStats } from './claim-stats.js'
import {
  type ClaimScope,
  customerOwnsReceipt,
  findClaim,
  findClaimListRow,
  findPhoto,
  insertClaim,
  insertMessage,
  insertPhotos,
  insertTransition,
  listClaims,
  messagesOf,
  moveClaim,
  openClaimOf,
  photosOf,
  timelineOf,
  touchClaim,
} from './claims.repository.js'
import type {
  ClaimDetailView,
  ClaimListInput,
  ClaimSettingsInput,
  ClaimView,
  MessageInput,
  OpenClaimInput,
  ResolveInput,
} from './claims.schemas.js'

export type { ClaimDetailView } from './claims.schemas.js'

/** Who acts on a claim: its customer, a user of its merchant, or a user of its provider. */
export type ClaimActor =
  | { party: 'CUSTOMER'; userId: string }
  | { party: 'MERCHANT'; userId: string; merchantId: string; merchantRole: MerchantRole | null }
  | { party: 'SERVICE_PROVIDER'; userId: string; serviceProviderId: string }

const DAY_MS = 86_400_000
const OPEN: readonly ClaimStatus[] = OPEN_CLAIM_STATUSES

function scopeOf(actor: ClaimActor): ClaimScope {
  if (actor.party === 'MERCHANT') return { kind: 'merchant', merchantId: actor.merchantId }
  if (actor.party === 'SERVICE_PROVIDER')
    return { kind: 'provider', serviceProviderId: actor.serviceProviderId }
  return { kind: 'customer', customerId: actor.userId }
}

function refused(claim: ClaimRow, doing: string): AppError {
  return new AppError('invalid_state', `The claim is ${claim.status}: it cannot be ${doing}`)
}

function invalid(path: string, message: string): AppError {
  return new AppError('validation_error', message, [{ path, message }])
}

/**
 * Claims (docs/claims.md): a customer reports a fault on a warranty in coverage; the merchant
 * decides, asks for more, assigns an allowed provider or resolves itself; the provider repairs
 * or replaces and closes. Every transition is one guarded state change under the claim's row
 * lock (two simultaneous decisions: one winner, one 409 invalid_state), written with its
 * timeline entry, its e-mails and webhook deliveries in one transaction; outcomes become public
 * service events on the warranty through the service history and its coverage rule.
 */
export class ClaimsService {
  constructor(
    private readonly deps: {
      db: Db
      blobs: ReceiptBlobs
      history: ServiceHistoryService
      notices: ClaimNotices
      maxPixels: number
    },
  ) {}

  // ---- customer ----------------------------------------------------------------------------

  /** Opens a claim on one of the customer's warranties (in coverage, none open). */
  async open(customerId: string, warrantyId: string, input: OpenClaimInput): Promise<ClaimDetailView> {
    const { db } = this.deps
    const warranty = await findWarrantyById(db, warrantyId)
    if (!warranty || warranty.customerId !== customerId) throw new AppError('not_found', 'No such warranty')
    if ((await this.deps.history.history(warrantyId)).voided)
      throw new AppError('warranty_voided', 'The warranty was voided: it covers nothing')
    if (warranty.expiresAt <= new Date())
      throw new AppError(
        'warranty_expired',
        `The warranty expired on ${warranty.expiresAt.toISOString().slice(0, 10)}`,
      )
    if (input.receiptId && !(await customerOwnsReceipt(db, customerId, input.receiptId)))
      throw new AppError('not_found', 'No such receipt')
    if (await openClaimOf(db, warrantyId))
      throw new AppError('claim_already_open', 'The warranty already has an open claim: add to its thread')
    const photos = await this.preparePhotos(input.photos ?? [])
    const settings = await findSettings(db, warranty.merchantId)
    const rule = autoApproval(settings, warranty)
    const claim = await this.deps.blobs.save(blobInputs(photos), async (tx, put) => {
      const row = await insertClaim(tx, {
        merchantId: warranty.merchantId,
        warrantyId,
        customerId,
        category: input.category,
        description: input.description.trim(),
        receiptId: input.receiptId ?? null,
        status: rule ? 'APPROVED' : 'SUBMITTED',
        autoApproved: rule !== null,
      })
      if (!row)
        throw new AppError('claim_already_open', 'The warranty already has an open claim: add to its thread')
      await insertPhotos(tx, photoRows(row.id, null, photos, put))
      const actor = { actorId: customerId, actorParty: 'CUSTOMER' as const }
      await insertTransition(tx, {
        claimId: row.id,
        fromStatus: null,
        toStatus: 'SUBMITTED',
        ...actor,
        note: null,
      })
      const subject = { claim: row, warrantyCode: warranty.warrantyCode, productName: productName(warranty) }
      if (rule) {
        await insertTransition(tx, {
          claimId: row.id,
          fromStatus: 'SUBMITTED',
          toStatus: 'APPROVED',
          actorId: null,
          actorParty: 'SYSTEM',
          note: rule,
        })
      }
      await this.deps.notices.toCustomer(tx, subject, { key: rule ? 'receivedApproved' : 'received' })
      await this.deps.notices.toMerchant(
        tx,
        subject,
        rule ? 'A new claim was approved by your rule.' : 'A new claim waits for your decision.',
        input.description.trim(),
      )
      await this.deps.notices.webhook(tx, 'claim.opened', subject, null)
      return row
    })
    return this.detail({ kind: 'customer', customerId }, claim.id)
  }

  /** The customer cancels an open claim (not once the repair has started). */
  cancel(customerId: string, id: string): Promise<ClaimDetailView> {
    return this.transition({ party: 'CUSTOMER', userId: customerId }, id, {
      from: ['SUBMITTED', 'INFO_REQUESTED', 'APPROVED', 'ASSIGNED'],
      to: 'CANCELLED',
      doing: 'cancelled',
      note: null,
      notify: async (tx, s) => {
        await this.deps.notices.toCustomer(tx, s, { key: 'cancelled' })
        await this.deps.notices.toProvider(tx, s, 'A claim assigned to you was cancelled by the customer.')
      },
    })
  }

  // ---- merchant ----------------------------------------------------------------------------

  approve(actor: Extract<ClaimActor, { party: 'MERCHANT' }>, id: string, note: string | null) {
    return this.transition(actor, id, {
      from: ['SUBMITTED'],
      to: 'APPROVED',
      doing: 'approved',
      note,
      notify: (tx, s) => this.deps.notices.toCustomer(tx, s, { key: 'approved' }, note),
    })
  }

  deny(actor: Extract<ClaimActor, { party: 'MERCHANT' }>, id: string, reason: string) {
    return this.transition(actor, id, {
      from: ['SUBMITTED', 'INFO_REQUESTED'],
      to: 'DENIED',
      doing: 'denied',
      note: reason,
      set: { decisionNote: reason.trim() },
      notify: (tx, s) => this.deps.notices.toCustomer(tx, s, { key: 'denied' }, reason),
    })
  }

  requestInfo(actor: Extract<ClaimActor, { party: 'MERCHANT' }>, id: string, question: string) {
    return this.transition(actor, id, {
      from: ['SUBMITTED'],
      to: 'INFO_REQUESTED',
      doing: 'asked about',
      note: question,
      set: { decisionNote: question.trim() },
      notify: (tx, s) => this.deps.notices.toCustomer(tx, s, { key: 'infoRequested' }, question),
    })
  }

  /** Assigns (or re-assigns, before the repair starts) an allowed, active provider: OWNER and ADMIN. */
  async assign(
    actor: Extract<ClaimActor, { party: 'MERCHANT' }>,
    id: string,
    serviceProviderId: string,
    note: string | null,
  ) {
    if (actor.merchantRole !== 'OWNER' && actor.merchantRole !== 'ADMIN')
      throw new AppError(
        'forbidden',
        'Only an owner or an admin of the merchant assigns a claim to a provider',
      )
    const provider = await allowedProvider(this.deps.db, actor.merchantId, serviceProviderId)
    if (!provider) throw new AppError('not_found', 'The service provider is not on your list')
    if (provider.status !== 'ACTIVE')
      throw new AppError('invalid_state', 'The service provider is suspended: choose another')
    return this.transition(actor, id, {
      from: ['APPROVED', 'ASSIGNED'],
      to: 'ASSIGNED',
      doing: 'assigned',
      note,
      set: { serviceProviderId },
      notify: async (tx, s) => {
        await this.deps.notices.toCustomer(tx, s, { key: 'assigned', provider: provider.name }, note)
        await this.deps.notices.toProvider(tx, s, 'A claim was assigned to you.', note)
      },
    })
  }

  /** The merchant's claims dashboard (docs/claims.md#statistics). */
  stats(merchantId: string) {
    return merchantClaimStats(this.deps.db, merchantId)
  }

  async getSettings(merchantId: string) {
    const row = await findSettings(this.deps.db, merchantId)
    return {
      autoApproveWithinDays: row?.autoApproveWithinDays ?? null,
      autoApproveProductIds: row?.autoApproveProductIds ?? [],
      repairExtensionDays: row?.repairExtensionDays ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    }
  }

  async putSettings(merchantId: string, input: ClaimSettingsInput) {
    const known = await merchantProductIdsOf(this.deps.db, merchantId, input.autoApproveProductIds)
    const unknown = input.autoApproveProductIds.findIndex((p) => !known.has(p))
    if (unknown >= 0) throw invalid(`/body/autoApproveProductIds/${unknown}`, 'not one of your products')
    await upsertSettings(this.deps.db, merchantId, input)
    return this.getSettings(merchantId)
  }

  // ---- service provider --------------------------------------------------------------------

  startRepair(actor: Extract<ClaimActor, { party: 'SERVICE_PROVIDER' }>, id: string, diagnosis: string) {
    return this.transition(actor, id, {
      from: ['ASSIGNED'],
      to: 'IN_REPAIR',
      doing: 'put in repair',
      note: diagnosis,
      set: { diagnosis: diagnosis.trim() },
      notify: (tx, s) => this.deps.notices.toCustomer(tx, s, { key: 'inRepair' }, diagnosis),
    })
  }

  /** What a repair desk learns before accepting a device: coverage, product, expiry; never the owner. */
  async coverage(
    serviceProviderId: string,
    query: {
      warrantyCode?: string | undefined
      gtin?: string | undefined
      serialNumber?: string | undefined
    },
  ) {
    let by: { warrantyCode: string } | { gtin: string; serialNumber: string }
    if (query.warrantyCode !== undefined) {
      const code = parseWarrantyCode(query.warrantyCode)
      if (!code) throw invalid('/querystring/warrantyCode', 'not a warranty code')
      by = { warrantyCode: code }
    } else if (query.gtin !== undefined && query.serialNumber !== undefined) {
      by = { gtin: query.gtin, serialNumber: query.serialNumber.trim() }
    } else {
      throw invalid('/querystring', 'Give warrantyCode, or gtin and serialNumber')
    }
    const [found] = await coverageLookup(this.deps.db, serviceProviderId, by)
    if (!found) throw new AppError('not_found', 'No warranty of a merchant you work for matches')
    const open = await openClaimOf(this.deps.db, found.id)
    const status = found.voided ? 'VOIDED' : found.expiresAt > new Date() ? 'ACTIVE' : 'EXPIRED'
    return {
      covered: status === 'ACTIVE',
      status,
      warrantyCode: found.warrantyCode,
      serialNumber: found.serialNumber,
      productName: productName(found),
      gtin: found.gtin,
      merchantName: found.merchantName,
      expiresAt: found.expiresAt.toISOString(),
      openClaimId: open && open.serviceProviderId === serviceProviderId ? open.id : null,
    } as const
  }

  // ---- merchant or provider ----------------------------------------------------------------

  /**
   * Resolves with an outcome that acts on the warranty through the service history: a repair
   * (extended by the merchant's repair extension), a replacement with its new serial, a refund
   * (coverage ends), or not covered. The merchant resolves an APPROVED claim (no provider); the
   * provider a claim it holds. Coverage changes pass the coverage rule (OWNER/ADMIN, or the
   * provider by the assignment an OWNER/ADMIN made).
   */
  async resolve(actor: Exclude<ClaimActor, { party: 'CUSTOMER' }>, id: string, input: ResolveInput) {
    if (input.outcome === 'REPLACED' && !input.replacementSerial)
      throw invalid('/body/replacementSerial', 'A replacement needs the new serial number')
    if (input.outcome !== 'REPLACED' && input.replacementSerial)
      throw invalid('/body/replacementSerial', 'Only a replacement has a new serial number')
    if (input.note && holdsPersonalData(input.note))
      throw invalid('/body/note', 'A public note must not hold an e-mail address or a phone number')
    if (actor.party === 'SERVICE_PROVIDER' && input.outcome === 'REFUNDED')
      throw invalid(
        '/body/outcome',
        'A refund is the merchant’s decision: a provider repairs, replaces or closes',
      )
    const claimOf = await findClaim(this.deps.db, scopeOf(actor), id)
    if (!claimOf) throw new AppError('not_found', 'No such claim')
    const settings = await findSettings(this.deps.db, claimOf.merchantId)
    const extensionDays = input.outcome === 'REPAIRED' ? (settings?.repairExtensionDays ?? 0) : 0
    const change =
      input.outcome === 'REPLACED'
        ? 'replace'
        : input.outcome === 'REFUNDED'
          ? 'void'
          : extensionDays > 0
            ? 'extend'
            : null
    const grant: CoverageGrant | null =
      change === null
        ? null
        : actor.party === 'MERCHANT'
          ? authorizeCoverageChange(actor, change)
          : authorizeAssignedProvider(claimOf, actor.serviceProviderId, change)
    const note = input.note?.trim() || null
    const detail = await this.transition(actor, id, {
      from: actor.party === 'MERCHANT' ? ['APPROVED'] : ['ASSIGNED', 'IN_REPAIR'],
      to: 'RESOLVED',
      doing:
        actor.party === 'MERCHANT'
          ? 'resolved by the merchant (only an approved claim without a provider)'
          : 'resolved',
      note,
      set: {
        outcome: input.outcome,
        outcomeNote: note,
        replacementSerial: input.replacementSerial?.trim() ?? null,
        resolvedAt: new Date(),
      },
      effect: async (tx, claim) => {
        const warranty = await findWarrantyById(tx, claim.warrantyId)
        if (!warranty) throw new AppError('not_found', 'No such warranty')
        const events = outcomeEvents(input, note, warranty.expiresAt, extensionDays)
        await this.deps.history.recordIn(tx, { userId: actor.userId, grant }, warranty, events)
      },
      notify: async (tx, s) => {
        const news = {
          key: 'resolved',
          outcome: input.outcome,
          serial: input.replacementSerial ?? null,
        } as const
        await this.deps.notices.toCustomer(tx, s, news, note)
      },
    })
    this.deps.history.anchorSoon()
    return detail
  }

  // ---- everyone ----------------------------------------------------------------------------

  /**
   * A message in the claim's thread. The customer writes while the claim is open (an answer to
   * the merchant's question returns the claim to SUBMITTED); the merchant while it is open; the
   * provider while it holds the claim.
   */
  async message(actor: ClaimActor, id: string, input: MessageInput): Promise<ClaimDetailView> {
    const scope = scopeOf(actor)
    const photos = await this.preparePhotos(input.photos ?? [])
    const body = input.body.trim()
    await this.deps.blobs.save(blobInputs(photos), async (tx, put) => {
      const claim = await findClaim(tx, scope, id, true)
      if (!claim) throw new AppError('not_found', 'No such claim')
      const writable: readonly ClaimStatus[] =
        actor.party === 'SERVICE_PROVIDER' ? ['ASSIGNED', 'IN_REPAIR'] : OPEN
      if (!writable.includes(claim.status)) throw refused(claim, 'written to')
      const message = await insertMessage(tx, {
        claimId: id,
        authorId: actor.userId,
        authorParty: actor.party,
        body,
      })
      await insertPhotos(tx, photoRows(id, message.id, photos, put))
      const subject = await this.subjectOf(tx, claim)
      if (actor.party === 'CUSTOMER' && claim.status === 'INFO_REQUESTED') {
        const moved = await moveClaim(tx, scope, id, ['INFO_REQUESTED'], 'SUBMITTED')
        if (!moved) throw refused(claim, 'answered')
        await insertTransition(tx, {
          claimId: id,
          fromStatus: 'INFO_REQUESTED',
          toStatus: 'SUBMITTED',
          actorId: actor.userId,
          actorParty: 'CUSTOMER',
          note: null,
        })
        const s = { ...subject, claim: moved }
        await this.deps.notices.toMerchant(tx, s, 'The customer answered your question.', body)
        await this.deps.notices.webhook(tx, 'claim.status_changed', s, 'INFO_REQUESTED')
      } else if (actor.party !== 'CUSTOMER') {
        await touchClaim(tx, id)
        await this.deps.notices.toCustomer(tx, subject, { key: 'message' }, body)
      } else {
        await touchClaim(tx, id)
      }
    })
    return this.detail(scope, id)
  }

  async list(actor: ClaimActor, query: ClaimListInput): Promise<PageResult<ClaimView>> {
    const scope = scopeOf(actor)
    const openedBefore =
      query.olderThanDays !== undefined ? new Date(Date.now() - query.olderThanDays * DAY_MS) : undefined
    return paginate(
      query,
      (window) =>
        listClaims(
          this.deps.db,
          scope,
          {
            status: query.status,
            merchantProductId: query.merchantProductId,
            serviceProviderId: query.serviceProviderId,
            warrantyId: query.warrantyId,
            openedBefore,
          },
          window,
        ),
      view,
    )
  }

  get(actor: ClaimActor, id: string): Promise<ClaimDetailView> {
    return this.detail(scopeOf(actor), id)
  }

  /** A photo's stored bytes, for a caller who may see the claim. */
  async photo(actor: ClaimActor, id: string, photoId: string) {
    const claim = await findClaim(this.deps.db, scopeOf(actor), id)
    const photo = claim ? await findPhoto(this.deps.db, id, photoId) : null
    if (!photo) throw new AppError('not_found', 'No such photo')
    const blob = await this.deps.blobs.read(photo.imageKey)
    if (!blob) throw new AppError('not_found', 'The photo is gone')
    return blob
  }

  // ---- internals ---------------------------------------------------------------------------

  /**
   * The one guarded state change: locks the claim row (in the caller's scope: else 404), checks
   * its status is one of `from` (else 409 invalid_state), moves it, records the timeline entry,
   * runs the effect and the notices, and the `claim.status_changed` webhook, in one transaction.
   */
  private async transition(
    actor: ClaimActor,
    id: string,
    step: {
      from: readonly ClaimStatus[]
      to: ClaimStatus
      doing: string
      note: string | null
      set?: Parameters<typeof moveClaim>[5]
      effect?: (tx: Tx, claim: ClaimRow) => Promise<void>
      notify: (tx: Tx, subject: ClaimSubject) => Promise<void>
    },
  ): Promise<ClaimDetailView> {
    const scope = scopeOf(actor)
    await this.deps.db.transaction(async (tx) => {
      const claim = await findClaim(tx, scope, id, true)
      if (!claim) throw new AppError('not_found', 'No such claim')
      if (!step.from.includes(claim.status)) throw refused(claim, step.doing)
      await step.effect?.(tx, claim)
      const moved = await moveClaim(tx, scope, id, step.from, step.to, step.set)
      if (!moved) throw refused(claim, step.doing)
      await insertTransition(tx, {
        claimId: id,
        fromStatus: claim.status,
        toStatus: step.to,
        actorId: actor.userId,
        actorParty: actor.party,
        note: step.note?.trim() || null,
      })
      const subject = { ...(await this.subjectOf(tx, moved)), claim: moved }
      await step.notify(tx, subject)
      await this.deps.notices.webhook(tx, 'claim.status_changed', subject, claim.status)
    })
    return this.detail(scope, id)
  }

  private async subjectOf(tx: Tx, claim: ClaimRow): Promise<ClaimSubject> {
    const warranty = await findWarrantyById(tx, claim.warrantyId)
    return {
      claim,
      warrantyCode: warranty?.warrantyCode ?? '',
      productName: warranty ? productName(warranty) : null,
    }
  }

  private async detail(scope: ClaimScope, id: string): Promise<ClaimDetailView> {
    const { db } = this.deps
    const row = await findClaimListRow(db, scope, id)
    if (!row) throw new AppError('not_found', 'No such claim')
    const [timeline, messages, photos] = await Promise.all([
      timelineOf(db, id),
      messagesOf(db, id),
      photosOf(db, id),
    ])
    const customer =
      scope.kind !== 'customer' && row.claim.customerId
        ? {
            email: (await userEmail(db, row.claim.customerId)) ?? '',
            name: await userName(db, row.claim.customerId),
          }
        : null
    return {
      ...view(row),
      customer: customer?.email ? customer : null,
      timeline: timeline.map((t) => ({
        fromStatus: t.fromStatus,
        toStatus: t.toStatus,
        party: t.actorParty,
        note: t.note,
        at: t.createdAt.toISOString(),
      })),
      messages: messages.map((m) => ({
        id: m.id,
        party: m.authorParty,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        photoIds: photos.filter((p) => p.messageId === m.id).map((p) => p.id),
      })),
      photos: photos.map((p) => ({
        id: p.id,
        messageId: p.messageId,
        contentType: p.contentType,
        width: p.width,
        height: p.height,
        createdAt: p.createdAt.toISOString(),
      })),
    }
  }

  /** Decodes and cleans each photo (the receipts' rules); a PDF is not a photo. */
  private async preparePhotos(photos: readonly string[]): Promise<PreparedReceiptImage[]> {
    const prepared: PreparedReceiptImage[] = []
    for (const [i, text] of photos.entries()) {
      const path = `/body/photos/${i}`
      const image = await prepareReceiptImage(decodeImageBase64(text, path), {
        maxPixels: this.deps.maxPixels,
        path,
      })
      if (image.contentType === 'application/pdf')
        throw new ReceiptImageError('unsupported_type', 'Send a JPEG, PNG or WebP photo', path)
      prepared.push(image)
    }
    return prepared
  }
}

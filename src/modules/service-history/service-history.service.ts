import type { Logger } from 'pino'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { Db, Tx } from '../../db/client.js'
import type { MerchantRole, ServiceEventKind, WarrantyRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { errorText } from '../../lib/async.js'
import { type HistoryEntry, serialHash } from '../minting/index.js'
import {
  authorizeCoverageChange,
  type CoverageGrant,
  coverageChangeOfEvent,
  findWarranty,
  setWarrantyExpiry,
  setWarrantySerial,
} from '../warranties/index.js'
import type { Anchoring } from './anchoring.js'
import { merkleProof } from './merkle.js'
import { eventsOf, insertEvent, leavesOf } from './service-history.repository.js'

export interface RecordEventInput {
  kind: ServiceEventKind
  description: string
  serialNumber?: string
  expiresAt?: string
}

/** An e-mail address or a long run of digits (a phone number) has no place in a public record. */
// An address is looked for from the start of a run only (`(?<!…)`): tried from every character
// of a long run, `[^\s@]+@` was quadratic.
const PERSONAL = /(?<![^\s@])[^\s@]+@[^\s@]+\.[^\s@]+|(?:\d[\s\-./()]*){7,}/

/** Dates (2026-11-24, 24/11/2026, 24.11.26, 11-24-2026) are not phone numbers: left out of the check. */
const DATES = /\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2}))\b/g

export function holdsPersonalData(description: string): boolean {
  return PERSONAL.test(description.replace(DATES, ' '))
}

/**
 * Service history: merchants record what happened to a warranty (a claim opened, a repair, a
 * replacement with a new serial, an extension with a new expiry, a voiding). Each event is public
 * (a short description, no personal data), pinned and anchored on chain in batches; an extension
 * or a replacement moves the warranty's expiry, and reminders follow it.
 */
export class ServiceHistoryService {
  constructor(
    private readonly deps: {
      db: Db
      chain: ChainPort
      logger: Logger
      anchoring: Anchoring
      serialHashSalt: string
      exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    },
  ) {}

  async record(
    actor: { merchantId: string; userId: string; merchantRole: MerchantRole | null },
    warrantyId: string,
    input: RecordEventInput,
  ) {
    const { db } = this.deps
    // Voiding, extending, replacing, or any event carrying a new expiry or serial: the coverage rule.
    const change = coverageChangeOfEvent(input)
    const grant = change ? authorizeCoverageChange(actor, change) : null
    const warranty = await findWarranty(db, actor.merchantId, warrantyId)
    if (!warranty) throw new AppError('not_found', 'No such warranty')
    await db.transaction((tx) => this.recordIn(tx, { userId: actor.userId, grant }, warranty, [input]))
    this.wake()
    return this.history(warrantyId)
  }

  /**
   * Records events on a warranty in the caller's transaction (a claim's outcome), with the same
   * checks as `record`: a change of coverage needs the rule's grant, a voided warranty takes no
   * event (409 invalid_state). The caller calls `anchorSoon` once it has committed.
   */
  async recordIn(
    tx: Tx,
    actor: { userId: string; grant: CoverageGrant | null },
    warranty: WarrantyRow,
    inputs: readonly RecordEventInput[],
  ): Promise<void> {
    let expiresAt = warranty.expiresAt
    if ((await eventsOf(tx, warranty.id)).some(({ event }) => event.kind === 'VOIDED'))
      throw new AppError('invalid_state', 'The warranty is void')
    for (const input of inputs) {
      const change = coverageChangeOfEvent(input)
      const grant = actor.grant
      if (change && (!grant || grant.merchantId !== warranty.merchantId))
        throw new Error('a change of coverage without its grant')
      const newExpiresAt = this.checkInput(input, expiresAt)
      await insertEvent(tx, {
        warrantyId: warranty.id,
        merchantId: warranty.merchantId,
        recordedBy: actor.userId,
        kind: input.kind,
        description: input.description.trim(),
        newExpiresAt,
        newSerialHash: input.serialNumber ? serialHash(this.deps.serialHashSalt, input.serialNumber) : null,
      })
      if (newExpiresAt && grant) {
        await setWarrantyExpiry(tx, grant, warranty.id, newExpiresAt)
        expiresAt = newExpiresAt
      }
      if (input.kind === 'REPLACED' && input.serialNumber && grant)
        await setWarrantySerial(tx, grant, warranty, input.serialNumber.trim())
    }
  }

  /** After a commit that recorded events: an anchoring pass soon. */
  anchorSoon(): void {
    this.wake()
  }

  /** The merchant's view of a warranty's history (its own warranties only). */
  async list(merchantId: string, warrantyId: string) {
    if (!(await findWarranty(this.deps.db, merchantId, warrantyId)))
      throw new AppError('not_found', 'No such warranty')
    return this.history(warrantyId)
  }

  /** Oldest first, each with its proof once anchored; and whether the warranty was voided. */
  async history(warrantyId: string): Promise<{ events: HistoryEntry[]; voided: boolean }> {
    const { db, chain } = this.deps
    const rows = await eventsOf(db, warrantyId)
    const leaves = new Map<string, `0x${string}`[]>()
    const events: HistoryEntry[] = []
    for (const { event, batch } of rows) {
      let proof: HistoryEntry['proof'] = null
      if (batch?.status === 'CONFIRMED' && event.leaf && event.cid && event.leafIndex !== null) {
        const batchLeaves = leaves.get(batch.id) ?? (await leavesOf(db, batch.id))
        leaves.set(batch.id, batchLeaves)
        proof = {
          cid: event.cid,
          leaf: event.leaf,
          proof: merkleProof(batchLeaves, event.leafIndex),
          root: batch.root,
          seq: batch.seq,
          anchorContract: chain.ownership.anchorAddress ?? '',
          txHash: batch.txHash,
          blockNumber: batch.blockNumber,
        }
      }
      events.push({
        id: event.id,
        kind: event.kind,
        description: event.description,
        recordedAt: event.createdAt.toISOString(),
        newExpiresAt: event.newExpiresAt?.toISOString() ?? null,
        newSerialHash: event.newSerialHash,
        proof,
      })
    }
    return { events, voided: events.some((e) => e.kind === 'VOIDED') }
  }

  /** One anchoring pass, alone across processes. */
  runOnce(): Promise<number> {
    return this.deps.exclusive(() => this.deps.anchoring.run())
  }

  private wake(): void {
    setTimeout(() => {
      this.runOnce().catch((err: unknown) =>
        this.deps.logger.warn({ err: errorText(err) }, 'anchoring failed'),
      )
    }, 0).unref()
  }

  /** The new expiry the event sets (or null), after the kind's own rules. */
  private checkInput(input: RecordEventInput, current: Date): Date | null {
    const invalid = (path: string, message: string) =>
      new AppError('validation_error', message, [{ path, message }])
    if (holdsPersonalData(input.description)) {
      throw invalid('/description', 'A public description must not hold an e-mail address or a phone number')
    }
    if (input.kind === 'REPLACED' && !input.serialNumber)
      throw invalid('/serialNumber', 'A replacement needs the new serial number')
    if (input.kind !== 'REPLACED' && input.serialNumber)
      throw invalid('/serialNumber', 'Only a replacement has a new serial number')
    if (input.kind === 'EXTENDED' && !input.expiresAt)
      throw invalid('/expiresAt', 'An extension needs the new expiry')
    if (input.expiresAt && input.kind !== 'EXTENDED' && input.kind !== 'REPLACED') {
      throw invalid('/expiresAt', 'Only an extension or a replacement changes the expiry')
    }
    if (!input.expiresAt) return null
    const expiresAt = new Date(input.expiresAt)
    if (input.kind === 'EXTENDED' && expiresAt <= current) {
      throw invalid('/expiresAt', 'An extension ends after the current expiry')
    }
    return expiresAt
  }
}

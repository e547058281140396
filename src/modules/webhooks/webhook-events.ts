import { createHash, randomUUID } from 'node:crypto'
import type { DbOrTx } from '../../db/client.js'
import type { WarrantyRow } from '../../db/schema/index.js'
import { insertDeliveries, type NewDelivery, subscribedEndpoints } from './webhooks.repository.js'

/** The events a merchant can subscribe to (docs/webhooks.md#events). */
export const WEBHOOK_EVENT_TYPES = [
  'warranty.issued',
  'warranty.minted',
  'warranty.mint_failed',
  'warranty.claimed',
  'warranty.expiring',
  'claim.opened',
  'claim.status_changed',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/**
 * The port features report warranty changes through: called in the change's own transaction,
 * it writes one delivery per subscribed endpoint there (so an event exists if and only if the
 * change committed). Never throws for a merchant without endpoints: it records nothing.
 */
export interface WarrantyEvents {
  record(tx: DbOrTx, type: WarrantyEventType, warranties: readonly WarrantyRow[]): Promise<void>
  /** A claim opened or changed state (`data`: the claim without the customer's details). */
  recordClaim(tx: DbOrTx, type: ClaimEventType, merchantId: string, data: ClaimEventData): Promise<void>
}

export type ClaimEventType = Extract<WebhookEventType, `claim.${string}`>
export type WarrantyEventType = Exclude<WebhookEventType, ClaimEventType>

/** A claim event's `data` (docs/webhooks.md#claim-events): nothing about the customer. */
export interface ClaimEventData {
  claimId: string
  warrantyId: string
  warrantyCode: string
  status: string
  previousStatus: string | null
  category: string
  outcome: string | null
  serviceProviderId: string | null
  autoApproved: boolean
}

/** An event's `data`: the warranty as its merchant knows it, without the customer's details. */
export function warrantyEventData(w: WarrantyRow) {
  return {
    warrantyId: w.id,
    warrantyCode: w.warrantyCode,
    serialNumber: w.serialNumber,
    merchantId: w.merchantId,
    merchantProductId: w.merchantProductId,
    globalProductId: w.globalProductId,
    expiresAt: w.expiresAt.toISOString(),
    claimed: w.claimedAt !== null,
    mintStatus: w.mintStatus,
    tokenId: w.tokenId === null ? null : String(w.tokenId),
    txHash: w.txHash,
    chainId: w.chainId,
    contractAddress: w.contractAddress,
    metadataCid: w.metadataCid,
    mintError: w.mintError,
  }
}

/** The event body: `{id, type, createdAt, data}`. */
export function eventPayload(id: string, type: string, data: object) {
  return { id, type, createdAt: new Date().toISOString(), data }
}

/**
 * `warranty.expiring` has one id per warranty (derived from it), so the hourly sweep can record
 * it again harmlessly: an endpoint gets it once.
 */
export function expiringEventId(warrantyId: string): string {
  const h = createHash('sha256').update(`warranty.expiring:${warrantyId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Writes the deliveries of `type` for these warranties; `onRecorded` runs when any was written. */
export function createWarrantyEvents(onRecorded: () => void): WarrantyEvents {
  return {
    async record(tx, type, warranties) {
      if (warranties.length === 0) return
      const merchantIds = [...new Set(warranties.map((w) => w.merchantId))]
      const endpoints = await subscribedEndpoints(tx, merchantIds, type)
      if (endpoints.length === 0) return
      const rows: NewDelivery[] = []
      for (const w of warranties) {
        const eventId = type === 'warranty.expiring' ? expiringEventId(w.id) : randomUUID()
        const payload = eventPayload(eventId, type, warrantyEventData(w))
        for (const endpoint of endpoints) {
          if (endpoint.merchantId === w.merchantId)
            rows.push({ endpointId: endpoint.id, eventId, eventType: type, payload })
        }
      }
      if ((await insertDeliveries(tx, rows)).length > 0) onRecorded()
    },
    async recordClaim(tx, type, merchantId, data) {
      const endpoints = await subscribedEndpoints(tx, [merchantId], type)
      if (endpoints.length === 0) return
      const eventId = randomUUID()
      const payload = eventPayload(eventId, type, { merchantId, ...data })
      const rows = endpoints.map((e) => ({ endpointId: e.id, eventId, eventType: type, payload }))
      if ((await insertDeliveries(tx, rows)).length > 0) onRecorded()
    },
  }
}

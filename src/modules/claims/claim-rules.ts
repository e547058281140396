import type { PreparedReceiptImage } from '../receipts/index.js'
import type { findSettings } from './claim-lookups.repository.js'
import type { ClaimListRow } from './claims.repository.js'
import type { ClaimView, ResolveInput } from './claims.schemas.js'

const DAY_MS = 86_400_000

/** A claim as every list and detail shows it. */
export function view(row: ClaimListRow): ClaimView {
  const c = row.claim
  return {
    id: c.id,
    status: c.status,
    category: c.category,
    description: c.description,
    warranty: {
      id: c.warrantyId,
      warrantyCode: row.warrantyCode,
      serialNumber: row.serialNumber,
      expiresAt: row.expiresAt.toISOString(),
      productName: row.productTitle,
      merchantProductId: row.merchantProductId,
    },
    merchant: { id: c.merchantId, name: row.merchantName },
    serviceProvider:
      c.serviceProviderId && row.serviceProviderName
        ? { id: c.serviceProviderId, name: row.serviceProviderName }
        : null,
    receiptId: c.receiptId,
    decisionNote: c.decisionNote,
    autoApproved: c.autoApproved,
    diagnosis: c.diagnosis,
    outcome: c.outcome,
    outcomeNote: c.outcomeNote,
    replacementSerial: c.replacementSerial,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    statusChangedAt: c.statusChangedAt.toISOString(),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
  }
}

/** The rule that approves a claim as it is opened (its text for the timeline), or null. */
export function autoApproval(
  settings: Awaited<ReturnType<typeof findSettings>>,
  warranty: { merchantProductId: string | null; purchaseDate: Date | null; createdAt: Date },
): string | null {
  if (!settings) return null
  if (warranty.merchantProductId && settings.autoApproveProductIds.includes(warranty.merchantProductId))
    return 'Approved by the merchant’s rule for this product'
  const days = settings.autoApproveWithinDays
  const bought = warranty.purchaseDate ?? warranty.createdAt
  if (days !== null && Date.now() - bought.getTime() <= days * DAY_MS)
    return `Approved by the merchant’s rule: within ${days} days of the purchase`
  return null
}

/** The service events an outcome records (public: fixed words and the public note only). */
export function outcomeEvents(
  input: ResolveInput,
  note: string | null,
  expiresAt: Date,
  extensionDays: number,
) {
  const suffix = note ? `: ${note}` : ''
  switch (input.outcome) {
    case 'REPAIRED': {
      const events: { kind: 'REPAIRED' | 'EXTENDED'; description: string; expiresAt?: string }[] = [
        { kind: 'REPAIRED', description: `Repaired under a warranty claim${suffix}` },
      ]
      if (extensionDays > 0) {
        const from = Math.max(expiresAt.getTime(), Date.now())
        events.push({
          kind: 'EXTENDED',
          description: `Coverage extended by ${extensionDays} days after a repair`,
          expiresAt: new Date(from + extensionDays * DAY_MS).toISOString(),
        })
      }
      return events
    }
    case 'REPLACED':
      return [
        {
          kind: 'REPLACED' as const,
          description: `Replaced under a warranty claim${suffix}`,
          serialNumber: input.replacementSerial ?? '',
        },
      ]
    case 'REFUNDED':
      return [
        { kind: 'VOIDED' as const, description: `Refunded under a warranty claim; coverage ended${suffix}` },
      ]
    case 'NOT_COVERED':
      return [
        { kind: 'CLAIM_CLOSED' as const, description: `Claim closed: not covered by the warranty${suffix}` },
      ]
  }
}

export function blobInputs(photos: readonly PreparedReceiptImage[]) {
  return photos.flatMap((p) => [
    { bytes: p.image, contentType: p.contentType },
    ...(p.thumbnail ? [{ bytes: p.thumbnail.bytes, contentType: p.thumbnail.contentType }] : []),
  ])
}

/** The photo rows of a save, each with the keys of its image and thumbnail among `put`. */
export function photoRows(
  claimId: string,
  messageId: string | null,
  photos: readonly PreparedReceiptImage[],
  put: readonly { key: string }[],
) {
  let i = 0
  return photos.map((p) => {
    const imageKey = put[i++]?.key ?? ''
    const thumbnailKey = p.thumbnail ? (put[i++]?.key ?? null) : null
    return {
      claimId,
      messageId,
      imageKey,
      thumbnailKey,
      contentType: p.contentType,
      width: p.width,
      height: p.height,
    }
  })
}

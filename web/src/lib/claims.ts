// Words for warranty claims, shared by the customer's pages and the consoles.
import type { components } from '../../../packages/client/src/schema'
import { formatDateTime } from './format'
import { wordsBy } from './i18n'

export type ClaimDetail = components['schemas']['ClaimDetail']
export type ClaimSummary = components['schemas']['Claim']
export type ClaimStatus = ClaimSummary['status']
export type ClaimCategory = ClaimSummary['category']
export type ClaimOutcome = NonNullable<ClaimSummary['outcome']>
export type ClaimParty = ClaimDetail['timeline'][number]['party']

export const CLAIM_STATUSES: readonly ClaimStatus[] = [
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'DENIED',
  'ASSIGNED',
  'IN_REPAIR',
  'RESOLVED',
  'CANCELLED',
]

const CATEGORIES: readonly ClaimCategory[] = [
  'NOT_WORKING',
  'DEFECT',
  'BATTERY',
  'DISPLAY',
  'DAMAGE',
  'OTHER',
]

/** Words by code, in the app's language (read from the catalogue each time, ./i18n.ts). */
export const CATEGORY_WORDS: Record<ClaimCategory, string> = wordsBy(CATEGORIES, (c) => `category.${c}`)

export const STATUS_WORDS: Record<ClaimStatus, string> = wordsBy(CLAIM_STATUSES, (s) => `status.${s}`)

/** The badge's tone (the existing .badge / .status colours): good, warn or bad. */
export function statusTone(status: ClaimStatus): 'good' | 'warn' | 'bad' | '' {
  switch (status) {
    case 'RESOLVED':
    case 'APPROVED':
      return 'good'
    case 'DENIED':
      return 'bad'
    case 'INFO_REQUESTED':
      return 'warn'
    default:
      return ''
  }
}

export const OUTCOME_WORDS: Record<ClaimOutcome, string> = wordsBy(
  ['REPAIRED', 'REPLACED', 'REFUNDED', 'NOT_COVERED'],
  (o) => `outcome.${o}`,
)

export const PARTY_WORDS: Record<ClaimParty, string> = wordsBy(
  ['CUSTOMER', 'MERCHANT', 'SERVICE_PROVIDER', 'SYSTEM'],
  (p) => `party.${p}`,
)

/** Open claims: the customer and the shop can still write. */
export const isOpen = (status: ClaimStatus) =>
  status === 'SUBMITTED' ||
  status === 'INFO_REQUESTED' ||
  status === 'APPROVED' ||
  status === 'ASSIGNED' ||
  status === 'IN_REPAIR'

/** The customer may cancel until the repair has started. */
export const canCancel = (status: ClaimStatus) =>
  status === 'SUBMITTED' || status === 'INFO_REQUESTED' || status === 'APPROVED' || status === 'ASSIGNED'

/** Photos a claim or a message carries at most, and their base64 together (under the 6 MB body). */
export const MAX_PHOTOS = 4
export const MAX_PHOTO_BASE64_TOTAL = 5_600_000
/** Largest side of a claim photo: enough to see a fault, four fit the request. */
export const PHOTO_SIDE = 1600

/** A photo chosen for a claim or a message, scaled, ready to send. */
export interface PickedPhoto {
  base64: string
  previewUrl: string
}

/** The photos' base64 for a request body (absent when there are none), and their previews freed. */
export function photosBody(photos: PickedPhoto[]): { photos?: string[] } {
  return photos.length > 0 ? { photos: photos.map((p) => p.base64) } : {}
}
export function freePhotos(photos: PickedPhoto[]): void {
  for (const p of photos) URL.revokeObjectURL(p.previewUrl)
}

/** A claim's moments, in the one date style (./format.ts). */
export function formatWhen(iso: string | null | undefined): string {
  return formatDateTime(iso)
}

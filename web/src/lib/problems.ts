// An API error answer in the customer's words (docs/web-app.md, "Languages"): each stable error
// code the customer app can meet (src/errors.ts, the OpenAPI document's `error` enum) has a
// message of the catalogue, in the language in use; a validation error names the fields its
// `details` point at, in the form's words. The API's own English `message` is shown only for a
// code this list does not know (one added to the API later). Plain module (no window, no
// fetch): unit-tested in test/web/problems.test.ts.
import { language, type MessageKey, t } from './i18n.js'

/** An error answer of the API: `{error, message}`, plus the Retry-After of a 429/503. */
export interface Problem {
  status: number
  error: string
  message: string
  retryAfterSeconds: number | null
  /** The answer's `details` (`{path, message}`), empty when it has none. */
  details: { path: string; message: string }[]
}

/**
 * The catalogue's message for each code the customer app can meet. Pages that know better say
 * more (a folder name taken, a claim already open, photos too large) before falling back here.
 * Codes only staff meet (invalid_credentials, merchant_suspended, provider_suspended, last_owner,
 * last_admin, self_offboarding, idempotency_key_reused) are left out: the console reads its problems itself.
 */
export const PROBLEM_MESSAGES = {
  invalid_json: 'problem.notReadable',
  headers_too_large: 'problem.notReadable',
  invalid_gtin: 'problem.invalidGtin',
  unauthorized: 'problem.signIn',
  invalid_link: 'problem.invalidLink',
  invalid_token: 'problem.invalidLink',
  expired: 'problem.expired',
  expired_token: 'problem.expired',
  token_used: 'problem.used',
  forbidden: 'problem.forbidden',
  account_suspended: 'problem.suspended',
  not_found: 'problem.notFound',
  request_timeout: 'problem.timeout',
  conflict: 'problem.conflict',
  receipt_quota_exceeded: 'problem.receiptQuota',
  invalid_state: 'problem.invalidState',
  warranty_expired: 'problem.warrantyExpired',
  warranty_voided: 'problem.warrantyVoided',
  claim_already_open: 'problem.claimOpen',
  payload_too_large: 'problem.tooLarge',
  not_registrable: 'problem.notRegistrable',
  unknown_serial: 'problem.unknownSerial',
  email_quota_exceeded: 'problem.emailQuota',
  internal_error: 'problem.server',
} as const satisfies Readonly<Record<string, MessageKey>>

/**
 * The fields a validation error can name (the request's property names, as in `details[].path`:
 * `/body/serialNumber`), each with the catalogue's word for it: the customer app's forms send
 * these. A field not listed is not named (the app sent it, not the customer).
 */
export const FIELD_WORDS = {
  email: 'field.email',
  toEmail: 'field.toEmail',
  name: 'field.name',
  folderId: 'field.folderId',
  merchant: 'field.merchant',
  date: 'field.date',
  total: 'field.total',
  items: 'field.items',
  imageBase64: 'field.imageBase64',
  receiptId: 'field.receiptId',
  body: 'field.body',
  description: 'field.description',
  category: 'field.category',
  photos: 'field.photos',
  address: 'field.address',
  signature: 'field.signature',
  message: 'field.message',
  gtin: 'field.gtin',
  serialNumber: 'field.serialNumber',
  purchaseDate: 'field.purchaseDate',
  shop: 'field.shop',
  reminderDaysBeforeExpiry: 'field.reminderDaysBeforeExpiry',
  subscriptionTier: 'field.subscriptionTier',
  language: 'field.language',
  code: 'field.code',
} as const satisfies Readonly<Record<string, MessageKey>>

/**
 * The field a detail's path points at: the first of its names (after `body`, `querystring`,
 * `params`) that is one of FIELD_WORDS. `/body/items/0/name` is the items, not a folder's name;
 * `/body/ocrData/total` is the total.
 */
export function fieldOfPath(path: string): keyof typeof FIELD_WORDS | null {
  for (const name of path.split('/').filter(Boolean).slice(1))
    if (Object.hasOwn(FIELD_WORDS, name)) return name as keyof typeof FIELD_WORDS
  return null
}

/**
 * A validation error in words: "Please check “Serial number”." with the label of each field its
 * details name (once each, in their order), or "Please check what you entered." when they name
 * none the customer filled in. The API's English detail is not shown.
 */
export function describeValidation(details: Problem['details']): string {
  const fields = [...new Set(details.map((d) => fieldOfPath(d.path)).filter((f) => f !== null))]
  if (fields.length === 0) return t('problem.validation')
  const quoted = fields.map((f) => t('problem.fieldQuoted', { field: t(FIELD_WORDS[f]) }))
  const list = new Intl.ListFormat(language(), { type: 'conjunction' }).format(quoted)
  return t('problem.checkFields', { fields: list })
}

/** Plain words for a wait in seconds. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return t('wait.seconds', { count: seconds })
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? t('wait.minute') : t('wait.minutes', { count: minutes })
}

/** Plain words for a problem, for an alert. */
export function describeProblem(problem: Problem): string {
  switch (problem.error) {
    case 'offline':
      return t('problem.offline')
    case 'too_many_requests':
      return t('problem.tooMany', { wait: waitInWords(problem.retryAfterSeconds ?? 60) })
    case 'unavailable':
      return t('problem.unavailable', { wait: waitInWords(problem.retryAfterSeconds ?? 10) })
    case 'validation_error':
      return describeValidation(problem.details)
  }
  const key = Object.hasOwn(PROBLEM_MESSAGES, problem.error)
    ? PROBLEM_MESSAGES[problem.error as keyof typeof PROBLEM_MESSAGES]
    : null
  return key ? t(key) : problem.message
}

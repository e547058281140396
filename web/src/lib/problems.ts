// An API error answer in the customer's words (docs/web-app.md, "Languages"): each stable error
// code the customer app can meet (src/errors.ts, the OpenAPI document's `error` enum) has a
// message of the catalogue, in the language in use. The API's own English `message` is shown
// only for a code this list does not know (one added to the API later). Plain module (no
// window, no fetch): unit-tested in test/web/problems.test.ts.
import { type MessageKey, t } from './i18n.js'

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
      // The API's words name the field and what is wrong with it (English: they are its own).
      return t('problem.validation', { message: problem.message })
  }
  const key = Object.hasOwn(PROBLEM_MESSAGES, problem.error)
    ? PROBLEM_MESSAGES[problem.error as keyof typeof PROBLEM_MESSAGES]
    : null
  return key ? t(key) : problem.message
}

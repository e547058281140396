/** The closed list of error codes a client can see, with their HTTP status. */
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  invalid_gtin: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_link: 401,
  expired: 401,
  invalid_token: 401,
  expired_token: 401,
  token_used: 401,
  forbidden: 403,
  account_suspended: 403,
  merchant_suspended: 403,
  provider_suspended: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  receipt_quota_exceeded: 409,
  invalid_state: 409,
  warranty_expired: 409,
  warranty_voided: 409,
  claim_already_open: 409,
  last_owner: 409,
  last_admin: 409,
  self_offboarding: 409,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  not_registrable: 422,
  unknown_serial: 422,
  too_many_requests: 429,
  email_quota_exceeded: 429,
  headers_too_large: 431,
  internal_error: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export interface ErrorDetail {
  path: string
  message: string
}

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  validation_error: 'The request is not valid',
  invalid_json: 'The body must be JSON sent with Content-Type: application/json',
  invalid_gtin: 'The GTIN is not a GTIN-8, -12, -13 or -14 with a correct GS1 check digit',
  unauthorized: 'A valid bearer token is required',
  invalid_credentials: 'E-mail or password is wrong',
  invalid_link: 'The link is not valid',
  expired: 'The link has expired',
  invalid_token: 'The token is not valid',
  expired_token: 'The token has expired',
  token_used: 'The token was already used',
  forbidden: 'Your role may not do this',
  account_suspended: 'The account is suspended',
  merchant_suspended: 'The merchant is suspended',
  provider_suspended: 'The service provider is suspended',
  not_found: 'Not found',
  request_timeout: 'The request was not received in time',
  conflict: 'The value is already taken',
  receipt_quota_exceeded: 'The receipt storage quota is used up: delete receipts first',
  invalid_state: 'Not allowed in the current state',
  warranty_expired: 'The warranty has expired',
  warranty_voided: 'The warranty was voided',
  claim_already_open: 'The warranty already has an open claim',
  last_owner: 'A merchant keeps at least one active owner',
  last_admin: 'The platform keeps at least one active admin',
  self_offboarding: 'You cannot suspend or remove your own account',
  payload_too_large: 'The body is too large',
  idempotency_key_reused: 'The Idempotency-Key was used with a different body',
  not_registrable: "The product's merchant does not take registrations of it",
  unknown_serial: 'The merchant did not make an item with this serial number',
  too_many_requests: 'Too many requests, try again later',
  email_quota_exceeded: "The merchant's daily quota of customer e-mails is used up",
  headers_too_large: 'The request line or headers are too large',
  internal_error: 'Something went wrong on our side',
  unavailable: 'The service is unavailable, try again later',
}

/** The error services throw; the HTTP error handler maps `code` to a status. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
    /** Seconds, sent as `Retry-After` (429 and 503). */
    readonly retryAfter?: number,
  ) {
    super(message ?? DEFAULT_MESSAGES[code])
    this.name = 'AppError'
    this.status = ERROR_STATUS[code]
  }
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code]
}

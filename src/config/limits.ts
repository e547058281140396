import { ConfigError, type Env, int, str } from './parse.js'

/** A fixed window: at most `limit` hits per `windowMs`. */
export interface LimitRule {
  limit: number
  windowMs: number
}

/**
 * Every rate limit of the service, one setting each (docs/security.md, Rate limits; docs/configuration.md
 * lists them): `RATE_LIMIT_<NAME>=<count>/<window>`, the window a number and a unit (`s`, `m`,
 * `h`, `d`), e.g. `RATE_LIMIT_OCR_PER_ADDRESS=120/10m`. Addresses are counted per IPv4 address
 * and per IPv6 /64 (src/lib/client-address.ts).
 */
export const RATE_LIMITS = {
  loginPerAccountAddress: {
    env: 'RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS',
    def: '5/15m',
    what: 'staff logins of one account from one client address (a success clears it)',
  },
  loginPerAccount: {
    env: 'RATE_LIMIT_LOGIN_PER_ACCOUNT',
    def: '100/15m',
    what: 'staff logins of one account from every address together; over it only addresses that signed in before may try',
  },
  loginPerAddress: {
    env: 'RATE_LIMIT_LOGIN_PER_ADDRESS',
    def: '100/15m',
    what: 'staff login attempts, per client address',
  },
  changePassword: {
    env: 'RATE_LIMIT_CHANGE_PASSWORD',
    def: '5/15m',
    what: 'change-password attempts, per user (a success clears it)',
  },
  passwordResetPerEmail: {
    env: 'RATE_LIMIT_PASSWORD_RESET_PER_EMAIL',
    def: '3/15m',
    what: 'staff password reset e-mails, per address asked for (over it: the same answer, nothing sent)',
  },
  passwordResetPerAddress: {
    env: 'RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS',
    def: '20/15m',
    what: 'staff forgot-password requests, per client address (over it: the same answer, nothing sent)',
  },
  staffLinkUse: {
    env: 'RATE_LIMIT_STAFF_LINK_USE',
    def: '20/15m',
    what: 'accepting a staff invitation or resetting a password, per client address',
  },
  invitationResend: {
    env: 'RATE_LIMIT_INVITATION_RESEND',
    def: '3/15m',
    what: 'invitation e-mails sent again, per invited user',
  },
  ocrPerAddress: {
    env: 'RATE_LIMIT_OCR_PER_ADDRESS',
    def: '30/10m',
    what: 'anonymous receipt OCR, per client address',
  },
  verifyPerAddress: {
    env: 'RATE_LIMIT_VERIFY_PER_ADDRESS',
    def: '60/1m',
    what: 'public certificate verification, per client address',
  },
  resendLinkPerClaim: {
    env: 'RATE_LIMIT_RESEND_LINK_PER_CLAIM',
    def: '3/15m',
    what: 'resend-link, per claim id',
  },
  resendLinkPerEmail: {
    env: 'RATE_LIMIT_RESEND_LINK_PER_EMAIL',
    def: '5/1h',
    what: 'resend-link e-mails, per customer e-mail address',
  },
  resendLinkPerMerchant: {
    env: 'RATE_LIMIT_RESEND_LINK_PER_MERCHANT',
    def: '100/1h',
    what: "resend-link e-mails, per warranty's merchant",
  },
  resendLinkPerAddress: {
    env: 'RATE_LIMIT_RESEND_LINK_PER_ADDRESS',
    def: '20/15m',
    what: 'resend-link, per client address',
  },
  accessPerEmail: {
    env: 'RATE_LIMIT_ACCESS_PER_EMAIL',
    def: '5/15m',
    what: 'request-access e-mails, per address asked for',
  },
  accessPerAddress: {
    env: 'RATE_LIMIT_ACCESS_PER_ADDRESS',
    def: '20/15m',
    what: 'request-access, per client address',
  },
  resendNotification: {
    env: 'RATE_LIMIT_RESEND_NOTIFICATION',
    def: '3/15m',
    what: 'merchant resend of a warranty notification, per warranty',
  },
  senderRegister: {
    env: 'RATE_LIMIT_SENDER_REGISTER',
    def: '30/1h',
    what: 'sender address registrations, per merchant',
  },
  senderVerificationEmail: {
    env: 'RATE_LIMIT_SENDER_VERIFICATION_EMAIL',
    def: '5/1h',
    what: 'sender verification e-mails, per address',
  },
  senderResend: {
    env: 'RATE_LIMIT_SENDER_RESEND',
    def: '3/15m',
    what: 'sender verification resend, per sender address',
  },
  give: { env: 'RATE_LIMIT_GIVE', def: '5/1h', what: 'giving a warranty away by e-mail, per customer' },
  receiptSaves: {
    env: 'RATE_LIMIT_RECEIPT_SAVES',
    def: '60/1h',
    what: 'receipts saved (API and customer inbox), per customer',
  },
} as const

export type LimitName = keyof typeof RATE_LIMITS
export type RateLimits = Readonly<Record<LimitName, LimitRule>>

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

export function parseLimit(setting: string, value: string): LimitRule {
  const m = /^(\d{1,9})\/(\d{1,6})(s|m|h|d)$/.exec(value.trim())
  if (!m) throw new ConfigError(setting, `expected <count>/<window>, e.g. 30/10m, got "${value}"`)
  const limit = Number(m[1])
  const windowMs = Number(m[2]) * UNIT_MS[m[3] as keyof typeof UNIT_MS]
  if (limit < 1 || windowMs < 1000 || windowMs > 7 * UNIT_MS.d) {
    throw new ConfigError(setting, 'expected a count of at least 1 and a window of 1s to 7d')
  }
  return { limit, windowMs }
}

/** The limits as set, each default where its setting is absent. */
export function rateLimits(env: Env = {}): RateLimits {
  const out = {} as Record<LimitName, LimitRule>
  for (const [name, spec] of Object.entries(RATE_LIMITS) as [LimitName, (typeof RATE_LIMITS)[LimitName]][]) {
    out[name] = parseLimit(spec.env, str(env, spec.env) ?? spec.def)
  }
  return out
}

/** Quotas: amounts over a long window, kept in the database (docs/security.md, Quotas). */
export interface QuotasConfig {
  /** Claim e-mails (issue, bulk, CSV import, resend) a merchant may cause per UTC day. */
  merchantEmailsPerDay: number
  /** Receipts a customer may keep, and their stored bytes. */
  receiptsPerCustomer: number
  receiptBytesPerCustomer: number
}

export function quotasConfig(env: Env): QuotasConfig {
  return {
    merchantEmailsPerDay: int(env, 'QUOTA_MERCHANT_EMAILS_PER_DAY', 1000, 1, 10_000_000),
    receiptsPerCustomer: int(env, 'QUOTA_RECEIPTS_PER_CUSTOMER', 2000, 1, 10_000_000),
    receiptBytesPerCustomer: int(env, 'QUOTA_RECEIPT_BYTES_PER_CUSTOMER', 1024 * 1024 * 1024, 1024, 2 ** 50),
  }
}

/** The in-process counters' bound (without REDIS_URL): past it, the oldest window is dropped. */
export function rateLimitMaxKeys(env: Env): number {
  return int(env, 'RATE_LIMIT_MAX_KEYS', 100_000, 100, 100_000_000)
}

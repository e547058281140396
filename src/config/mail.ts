import { ConfigError, type Env, int, str, url } from './parse.js'

/** Outgoing e-mail (docs/email.md): the SMTP server and the outbox's delivery. */
export interface MailConfig {
  /** SMTP_URL; unset = the embedded default (.eml files). */
  smtpUrl: string | null
  /** MAIL_FROM: an address or "Name <address>". */
  from: string
  /** Delay before the first retry; doubled on each later one (capped at one hour). */
  retryDelaySeconds: number
  /** A message is FAILED after this many attempts. */
  maxAttempts: number
  /** Messages delivered at once, and the pooled SMTP connections. */
  concurrency: number
  /** Due messages read per statement. */
  batchSize: number
}

export function mailConfig(env: Env): MailConfig {
  const from = str(env, 'MAIL_FROM') ?? 'Warranty Service <no-reply@warranty.local>'
  if (!/<[^\s@]+@[^\s@]+>$|^[^\s@]+@[^\s@]+$/.test(from)) {
    throw new ConfigError('MAIL_FROM', 'expected an address or "Name <address>"')
  }
  return {
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    from,
    retryDelaySeconds: int(env, 'MAIL_RETRY_DELAY_SECONDS', 10, 1, 3600),
    maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 10, 1, 50),
    concurrency: int(env, 'MAIL_CONCURRENCY', 10, 1, 100),
    batchSize: int(env, 'MAIL_BATCH_SIZE', 200, 1, 1000),
  }
}

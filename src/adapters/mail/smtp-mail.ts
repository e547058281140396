import { connect, type Socket } from 'node:net'
import nodemailer from 'nodemailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js'
import type { Logger } from 'pino'
import { withTimeout } from '../../lib/async.js'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import { checkOutgoingMail, oneLine } from './outgoing-mail.js'
import type { MailHealth, MailPort, MailSendResult } from './port.js'

export interface SmtpMailOptions {
  /** `smtp://[user:pass@]host[:port]` (STARTTLS when offered, port 587 by default) or `smtps://…` (TLS, 465). */
  url: string
  /** The From header and envelope sender (`config.mail.from`). */
  from: string
  logger: Logger
  /** TCP connect (default 15 s). */
  connectionTimeoutMs?: number
  /** From connect to the server's 220 greeting (default 15 s). */
  greetingTimeoutMs?: number
  /** Silence on an open connection (default 30 s). */
  socketTimeoutMs?: number
  /** The whole `health()` check (default 10 s). */
  healthTimeoutMs?: number
  /** A last guard on one `send()`, queueing in the pool included (default 2 min). */
  sendTimeoutMs?: number
  /** Pooled connections (default 10; `MAIL_CONCURRENCY`). */
  maxConnections?: number
}

interface SmtpError extends Error {
  code?: string
  responseCode?: number
  response?: string
  command?: string
}

// Failures of the connection itself (refused, reset, timeouts, greeting, TLS): another
// attempt can succeed whatever the server answered. Credentials refused (EAUTH) are
// the operator's to fix and concern every message alike, so the message waits too.
const RETRYABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
  'EAUTH',
  'NoAuth',
])
// Refused by nodemailer before or without an SMTP answer: the message itself is wrong.
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EREQUIRETLS'])

/** Whether a nodemailer error can go away on a later attempt. */
export function isRetryableSmtpError(err: SmtpError): boolean {
  if (err.code && RETRYABLE_CODES.has(err.code)) return true
  if (typeof err.responseCode === 'number') return err.responseCode < 500
  if (err.code && PERMANENT_CODES.has(err.code)) return false
  return true
}

/**
 * Production transport: a pool of SMTP connections (nodemailer `pool: true`) to the
 * server of `SMTP_URL`. The Message-ID is ours, so a retried message keeps it.
 */
export function createSmtpMail(options: SmtpMailOptions): MailPort {
  const target = parseSmtpUrl(options.url)
  const secrets = target.auth ? secretForms(target.auth.user, target.auth.pass) : []
  const healthTimeoutMs = options.healthTimeoutMs ?? 10_000
  const sendTimeoutMs = options.sendTimeoutMs ?? 120_000

  const transporter = nodemailer.createTransport(poolOptions(target, options))
  transporter.on('error', (err) =>
    options.logger.warn({ err: describe(err, target.display, secrets) }, 'smtp pool error'),
  )
  let closed = false

  function failure(err: unknown, action: string): AdapterError {
    const e = (err instanceof Error ? err : new Error(String(err))) as SmtpError
    return new AdapterError(`${action} ${describe(e, target.display, secrets)}`, isRetryableSmtpError(e))
  }

  return {
    async send(mail): Promise<MailSendResult> {
      // nodemailer's closed pool drops a message without ever calling back.
      if (closed) throw new AdapterClosedError('smtp mail adapter')
      const { messageId } = checkOutgoingMail(mail)
      let info: SMTPPool.SentMessageInfo
      try {
        info = await withTimeout(
          transporter.sendMail({
            from: options.from,
            to: mail.to,
            subject: oneLine(mail.subject),
            text: mail.text,
            html: mail.html,
            messageId,
            headers: mail.headers ?? {},
            // What nodemailer would pick for our mostly-Latin messages, without its scan of
            // every part for it (an array of each letter: about 5 % of the drain's CPU).
            textEncoding: 'quoted-printable',
          }),
          sendTimeoutMs,
          () => Object.assign(new Error(`no answer within ${sendTimeoutMs} ms`), { code: 'ETIMEDOUT' }),
        )
      } catch (err) {
        throw failure(err, 'smtp send failed:')
      }
      const rejected = info.rejectedErrors?.[0] as SmtpError | undefined
      if (rejected || info.rejected.length > 0) {
        throw failure(rejected ?? new Error('recipient rejected'), 'smtp send failed:')
      }
      options.logger.debug({ messageId, response: info.response }, 'mail handed to smtp server')
      return { providerId: providerId(info.response) }
    },

    async health(): Promise<MailHealth> {
      if (closed) return { ok: false, reason: 'smtp mail adapter is closed' }
      try {
        await withTimeout(transporter.verify(), healthTimeoutMs, () =>
          Object.assign(new Error(`no answer within ${healthTimeoutMs} ms`), { code: 'ETIMEDOUT' }),
        )
        return { ok: true }
      } catch (err) {
        return { ok: false, reason: failure(err, 'smtp check failed:').message }
      }
    },

    async close() {
      if (closed) return
      closed = true
      transporter.close()
    },
  }
}

/** nodemailer's pool settings (the timeouts and limits docs/email.md states). */
function poolOptions(
  target: SmtpTarget,
  options: SmtpMailOptions,
): SMTPPool.Options & { maxRequeues: number } {
  return {
    pool: true,
    host: target.host,
    port: target.port,
    secure: target.secure,
    ...(target.auth ? { auth: target.auth } : {}),
    connectionTimeout: options.connectionTimeoutMs ?? 15_000,
    greetingTimeout: options.greetingTimeoutMs ?? 15_000,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
    dnsTimeout: options.connectionTimeoutMs ?? 15_000,
    maxConnections: options.maxConnections ?? 10,
    maxMessages: 100,
    // No Nagle delay: nodemailer writes the end of DATA (`.`) apart from the body, and a small
    // segment behind unacknowledged data waits for the server's delayed ACK (40 ms on Linux),
    // about 50 ms a message on a connection. So the pool gets TCP sockets opened here; nodemailer
    // starts TLS on them itself (at once for smtps, after STARTTLS otherwise), as it would on its own.
    getSocket: (_opts: unknown, callback: (err: null, socket: { connection: Socket }) => void) =>
      callback(null, {
        connection: connect({
          host: target.host,
          port: target.port ?? (target.secure ? 465 : 587),
          noDelay: true,
        }),
      }),
    // A connection that drops mid-message puts the message back in the pool's queue;
    // unbounded by default, once is enough: the job retries after that.
    maxRequeues: 1,
    logger: false,
  }
}

interface SmtpTarget {
  host: string
  port: number | undefined
  secure: boolean
  auth: { user: string; pass: string } | null
  /** scheme://host:port, never the credentials. */
  display: string
}

export function parseSmtpUrl(raw: string): SmtpTarget {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AdapterError('SMTP_URL is not a valid URL', false)
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new AdapterError('SMTP_URL must start with smtp:// or smtps://', false)
  }
  const secure = url.protocol === 'smtps:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = url.port ? Number(url.port) : undefined
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : null
  return {
    host,
    port,
    secure,
    auth,
    display: `${url.protocol}//${url.hostname}:${port ?? (secure ? 465 : 587)}`,
  }
}

function describe(err: SmtpError, target: string, secrets: string[]): string {
  const parts = [err.message]
  if (err.code) parts.push(`code=${err.code}`)
  if (err.command) parts.push(`command=${err.command}`)
  let text = `${parts.join(' ')} (${target})`
  for (const secret of secrets) text = text.replaceAll(secret, '***')
  return text
}

// The password as it could appear: raw, URL-encoded, in an AUTH PLAIN or LOGIN token.
function secretForms(user: string, pass: string): string[] {
  if (pass.length < 1) return []
  return [
    pass,
    encodeURIComponent(pass),
    Buffer.from(pass).toString('base64'),
    Buffer.from(`\u0000${user}\u0000${pass}`).toString('base64'),
  ].filter((s, i, all) => s.length >= 3 && all.indexOf(s) === i)
}

function providerId(response: string | undefined): string | null {
  if (!response) return null
  const queued = /queued as ([^\s>]+)/i.exec(response)?.[1]
  return queued ?? response.trim()
}

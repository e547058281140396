import type { KeptMailbox } from './outbox-reader.js'

/**
 * One e-mail, ready for a transport. It is rendered from a template before it gets
 * here; the port does not know about templates.
 */
export interface OutgoingMail {
  /** One recipient address (`jane@example.com`); lists and display names are refused. */
  to: string
  /** The subject, as plain text (line breaks are folded to spaces). */
  subject: string
  /** The plain-text part. */
  text: string
  /** The HTML part. */
  html: string
  /**
   * Our own stable Message-ID, `<uuid@host>` (see `createMessageId`), the same on every
   * attempt of one message so that retries can be de-duplicated: the outbox writes a
   * given id once, and receivers see one Message-ID however often SMTP was tried.
   */
  messageId: string
  /** Extra headers (`List-Unsubscribe`, …); they never replace From, To, Subject, Date or Message-ID. */
  headers?: Record<string, string>
}

export interface MailSendResult {
  /**
   * What the transport calls the message: the SMTP server's queue id (or its whole
   * `250` answer when it names none), the outbox's file name; null when unknown.
   */
  providerId: string | null
}

export type MailHealth = { ok: true } | { ok: false; reason: string }

/**
 * Sends e-mail. Every failure is an `AdapterError` whose `retryable` says whether a
 * later attempt can help: SMTP 4xx answers, refused or reset connections, timeouts
 * and greeting failures are retryable; SMTP 5xx answers (550 mailbox unavailable,
 * 553 …) and messages refused before sending (bad address, bad Message-ID) are not.
 * Error messages carry the SMTP code and text, never credentials.
 */
export interface MailPort {
  /** Hands one message to the transport; resolves once it has accepted it. */
  send(mail: OutgoingMail): Promise<MailSendResult>
  /** Whether the transport can take messages now (SMTP: connect and log in). Never throws. */
  health(): Promise<MailHealth>
  /**
   * The messages this transport keeps, to read back (the `.eml` outbox outside production, for
   * the development mail page); absent when it keeps none (SMTP) or may not show them.
   */
  readonly kept?: KeptMailbox
  /** Releases connections; idempotent. `send` after `close` throws a retryable `AdapterError`. */
  close(): Promise<void>
}

/**
 * Inbound SMTP: the embedded listener that receives mail for the receipt inboxes and hands each
 * recipient and message to callbacks (docs/inbound-mail.md).
 */
export {
  type InboundEnvelope,
  type InboundSmtpListener,
  type InboundSmtpOptions,
  SmtpReply,
  startInboundSmtp,
} from './smtp-listener.js'

/**
 * DNS lookups of sender authentication (SPF, DKIM keys, DMARC), as `mailauth` calls them: TXT
 * answers as arrays of strings. Unset = the system resolver; tests supply their own records.
 */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>

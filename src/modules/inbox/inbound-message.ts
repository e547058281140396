import { createHash } from 'node:crypto'
import { type SniffedType, sniffType } from '../../lib/image-sniff.js'
import { singleFromAddress } from './from-header.js'
import { InboxRefusal } from './inbox-refusal.js'

/** Attachment types that become receipts (sniffed from the bytes, never from the declared type). */
const RECEIPT_TYPES: ReadonlySet<SniffedType> = new Set(['jpeg', 'png', 'webp', 'heic', 'pdf'])
/** A Message-ID longer than this is replaced by the message digest (the column is indexed). */
const MAX_MESSAGE_ID = 500

export interface ReceiptAttachment {
  bytes: Uint8Array
  filename: string
}

/** What ingestion needs of a parsed message. */
export interface InboundMessage {
  /** The single From address, lower-cased. */
  from: string
  fromDomain: string
  /** The Message-ID header, or `sha256:<hex of the raw message>` when there is none. */
  messageKey: string
  subject: string | null
  /** Image and PDF attachments, in message order. */
  receipts: ReceiptAttachment[]
}

/**
 * Parses a raw message (mailparser). Attachments embedded in an HTML body (`multipart/related`:
 * logos, icons) are neither counted nor kept; every other attachment counts against
 * `maxAttachments` (over: 552), and those that are JPEG, PNG, WebP, HEIC or PDF become receipts.
 */
export async function parseInboundMessage(raw: Buffer, maxAttachments: number): Promise<InboundMessage> {
  const from = singleFromAddress(raw)
  // Loaded with the first message (mailparser and its character sets: ~0.1 s of every start otherwise).
  const { simpleParser } = await import('mailparser')
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true })
  // The parser must read the same author as the strict reading (and as sender authentication).
  const parsedFrom = parsed.from?.value ?? []
  if (parsedFrom.length !== 1 || parsedFrom[0]?.address?.toLowerCase() !== from) {
    throw InboxRefusal.of('malformed', 'From header: the address is ambiguous')
  }
  const at = from.lastIndexOf('@')
  const attachments = parsed.attachments.filter((a) => !a.related)
  if (attachments.length > maxAttachments) {
    throw InboxRefusal.of('too_many_attachments', `At most ${maxAttachments} attachments per message`)
  }
  const receipts = attachments
    .filter((a) => RECEIPT_TYPES.has(sniffType(a.content)))
    .map((a, i) => ({ bytes: new Uint8Array(a.content), filename: a.filename ?? `attachment-${i + 1}` }))
  const messageId = parsed.messageId?.trim()
  return {
    from,
    fromDomain: from.slice(at + 1),
    messageKey:
      messageId && messageId.length <= MAX_MESSAGE_ID
        ? messageId
        : `sha256:${createHash('sha256').update(raw).digest('hex')}`,
    subject: parsed.subject?.slice(0, 500) ?? null,
    receipts,
  }
}

import { randomUUID } from 'node:crypto'
import { AdapterError } from '../adapter-error.js'
import type { OutgoingMail } from './port.js'

// One plain address: no display name, no list, no line break.
const ADDRESS_RE = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/
// RFC 5322 msg-id, kept to printable ASCII: <left@right>.
const MESSAGE_ID_RE = /^<[\x21-\x3b\x3d\x3f\x41-\x7e]+@[\x21-\x3b\x3d\x3f\x41-\x7e]+>$/
const HEADER_NAME_RE = /^[\x21-\x39\x3b-\x7e]+$/
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'sender',
  'reply-to',
])

/**
 * A new Message-ID on the domain of `from` (`Name <no-reply@example.com>` or a bare
 * address): create it once when the message is queued and keep it for every attempt.
 */
export function createMessageId(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  const domain = address.split('@').pop()?.trim().toLowerCase()
  return `<${randomUUID()}@${domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'}>`
}

/**
 * Checks what both adapters rely on and answers the Message-ID with its angle
 * brackets. Bad input is a programming error: not retryable.
 */
export function checkOutgoingMail(mail: OutgoingMail): { messageId: string } {
  if (typeof mail.to !== 'string' || !ADDRESS_RE.test(mail.to)) {
    throw new AdapterError('mail refused: "to" must be one e-mail address', false)
  }
  const raw = typeof mail.messageId === 'string' ? mail.messageId.trim() : ''
  const messageId = raw.startsWith('<') ? raw : `<${raw}>`
  if (!MESSAGE_ID_RE.test(messageId)) {
    throw new AdapterError('mail refused: "messageId" must look like <id@host>', false)
  }
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME_RE.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new AdapterError(`mail refused: header "${name}" may not be set`, false)
    }
    if (typeof value !== 'string' || /[\r\n]/.test(value)) {
      throw new AdapterError(`mail refused: header "${name}" must be one line of text`, false)
    }
  }
  return { messageId }
}

/** The subject on one line, as nodemailer would fold it anyway. */
export function oneLine(subject: string): string {
  return subject.replace(/[\r\n\t]+/g, ' ').trim()
}

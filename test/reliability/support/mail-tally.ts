/**
 * Claim e-mails that reached the SMTP sink, per acknowledged warranty. Each warranty was
 * issued to a customer address of its own, so the recipient identifies the warranty; a
 * message is counted once per Message-ID (a resend of the same message after a crash is
 * the same e-mail to its reader's mail client, and is reported as `resentSameMessageId`).
 */
import type { SmtpSink } from '../../support/smtp-sink.js'
import type { AckedWarranty } from './issue-load.js'

/** Which messages count (e.g. only claim e-mails when reminders and shares go to the same sink). */
export type MailFilter = (message: SmtpSink['messages'][number]) => boolean

/** A claim e-mail: its text carries the claim link (`…claimId=…`). */
export const isClaimMail: MailFilter = (message) => /claimId=/.test(message.text ?? '')

export interface MailTally {
  /** Acknowledged warranties with exactly one distinct message. */
  mailedOnce: number
  /** Acknowledged warranties with no message. */
  missing: number
  /** Acknowledged warranties with two or more distinct Message-IDs. */
  duplicated: number
  /** Deliveries of a Message-ID already delivered. */
  resentSameMessageId: number
  /** Messages whose text does not name the warranty code of their recipient's warranty. */
  wrongContent: number
  /** Messages to recipients without an acknowledged issue (requests cut by a kill, which committed). */
  toUnacknowledged: number
  examples: string[]
}

export function tallyMail(
  sink: SmtpSink,
  ackedByEmail: Map<string, AckedWarranty>,
  filter: MailFilter = () => true,
): MailTally {
  const idsByRecipient = new Map<string, Set<string>>()
  const seen = new Set<string>()
  const tally: MailTally = {
    mailedOnce: 0,
    missing: 0,
    duplicated: 0,
    resentSameMessageId: 0,
    wrongContent: 0,
    toUnacknowledged: 0,
    examples: [],
  }
  const note = (text: string) => {
    if (tally.examples.length < 10) tally.examples.push(text)
  }
  for (const message of sink.messages) {
    if (!filter(message)) continue
    const messageId = message.messageId ?? `(none ${seen.size})`
    if (seen.has(messageId)) {
      tally.resentSameMessageId++
      continue
    }
    seen.add(messageId)
    for (const to of message.envelope.to) {
      const warranty = ackedByEmail.get(to)
      if (!warranty) {
        tally.toUnacknowledged++
        continue
      }
      const ids = idsByRecipient.get(to) ?? new Set<string>()
      ids.add(messageId)
      idsByRecipient.set(to, ids)
      if (!(message.text ?? '').includes(warranty.warrantyCode)) {
        tally.wrongContent++
        note(`${messageId} to ${to} does not name ${warranty.warrantyCode}`)
      }
    }
  }
  for (const [email, warranty] of ackedByEmail) {
    const count = idsByRecipient.get(email)?.size ?? 0
    if (count === 1) tally.mailedOnce++
    else if (count === 0) tally.missing++
    else {
      tally.duplicated++
      note(`warranty ${warranty.id} (${email}) got ${count} distinct messages`)
    }
  }
  return tally
}

/** How many acknowledged warranties have at least one message (cheap, for polling). */
export function mailedCount(
  sink: SmtpSink,
  ackedByEmail: Map<string, AckedWarranty>,
  filter: MailFilter = () => true,
): number {
  const reached = new Set<string>()
  for (const message of sink.messages) {
    if (!filter(message)) continue
    for (const to of message.envelope.to) if (ackedByEmail.has(to)) reached.add(to)
  }
  return reached.size
}

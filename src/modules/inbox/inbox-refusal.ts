import { AppError, type ErrorCode } from '../../errors.js'

/** Why a message (or a recipient) is not taken: one reason, its SMTP reply and its HTTP error. */
export type RefusalKind =
  | 'unknown_recipient'
  | 'sender_not_allowed'
  | 'not_authenticated'
  | 'authentication_unavailable'
  | 'too_big'
  | 'too_many_attachments'
  | 'no_receipts'
  | 'malformed'

const REPLIES: Record<RefusalKind, { smtp: number; enhanced: string; http: ErrorCode }> = {
  unknown_recipient: { smtp: 550, enhanced: '5.1.1', http: 'not_found' },
  sender_not_allowed: { smtp: 550, enhanced: '5.7.1', http: 'forbidden' },
  // RFC 7372: 5.7.26, multiple authentication checks failed.
  not_authenticated: { smtp: 550, enhanced: '5.7.26', http: 'forbidden' },
  authentication_unavailable: { smtp: 451, enhanced: '4.7.26', http: 'unavailable' },
  too_big: { smtp: 552, enhanced: '5.3.4', http: 'payload_too_large' },
  too_many_attachments: { smtp: 552, enhanced: '5.3.4', http: 'payload_too_large' },
  no_receipts: { smtp: 550, enhanced: '5.6.0', http: 'validation_error' },
  malformed: { smtp: 550, enhanced: '5.6.0', http: 'validation_error' },
}

/**
 * A refusal of the inbox. `responseCode` and the message are what the SMTP listener answers
 * (`550 5.7.1 …`); `toAppError` is what the HTTP route answers.
 */
export class InboxRefusal extends Error {
  readonly responseCode: number

  private constructor(
    readonly kind: RefusalKind,
    readonly text: string,
  ) {
    const reply = REPLIES[kind]
    super(`${reply.enhanced} ${text}`)
    this.name = 'InboxRefusal'
    this.responseCode = reply.smtp
  }

  static of(kind: RefusalKind, text: string): InboxRefusal {
    return new InboxRefusal(kind, text)
  }

  toAppError(): AppError {
    const code = REPLIES[this.kind].http
    return new AppError(code, this.text, undefined, code === 'unavailable' ? 60 : undefined)
  }
}

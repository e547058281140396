import { createMessageId } from '../../adapters/mail/index.js'
import type { Tx } from '../../db/client.js'
import { mailMessages } from '../../db/schema/index.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailJobContent } from './templates/index.js'

export const SEND_MAIL_JOB = 'mail.send'

export interface MailRequest {
  to: string
  content: MailJobContent
  /** What the message is about (shown in logs and kept on the record). */
  about?: { type: string; id: string }
}

/**
 * The one way the service sends e-mail: a `mail_messages` row and a `mail.send` job,
 * both written in the caller's transaction, so a message exists if and only if the change
 * that needs it committed. The job renders and sends it, with retries.
 */
export class MailOutbox {
  constructor(private readonly deps: { queue: JobQueue; from: string }) {}

  async enqueue(tx: Tx, request: MailRequest): Promise<string> {
    const [row] = await tx
      .insert(mailMessages)
      .values({
        template: request.content.template,
        data: request.content.data,
        toAddress: request.to,
        messageId: createMessageId(this.deps.from),
        subjectType: request.about?.type ?? null,
        subjectId: request.about?.id ?? null,
      })
      .returning({ id: mailMessages.id })
    if (!row) throw new Error('mail message not recorded')
    await this.deps.queue.send(SEND_MAIL_JOB, { mailId: row.id }, { tx, singletonKey: row.id })
    return row.id
  }
}

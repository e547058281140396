import { drainJob } from '../../jobs/queue.js'
import { DISPATCH_MAIL_JOB, type MailOutbox } from './mail.service.js'

/**
 * `mail.dispatch`: delivers every due message of the outbox. Per-message retries and backoff
 * are kept on the messages themselves.
 */
export const dispatchMailJob = (outbox: MailOutbox) =>
  drainJob(DISPATCH_MAIL_JOB, () => outbox.dispatch(), 'mail dispatched')

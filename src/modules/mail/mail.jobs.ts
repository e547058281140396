import { defineJob } from '../../jobs/queue.js'
import { DISPATCH_MAIL_JOB, type MailOutbox } from './mail.service.js'

/**
 * `mail.dispatch`: delivers every due message of the outbox. A stately queue: one run waits
 * and one runs at most, across every process. Per-message retries and backoff are kept on
 * the messages themselves; a run that fails as a whole (the database away) is retried by
 * pg-boss.
 */
export const dispatchMailJob = (outbox: MailOutbox) =>
  defineJob<Record<string, never>>({
    name: DISPATCH_MAIL_JOB,
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const counts = await outbox.dispatch()
      if (counts.sent + counts.failed + counts.retrying > 0) ctx.logger.info(counts, 'mail dispatched')
    },
  })

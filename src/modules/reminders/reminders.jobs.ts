import { defineJob } from '../../jobs/queue.js'
import { type RemindersService, SEND_REMINDERS_JOB } from './reminders.service.js'

/**
 * `reminders.send`: sends every due reminder of the send log (what a cron call left, and the
 * retries). A stately queue: one run waits and one runs at most, across every process; rows
 * are claimed one attempt at a time, so even two runs side by side never send one twice.
 */
export const sendRemindersJob = (reminders: RemindersService) =>
  defineJob<Record<string, never>>({
    name: SEND_REMINDERS_JOB,
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const counts = await reminders.dispatch()
      if (counts.sent + counts.failed > 0) ctx.logger.info(counts, 'reminders sent')
    },
  })

import { drainJob } from '../../jobs/queue.js'
import { type RemindersService, SEND_REMINDERS_JOB } from './reminders.service.js'

/**
 * `reminders.send`: sends every due reminder of the send log (what a cron call left, and the
 * retries). Rows are claimed one attempt at a time, so even two runs side by side never send
 * one twice.
 */
export const sendRemindersJob = (reminders: RemindersService) =>
  drainJob(SEND_REMINDERS_JOB, () => reminders.dispatch(), 'reminders sent')

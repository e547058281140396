import type { Logger } from 'pino'
import type { PushPort } from '../../adapters/push/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailOutbox } from '../mail/index.js'
import { CalendarService } from './calendar.service.js'
import { DEFAULT_DELIVERY } from './reminder-delivery.js'
import { sendRemindersJob } from './reminders.jobs.js'
import { remindersRoutes } from './reminders.routes.js'
import { type ReminderSettings, RemindersService } from './reminders.service.js'

export type { ReminderRun, ReminderSettings, RemindersService } from './reminders.service.js'
export { SEND_REMINDERS_JOB } from './reminders.service.js'

/** How often a worker looks for due reminders whose wake-up was lost (retries, a crashed run). */
const REMINDERS_SWEEP_MS = 30_000

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  ...DEFAULT_DELIVERY,
  routeBudgetMs: 5_000,
  jobBudgetMs: 4 * 60_000,
}

/** Warranty expiry reminders (the cron route, `reminders.send`) and the customer's calendar feed. */
export function remindersFeature(
  deps: {
    db: Db
    push: PushPort
    queue: JobQueue
    logger: Logger
    /** `push.reminderLeaseSeconds`: REMINDER_LEASE_SECONDS. */
    config: { appUrl: string; publicApiUrl: string; push?: { reminderLeaseSeconds: number } }
    settings?: Partial<ReminderSettings>
  },
  uses: { mail: MailOutbox },
): Feature<RemindersService> {
  const service = new RemindersService({
    db: deps.db,
    push: deps.push,
    queue: deps.queue,
    mail: uses.mail,
    logger: deps.logger.child({ component: 'reminders' }),
    appUrl: deps.config.appUrl,
    settings: {
      ...DEFAULT_REMINDER_SETTINGS,
      ...(deps.config.push ? { leaseSeconds: deps.config.push.reminderLeaseSeconds } : {}),
      ...deps.settings,
    },
  })
  const calendar = new CalendarService({ db: deps.db, ...deps.config })
  return {
    name: 'reminders',
    service,
    routes: (app) => app.register(remindersRoutes, { reminders: service, calendar }),
    jobs: [sendRemindersJob(service)],
    sweeps: [{ name: 'reminders', everyMs: REMINDERS_SWEEP_MS, run: () => service.sweep() }],
    onWorkerStart: () => service.request(),
    onStop: () => service.stop(),
  }
}

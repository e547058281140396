import type { Logger } from 'pino'
import type { MailPort } from '../../adapters/mail/index.js'
import type { JwtConfig } from '../../config/jwt.js'
import type { MailConfig } from '../../config/mail.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import { devMailRoutes } from './dev-mail.routes.js'
import { dispatchMailJob } from './mail.jobs.js'
import { DISPATCH_MAIL_JOB, MailOutbox } from './mail.service.js'

export { latestMailAbout, type MailDelivery } from './mail.repository.js'
export type { MailOutbox, MailRequest } from './mail.service.js'
export {
  type ClaimNews,
  claimHeadline,
  escapeHtml,
  type MailLanguage,
  type RegistrationNews,
  registrationHeadline,
} from './templates/index.js'

/** How often a worker looks for due messages whose wake-up was lost. */
const MAIL_SWEEP_MS = 2000

/** The e-mail outbox: written in the changes' transactions, delivered by `mail.dispatch`. */
export function mailFeature(deps: {
  db: Db
  /** Runs a dispatch alone across every process (a database lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  mail: MailPort
  queue: JobQueue
  logger: Logger
  settings: MailConfig
  /** The outbox seals queued messages' data under a key derived from these. */
  jwt: Pick<JwtConfig, 'secret' | 'previousSecret'>
}): Feature<MailOutbox> {
  const service = new MailOutbox({ ...deps, logger: deps.logger.child({ component: 'mail' }) })
  const kept = deps.mail.kept
  return {
    name: 'mail',
    service,
    // The development mail page, where the transport keeps messages to read back (never in production).
    ...(kept ? { routes: (app) => app.register(devMailRoutes, { kept }) } : {}),
    jobs: [dispatchMailJob(service)],
    // Messages committed after their wake-up fired, or by an API-only process.
    sweeps: [{ name: 'mail', job: DISPATCH_MAIL_JOB, everyMs: MAIL_SWEEP_MS, run: () => service.sweep() }],
    onWorkerStart: () => service.request(),
    onStop: () => service.stop(),
  }
}
/** AES-256-GCM sealing of data at rest (the outbox's; webhook secrets use it with their own key). */
export { openData, sealData } from './sealed-data.js'

import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { AuditService } from '../audit/index.js'
import type { AuthService } from '../auth/index.js'
import type { MailOutbox } from '../mail/index.js'
import { adminInvitationRoutes, teamInvitationRoutes } from './invitations.routes.js'
import { StaffInvitations } from './invitations.service.js'
import { PasswordResets, sendResetJob } from './password-resets.js'
import { invitationLinkRoutes, passwordResetRoutes } from './staff-access.routes.js'
import { StaffLinks } from './staff-links.js'

export type { StaffInvitations } from './invitations.service.js'

/**
 * Staff accounts by e-mail: invitations (the invited person chooses their password) and the
 * console's "Forgot password?", both through one-time links stored as their hashes.
 */
export function staffAccessFeature(
  deps: { db: Db; limiter: RateLimiter; queue: JobQueue; logger: Logger; appUrl: string },
  uses: { auth: Pick<AuthService, 'openSession'>; audit: AuditService; mailOutbox: MailOutbox },
): Feature<StaffInvitations> {
  const { db, limiter, appUrl } = deps
  const links = new StaffLinks({ db, limiter, auth: uses.auth })
  const invitations = new StaffInvitations({
    db,
    limiter,
    appUrl,
    links,
    audit: uses.audit,
    mailOutbox: uses.mailOutbox,
  })
  const resets = new PasswordResets({
    ...{ db, limiter, appUrl, links, queue: deps.queue, mailOutbox: uses.mailOutbox },
    logger: deps.logger.child({ component: 'staff-access' }),
  })
  return {
    name: 'staff-access',
    service: invitations,
    routes: async (app) => {
      await app.register(invitationLinkRoutes, { invitations, links })
      await app.register(passwordResetRoutes, { resets, links })
      await app.register(adminInvitationRoutes, { invitations })
      await app.register(teamInvitationRoutes, { invitations })
    },
    jobs: [sendResetJob(resets)],
  }
}

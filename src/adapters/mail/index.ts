import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { createOutboxMail } from './outbox-mail.js'

export { findLinks } from './outbox-mail.js'

import { outboxReader } from './outbox-reader.js'
import type { MailPort } from './port.js'
import { createSmtpMail } from './smtp-mail.js'

export type { KeptMail, KeptMailbox } from './outbox-reader.js'
export { createMessageId } from './outgoing-mail.js'
export type { MailHealth, MailPort, MailSendResult, OutgoingMail } from './port.js'

/**
 * SMTP when `SMTP_URL` is set, else `.eml` files under `<DATA_DIR>/outbox` with their
 * links logged (not in production, where links carry live tokens and nobody reads the
 * outbox: a warning says that e-mail is not delivered). Outside production the outbox can be
 * read back (`kept`), for the development mail page.
 */
export function createMail({ config, logger }: { config: Config; logger: Logger }): MailPort {
  const log = logger.child({ component: 'mail' })
  if (config.mail.smtpUrl) {
    return createSmtpMail({
      url: config.mail.smtpUrl,
      from: config.mail.from,
      logger: log,
      // One connection per message the outbox delivers at once.
      maxConnections: config.mail.concurrency,
    })
  }
  const dir = join(config.dataDir, 'outbox')
  const production = config.nodeEnv === 'production'
  if (production) log.warn({ dir }, 'SMTP_URL is not set: e-mails are written to the outbox, not delivered')
  const outbox = createOutboxMail({ dir, from: config.mail.from, logger: log, logLinks: !production })
  // Outside production the development mail page (GET /dev/mail) reads the outbox back.
  return production ? outbox : { ...outbox, kept: outboxReader(dir) }
}

import type { Logger } from 'pino'
import {
  type DnsResolver,
  type InboundSmtpListener,
  startInboundSmtp,
} from '../../adapters/inbound-smtp/index.js'
import type { InboxConfig } from '../../config/receipts.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { listenError, type WantedPort } from '../../lib/listen-port.js'
import { inboxRoutes } from './inbox.routes.js'
import { type InboxReceipts, InboxService } from './inbox.service.js'

export type { Delivery, DeliveryResult, InboxReceipts } from './inbox.service.js'
export { InboxRefusal } from './inbox-refusal.js'

export interface InboxFeatureService {
  inbox: InboxService
  /** The embedded SMTP listener's port while it runs (null: none, e.g. INBOX_SMTP_PORT=off). */
  smtpPort(): number | null
}

/**
 * Receipts that arrive by e-mail (docs/inbound-mail.md): the embedded SMTP listener, started by
 * the process that serves the API, and `POST /v1/global/inbound-email` for a mail provider's
 * webhook; both hand the message to the same ingestion.
 */
export function inboxFeature(
  deps: {
    db: Db
    logger: Logger
    /** DNS of sender authentication; null = the system resolver. */
    resolver: DnsResolver | null
    exclusive: <T>(key: number, fn: () => Promise<T>) => Promise<T>
    settings: InboxConfig
    /** INBOX_DOMAIN: the inbox addresses' domain, also the SMTP listener's host name. */
    inboxDomain: string
  },
  uses: { receipts: InboxReceipts },
): Feature<InboxFeatureService> {
  const { settings } = deps
  const logger = deps.logger.child({ component: 'inbox' })
  const inbox = new InboxService({ ...deps, logger, receipts: uses.receipts })
  let listener: InboundSmtpListener | null = null
  return {
    name: 'inbox',
    service: { inbox, smtpPort: () => listener?.port ?? null },
    routes: (app) => app.register(inboxRoutes, { inbox, maxMessageBytes: settings.maxMessageBytes }),
    async onApiStart() {
      if (!settings.inboundSecret) {
        logger.warn(
          'INBOUND_EMAIL_SECRET is not set: POST /v1/global/inbound-email answers 401 to every call',
        )
      }
      if (!settings.authRequired)
        logger.warn('INBOX_AUTH=off: inbound mail is taken without sender authentication')
      if (settings.smtpPort === null) return async () => {}
      const start = (port: number) =>
        startInboundSmtp({
          host: settings.smtpHost,
          port,
          hostname: deps.inboxDomain,
          maxMessageBytes: settings.maxMessageBytes,
          logger,
          acceptRecipient: async (address) => {
            await inbox.recipient(address)
          },
          deliver: async ({ envelope, raw }) => {
            await inbox.deliver({
              raw,
              mailFrom: envelope.mailFrom,
              recipients: envelope.rcptTo,
              ip: envelope.remoteAddress,
              helo: envelope.helo,
            })
          },
        })
      const wanted: WantedPort = {
        setting: 'INBOX_SMTP_PORT',
        host: settings.smtpHost,
        port: settings.smtpPort,
      }
      try {
        listener = await start(settings.smtpPort)
      } catch (err) {
        const reported = listenError(err, wanted)
        if (!settings.smtpPortFallback || reported === err) throw reported
        // INBOX_SMTP_PORT unset in development: a second instance on the machine takes any free port.
        listener = await start(0)
        logger.warn(
          { port: listener.port, taken: settings.smtpPort },
          `inbound SMTP: port ${settings.smtpPort} is taken, listening on ${listener.port} instead (set INBOX_SMTP_PORT to choose)`,
        )
      }
      logger.info({ host: settings.smtpHost, port: listener.port }, 'inbound SMTP listening')
      const running = listener
      return async () => {
        await running.close()
        listener = null
      }
    },
  }
}

import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { TokenService } from '../../http/tokens.js'
import type { MailOutbox } from '../mail/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { customerAuthRoutes } from './customer-auth.routes.js'
import { CustomerAuthService } from './customer-auth.service.js'
import { customersRoutes } from './customers.routes.js'
import { CustomersService } from './customers.service.js'

export type { CustomerAuthService } from './customer-auth.service.js'
export { DEFAULT_REMINDER_DAYS } from './customers.repository.js'
export type { CustomersService } from './customers.service.js'

export interface CustomersFeatureService {
  customers: CustomersService
  auth: CustomerAuthService
}

/** Customer sign-in (claim and magic links), profile, wallet and inbox addresses. */
export function customersFeature(
  deps: {
    db: Db
    tokens: TokenService
    limiter: RateLimiter
    logger: Logger
    appUrl: string
    publicApiUrl: string
    inboxDomain: string
  },
  uses: {
    mail: MailOutbox
    events?: WarrantyEvents
    /** A sign-in link was used, in its transaction (resale by e-mail completes there). */
    onLinkUsed?: (tx: Tx, link: { customerId: string; warrantyId?: string | null }) => Promise<void>
    /** Whether a warranty is being given by e-mail to this customer (its links may be renewed). */
    offerOpen?: (tx: Tx, warrantyId: string, customerId: string) => Promise<boolean>
  },
): Feature<CustomersFeatureService> {
  const customers = new CustomersService({ ...deps, ...(uses.events ? { events: uses.events } : {}) })
  const auth = new CustomerAuthService({
    ...deps,
    logger: deps.logger.child({ component: 'customers' }),
    mailOutbox: uses.mail,
    customers,
    ...(uses.events ? { events: uses.events } : {}),
    ...(uses.onLinkUsed ? { onLinkUsed: uses.onLinkUsed } : {}),
    ...(uses.offerOpen ? { offerOpen: uses.offerOpen } : {}),
  })
  return {
    name: 'customers',
    service: { customers, auth },
    routes: async (app) => {
      await app.register(customerAuthRoutes, { auth })
      await app.register(customersRoutes, { customers })
    },
  }
}

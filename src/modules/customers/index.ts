import type { Logger } from 'pino'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { TokenService } from '../../http/tokens.js'
import type { MailOutbox } from '../mail/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { customerAuthRoutes } from './customer-auth.routes.js'
import { type ClaimLinkOwnership, CustomerAuthService } from './customer-auth.service.js'
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
    /** Resale by e-mail: a claim link may complete a gift, and is renewed only while it is open. */
    ownership?: ClaimLinkOwnership
  },
): Feature<CustomersFeatureService> {
  const customers = new CustomersService({ ...deps, ...(uses.events ? { events: uses.events } : {}) })
  const auth = new CustomerAuthService({
    ...deps,
    logger: deps.logger.child({ component: 'customers' }),
    mailOutbox: uses.mail,
    customers,
    ...(uses.events ? { events: uses.events } : {}),
    ...(uses.ownership ? { ownership: uses.ownership } : {}),
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

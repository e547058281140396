import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import type { MailOutbox } from '../mail/index.js'
import { senderAddressesRoutes } from './sender-addresses.routes.js'
import { SenderAddressesService } from './sender-addresses.service.js'

/** The addresses a merchant's receipts may come from, verified by e-mail. */
export function senderAddressesFeature(
  deps: { db: Db; limiter: RateLimiter; publicApiUrl: string },
  uses: { mail: MailOutbox },
): Feature<SenderAddressesService> {
  const service = new SenderAddressesService(deps, { mailOutbox: uses.mail })
  return {
    name: 'sender-addresses',
    service,
    routes: (app) => app.register(senderAddressesRoutes, { senderAddresses: service }),
  }
}

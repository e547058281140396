import { LOCK_KEYS } from './db/lock-keys.js'
import type { Deps } from './deps.js'
import { claimsFeature } from './modules/claims/index.js'
import { digitalLinkFeature, type RegistrationLookup } from './modules/digital-link/index.js'
import { type InboxReceipts, inboxFeature } from './modules/inbox/index.js'
import { registrationsFeature } from './modules/registrations/index.js'

/** Builders of the features src/features.ts lists, each handing a feature only what it uses. */

/** Claims: customers' reports of faults, merchants' decisions, providers' repairs. */
export function claimsOf(deps: Deps, uses: Parameters<typeof claimsFeature>[1]) {
  const { config } = deps
  return claimsFeature(
    {
      db: deps.db,
      appUrl: config.appUrl,
      maxPixels: config.receipts.maxPixels,
      push: deps.push,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.claimPushes, fn),
    },
    uses,
  )
}

/** Receipts by e-mail: the SMTP listener and the provider route, saving through the receipts service. */
export function inboxOf(deps: Deps, receipts: InboxReceipts) {
  return inboxFeature(
    {
      db: deps.db,
      logger: deps.logger,
      resolver: deps.dnsResolver,
      exclusive: (key, fn) => deps.database.exclusive(key, fn),
      settings: deps.config.inbox,
      inboxDomain: deps.config.inboxDomain,
    },
    { receipts },
  )
}

/** GS1 Digital Link: the resolver of the merchants' GTINs, QR codes and label sheets. */
export function digitalLinkOf(deps: Deps, registration: RegistrationLookup) {
  const { config } = deps
  return digitalLinkFeature({
    db: deps.db,
    limiter: deps.limiter,
    publicApiUrl: config.publicApiUrl,
    appUrl: config.appUrl,
    registration,
  })
}

/** Registration by the buyer: settings and known serials per product, the check, the queue. */
export function registrationsOf(deps: Deps, uses: Parameters<typeof registrationsFeature>[1]) {
  const { config } = deps
  return registrationsFeature(
    {
      db: deps.db,
      limiter: deps.limiter,
      queue: deps.queue,
      logger: deps.logger,
      appUrl: config.appUrl,
      exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.registrationSerials, fn),
      maxBytes: config.imports.maxBytes,
    },
    uses,
  )
}

import { LOCK_KEYS } from './db/lock-keys.js'
import type { Deps } from './deps.js'
import type { Feature } from './feature.js'
import { claimsOf, digitalLinkOf, inboxOf, registrationsOf } from './feature-factories.js'
import { auditFeature } from './modules/audit/index.js'
import { authFeature } from './modules/auth/index.js'
import { catalogFeature } from './modules/catalog/index.js'
import { customersFeature } from './modules/customers/index.js'
import { importsFeature, stopImportsOf } from './modules/imports/index.js'
import { ipfsFeature } from './modules/ipfs/index.js'
import { mailFeature } from './modules/mail/index.js'
import { merchantsFeature } from './modules/merchants/index.js'
import { metricsFeature } from './modules/metrics/index.js'
import { type CertificateHistory, certificatesFeature, mintingFeature } from './modules/minting/index.js'
import { ownershipFeature } from './modules/ownership/index.js'
import { pushFeature } from './modules/push/index.js'
import { receiptsFeature } from './modules/receipts/index.js'
import { remindersFeature } from './modules/reminders/index.js'
import { senderAddressesFeature } from './modules/sender-addresses/index.js'
import { serviceHistoryFeature } from './modules/service-history/index.js'
import { serviceProvidersFeature } from './modules/service-providers/index.js'
import { staffAccessFeature } from './modules/staff-access/index.js'
import { statsFeature } from './modules/stats/index.js'
import { systemFeature } from './modules/system/index.js'
import { listExpiringWarranties, warrantiesFeature } from './modules/warranties/index.js'
import { webappFeature } from './modules/webapp/index.js'
import { type WarrantyEvents, webhooksFeature } from './modules/webhooks/index.js'

/**
 * Builds every feature from the deps, each with only what it uses, in the order their routes
 * are registered. The one list that routes, jobs, sweeps and start/stop are driven from.
 */
export function createFeatures(deps: Deps) {
  const { db } = deps
  const mail = mailOf(deps)
  const webhooks = webhooksOf(deps)
  const events = webhooks.service.events
  const minting = mintingOf(deps, events)
  const audit = auditFeature({ db })
  const stats = statsFeature({ db })
  const { auth, staffAccess } = staffOf(deps, audit.service, mail.service)
  const merchants = merchantsFeature({ db }, { audit: audit.service, stopImportsOf })
  const catalog = catalogFeature({ db }, { audit: audit.service })
  const serviceProviders = serviceProvidersFeature({ db }, { audit: audit.service })
  const ownership = ownershipOf(deps, mail.service)
  const wakeMinter = () => minting.service.wake()
  const { warranties, imports } = warrantiesOf(deps, { mail: mail.service, wakeMinter, events })
  const customers = customersOf(deps, { mail: mail.service, events, ownership: ownership.service })
  const senderAddresses = senderAddressesOf(deps, mail.service)
  const serviceHistory = serviceHistoryOf(deps)
  const certificates = certificatesOf(deps, (id) => serviceHistory.service.history(id))
  const receipts = receiptsOf(deps, mail.service)
  const inbox = inboxOf(deps, receipts.service.receipts)
  const registrations = registrationsOf(deps, {
    mail: mail.service,
    warranties: warranties.service,
    wakeMinter,
  })
  const { blobs } = receipts.service
  const claims = claimsOf(deps, { mail: mail.service, events, blobs, history: serviceHistory.service })
  const list: Feature[] = [
    ...serviceOwnOf(deps),
    auth,
    staffAccess,
    ipfsFeature({ pinning: deps.pinning }),
    merchants,
    serviceProviders,
    catalog,
    stats,
    audit,
    warranties,
    imports,
    customers,
    ownership,
    pushFeature({ db }),
    senderAddresses,
    certificates,
    serviceHistory,
    receipts,
    inbox,
    claims,
    remindersFeature(deps, { mail: mail.service }),
    mail,
    webhooks,
    minting,
    registrations,
    digitalLinkOf(deps, (gtin, serial) =>
      registrations.service.registrations.offersRegistration(gtin, serial),
    ),
    // Last: the web app's pages and files never shadow an API route.
    webappFeature(),
  ]
  const services = {
    auth: auth.service,
    mailOutbox: mail.service,
    audit: audit.service,
    merchants: merchants.service,
    serviceProviders: serviceProviders.service,
    catalog: catalog.service,
    stats: stats.service,
    warranties: warranties.service,
    imports: imports.service,
    customers: customers.service,
    ownership: ownership.service,
    serviceHistory: serviceHistory.service,
    senderAddresses: senderAddresses.service,
    minting: minting.service,
    certificates: certificates.service,
    receipts: receipts.service,
    inbox: inbox.service,
    claims: claims.service,
    webhooks: webhooks.service,
    ...registrations.service,
  }
  return { list, services }
}

/** Staff sign-in (auth), and staff accounts by e-mail: invitations and the password reset. */
function staffOf(
  deps: Deps,
  audit: Parameters<typeof staffAccessFeature>[1]['audit'],
  mailOutbox: Parameters<typeof staffAccessFeature>[1]['mailOutbox'],
) {
  const { db, tokens, limiter, queue, logger, config } = deps
  const auth = authFeature({ db, tokens, limiter, queue, logger })
  const staffAccess = staffAccessFeature(
    { db, limiter, queue, logger, appUrl: config.appUrl },
    { auth: auth.service, audit, mailOutbox },
  )
  return { auth, staffAccess }
}

function senderAddressesOf(deps: Deps, mail: Parameters<typeof senderAddressesFeature>[1]['mail']) {
  const { config } = deps
  return senderAddressesFeature(
    { db: deps.db, limiter: deps.limiter, publicApiUrl: config.publicApiUrl },
    { mail },
  )
}

function receiptsOf(deps: Deps, mail: Parameters<typeof receiptsFeature>[1]['mail']) {
  const { config, db, logger, ocr, limiter, blobs, queue } = deps
  return receiptsFeature(
    {
      ...{ db, ocr, limiter, blobs, queue, logger },
      exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.receiptOcr, fn),
      publicApiUrl: config.publicApiUrl,
      settings: { receipts: config.receipts, quotas: config.quotas, blobs: config.blobs },
    },
    { mail },
  )
}

function mailOf(deps: Deps) {
  const { config } = deps
  return mailFeature({
    db: deps.db,
    exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.mail, fn),
    mail: deps.mail,
    queue: deps.queue,
    logger: deps.logger,
    settings: config.mail,
    jwt: config.jwt,
  })
}

/** Issuing (one, in bulk), listing and looking up warranties; CSV imports, issued through them. */
function warrantiesOf(deps: Deps, uses: Parameters<typeof warrantiesFeature>[1]) {
  const { config, db, logger, limiter } = deps
  const warranties = warrantiesFeature(
    { db, logger, limiter, appUrl: config.appUrl, emailsPerDay: config.quotas.merchantEmailsPerDay },
    uses,
  )
  const exclusive = <T>(fn: () => Promise<T>) => deps.database.exclusive(LOCK_KEYS.imports, fn)
  const imports = importsFeature(
    { db, logger, queue: deps.queue, limits: config.imports, exclusive },
    { warranties: warranties.service, wakeMinter: uses.wakeMinter },
  )
  return { warranties, imports }
}

function customersOf(deps: Deps, uses: Parameters<typeof customersFeature>[1]) {
  const { config } = deps
  return customersFeature(
    {
      db: deps.db,
      tokens: deps.tokens,
      limiter: deps.limiter,
      logger: deps.logger,
      appUrl: config.appUrl,
      publicApiUrl: config.publicApiUrl,
      inboxDomain: config.inboxDomain,
    },
    uses,
  )
}

function ownershipOf(deps: Deps, mailOutbox: ReturnType<typeof mailOf>['service']) {
  const { config } = deps
  return ownershipFeature({
    db: deps.db,
    chain: deps.chain,
    logger: deps.logger.child({ component: 'ownership' }),
    appUrl: config.appUrl,
    mailer: { mailOutbox, appUrl: config.appUrl },
    limiter: deps.limiter,
    confirmations: config.chain.confirmations,
    exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.ownership, fn),
    sweepSeconds: config.chain.ownershipSweepSeconds,
  })
}

function serviceHistoryOf(deps: Deps) {
  const { config } = deps
  return serviceHistoryFeature({
    db: deps.db,
    chain: deps.chain,
    pinning: deps.pinning,
    logger: deps.logger,
    confirmations: config.chain.confirmations,
    serialHashSalt: config.serialHashSalt,
    sweepSeconds: config.chain.ownershipSweepSeconds,
    exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.anchor, fn),
  })
}

function certificatesOf(deps: Deps, history: CertificateHistory) {
  return certificatesFeature({
    history,
    database: deps.database,
    chain: deps.chain,
    pinning: deps.pinning,
    limiter: deps.limiter,
    serialHashSalt: deps.config.serialHashSalt,
    publicApiUrl: deps.config.publicApiUrl,
  })
}

/** Signed webhooks: the event port the features above report through, and the delivery. */
function webhooksOf(deps: Deps) {
  const { config } = deps
  return webhooksFeature(
    {
      db: deps.db,
      queue: deps.queue,
      logger: deps.logger,
      exclusive: (fn) => deps.database.exclusive(LOCK_KEYS.webhooks, fn),
      settings: config.webhooks,
      jwt: config.jwt,
      production: config.nodeEnv === 'production',
      limiter: deps.limiter,
    },
    { expiringWarranties: listExpiringWarranties },
  )
}

function mintingOf(deps: Deps, events: WarrantyEvents) {
  return mintingFeature({
    database: deps.database,
    chain: deps.chain,
    pinning: deps.pinning,
    queue: deps.queue,
    logger: deps.logger,
    metrics: deps.metrics.minting,
    events,
    settings: deps.config.minting,
    publicApiUrl: deps.config.publicApiUrl,
  })
}

/** The service's own routes, first: system (below) and the metrics. */
function serviceOwnOf(deps: Deps): Feature[] {
  return [systemOf(deps), metricsFeature({ metrics: deps.metrics })]
}

/** Liveness, readiness, version, and what certificates are verified against. */
function systemOf(deps: Deps) {
  return systemFeature({
    readiness: deps.readiness,
    gitRevision: deps.gitRevision,
    verification: {
      chainId: deps.chain.chainId,
      contractAddress: deps.chain.contractAddress,
      custodian: deps.chain.custodian,
      gateway: `${deps.config.publicApiUrl}/ipfs`,
    },
  })
}

export type Features = ReturnType<typeof createFeatures>
/** The feature services, for the start-up (the first admin) and for tests. */
export type Services = Features['services']

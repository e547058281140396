import type { Logger } from 'pino'
import { type BlobStore, createBlobStore } from './adapters/blobs/index.js'
import { type ChainHandle, createChain } from './adapters/chain/index.js'
import type { DnsResolver } from './adapters/inbound-smtp/index.js'
import { createMail, type MailPort } from './adapters/mail/index.js'
import { createOcr, type OcrPort } from './adapters/ocr/index.js'
import { createPinning, type PinningPort } from './adapters/pinning/index.js'
import { createPush, type PushPort } from './adapters/push/index.js'
import { createRateLimiter, type RateLimiter } from './adapters/rate-limit/index.js'
import type { Config } from './config/index.js'
import type { Database, Db } from './db/client.js'
import { obtainDatabase } from './db/obtain.js'
import { PRINCIPAL_CHANNEL } from './http/principal-cache.js'
import { TokenService } from './http/tokens.js'
import { JobQueue } from './jobs/queue.js'
import { registerCollectors } from './metrics/collectors.js'
import { Metrics } from './metrics/metrics.js'
import type { ReadinessCheck } from './modules/system/index.js'
import { startTracing, type Tracing, tracedPort } from './tracing/tracing.js'
import { packageVersion, readGitRevision } from './version.js'

/** Everything built from configuration: the one switchboard of infrastructure. */
export interface Deps {
  config: Config
  logger: Logger
  database: Database
  db: Db
  queue: JobQueue
  limiter: RateLimiter
  mail: MailPort
  pinning: PinningPort
  chain: ChainHandle
  ocr: OcrPort
  push: PushPort
  /** Receipt images and thumbnails (docs/blob-store.md). */
  blobs: BlobStore
  tokens: TokenService
  /** DNS of inbound mail's sender authentication; null = the system resolver (tests give records). */
  dnsResolver: DnsResolver | null
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics
  /** OpenTelemetry (on when OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing: Tracing
  readiness: ReadinessCheck[]
  gitRevision: string | null
}

export interface CreateDepsOptions {
  /** Job polling interval (tests poll faster). */
  jobPollingSeconds?: number
  /** Jobs this process does not work on (tests that drive a pipeline by hand). */
  excludeJobs?: readonly string[]
  /** DNS answers for inbound mail's sender authentication (tests: their own SPF/DKIM records). */
  dnsResolver?: DnsResolver
}

/** The chain calls traced as `chain <method>` spans. */
const CHAIN_CALLS = [
  'nextTokenId',
  'sendMintBatch',
  'waitForMint',
  'findBatch',
  'transactionKnown',
  'makeDurable',
  'headBlock',
] as const

export async function createDeps(
  config: Config,
  logger: Logger,
  options: CreateDepsOptions = {},
): Promise<Deps> {
  // First: it only reads its settings (a bad key file stops the start-up); connections open on use.
  const push = createPush({ config, logger })
  const tracing = await startTracing({ ...config.tracing, serviceVersion: packageVersion })
  const pinning = createPinning({ config, logger })
  // The database (started and migrated) and the chain (the embedded node started, its state
  // loaded, the contracts found) need nothing of each other: started side by side, a restart
  // waits for the slower of the two rather than for both in turn.
  const [opened, connected] = await Promise.allSettled([
    openMigratedDatabase(config, logger, tracing.enabled),
    openChain(config, logger, tracing.enabled),
  ])
  if (opened.status === 'rejected' || connected.status === 'rejected') {
    if (connected.status === 'fulfilled') await connected.value.stop().catch(() => undefined)
    if (opened.status === 'fulfilled') await opened.value.close().catch(() => undefined)
    await pinning.close()
    throw opened.status === 'rejected' ? opened.reason : (connected as PromiseRejectedResult).reason
  }
  const database = opened.value
  const chain = connected.value
  const queue = new JobQueue(database, logger.child({ component: 'jobs' }), {
    pollingIntervalSeconds: options.jobPollingSeconds ?? 2,
  })
  // Opens nothing: files are written on use, the S3 client connects on its first request.
  const blobs = createBlobStore({ config, logger })
  const ocr = createOcr(config.ocr)
  const metrics = new Metrics()
  registerCollectors(metrics.registry, { database, chain, ocr })
  return {
    config,
    logger,
    database,
    db: database.db,
    queue,
    limiter: createRateLimiter(config),
    mail: createMail({ config, logger }),
    pinning,
    chain,
    ocr,
    push,
    blobs,
    tokens: new TokenService(config.jwt),
    dnsResolver: options.dnsResolver ?? null,
    metrics,
    tracing,
    readiness: [
      { name: 'database', check: () => database.ping() },
      { name: 'chain', check: () => chain.health() },
      { name: 'pinning', check: () => pinning.health() },
      { name: 'blobs', check: () => blobs.health() },
    ],
    gitRevision: config.gitRevision ?? readGitRevision(),
  }
}

/** The database of DATABASE_URL or the embedded server, migrated; closed again when migrating fails. */
async function openMigratedDatabase(config: Config, logger: Logger, traced: boolean): Promise<Database> {
  const database = await obtainDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    logger,
    traced,
    listen: [PRINCIPAL_CHANNEL],
    embedded: 'own',
  })
  try {
    await database.migrate()
  } catch (err) {
    await database.close()
    throw err
  }
  return database
}

async function openChain(config: Config, logger: Logger, traced: boolean): Promise<ChainHandle> {
  const chain = await createChain({ config, logger: logger.child({ component: 'chain' }) })
  return traced ? tracedPort(chain, 'chain', CHAIN_CALLS) : chain
}

/** Stops in dependency order: jobs first (they use the rest), the database last. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.queue.stop().catch((err: unknown) => deps.logger.error({ err }, 'stopping the job queue failed'))
  await deps.limiter.close().catch(() => undefined)
  await deps.mail.close().catch(() => undefined)
  await deps.ocr.close().catch(() => undefined)
  await deps.push.close().catch(() => undefined)
  await deps.pinning.close().catch(() => undefined)
  await deps.blobs.close().catch(() => undefined)
  await deps.chain.stop().catch((err: unknown) => deps.logger.error({ err }, 'stopping the chain failed'))
  await deps.database.close()
  await deps.tracing.shutdown()
}

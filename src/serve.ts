import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import {
  type Config,
  ConfigError,
  listeningMessage,
  loadConfig,
  loadEnvFile,
  localOrigin,
} from './config/index.js'
import { assertPortsAvailable, listenError, type WantedPort } from './lib/listen-port.js'
import { prettyDestination } from './lib/pretty-log.js'
import { PRIVATE_UMASK } from './lib/private-files.js'
import { createLogger } from './logger.js'
import { type ServiceRole, startService } from './service.js'

async function main(): Promise<void> {
  // Before anything is written (config may write generated secrets): files 0600, folders 0700.
  process.umask(PRIVATE_UMASK)
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } })
  const role = values.role as ServiceRole
  if (!['api', 'worker', 'all'].includes(role)) {
    console.error(`--role must be api, worker or all (got "${role}")`)
    process.exit(2)
  }

  let config: ReturnType<typeof loadConfig>
  try {
    // A `.env` file in the working directory, if there is one: the environment's own values win.
    loadEnvFile()
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cannot start: ${err.message}`)
      process.exit(78)
    }
    throw err
  }

  const logger = createLogger(config, logDestination(config))
  const started = Date.now()
  const http: WantedPort = { setting: 'PORT', host: config.host, port: config.port }
  // Before anything is written: a second instance on the machine is told which setting to change.
  if (role !== 'worker') await assertPortsAvailable([http])
  const service = await startService(config, logger, role)
  if (service.app) {
    try {
      await service.app.listen({ host: config.host, port: config.port })
    } catch (err) {
      await service.close().catch(() => undefined)
      throw listenError(err, http)
    }
  }
  logger.info(
    {
      role,
      database: config.databaseUrl ? 'DATABASE_URL' : 'embedded',
      dataDir: config.dataDir,
      ms: Date.now() - started,
    },
    service.app
      ? listeningMessage(
          localOrigin(config.host, (service.app.server.address() as AddressInfo).port),
          service.deps.mail.kept !== undefined,
        )
      : 'worker started',
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping')
    const force = setTimeout(() => {
      logger.error('did not stop within 15 s, exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    try {
      await service.close()
      process.exit(0)
    } catch (err) {
      logger.error({ err }, 'error while stopping')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** Readable lines in a developer's terminal (LOG_FORMAT), pino's JSON lines otherwise (undefined: stdout). */
function logDestination(config: Config) {
  const terminal = process.stdout.isTTY === true
  const pretty =
    config.logFormat === 'pretty' ||
    (config.logFormat === 'auto' && config.nodeEnv === 'development' && terminal)
  return pretty ? prettyDestination(process.stdout, { colors: terminal }) : undefined
}

main().catch((err: unknown) => {
  console.error('Cannot start:', err instanceof Error ? err.message : err)
  process.exit(1)
})

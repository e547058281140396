import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { EmbeddedPinning } from './embedded-pinning.js'
import { PinningServiceAdapter, type PinningServiceOptions } from './pinning-service.js'
import type { PinningPort } from './port.js'

export type { DagBlocks, DagScope, DirectoryEntry, DirectoryEntryInput, PinningPort } from './port.js'
export { MAX_FILE_BYTES, MAX_PATH_DEPTH, MAX_PATH_LENGTH } from './port.js'

/**
 * The one place that chooses the pinning adapter: the IPFS Pinning Service API when
 * `PINNING_SERVICE_URL` is set, else the embedded block store under `DATA_DIR/ipfs`.
 * Both keep blocks under `DATA_DIR/ipfs/blocks`, so the gateway serves them either way.
 * `timing` overrides the production adapter's waits (tests).
 */
export function createPinning(deps: {
  config: Pick<Config, 'dataDir' | 'pinning'>
  logger: Logger
  timing?: Pick<
    PinningServiceOptions,
    'requestTimeoutMs' | 'pinTimeoutMs' | 'pollIntervalMs' | 'maxPollIntervalMs'
  >
}): PinningPort {
  const { config, timing } = deps
  const logger = deps.logger.child({ component: 'pinning' })
  const { serviceUrl, serviceToken, origins } = config.pinning
  if (serviceUrl === null) return new EmbeddedPinning(config.dataDir, logger)
  if (serviceToken === null) {
    throw new Error('PINNING_SERVICE_TOKEN is required when PINNING_SERVICE_URL is set')
  }
  return new PinningServiceAdapter({
    ...timing,
    url: serviceUrl,
    token: serviceToken,
    origins,
    dataDir: config.dataDir,
    logger,
  })
}

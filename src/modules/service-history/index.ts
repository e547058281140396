import type { Logger } from 'pino'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { errorText } from '../../lib/async.js'
import { Anchoring } from './anchoring.js'
import { serviceHistoryRoutes } from './service-history.routes.js'
import { ServiceHistoryService } from './service-history.service.js'

export { ANCHOR_BATCH_SIZE, eventFile } from './anchoring.js'
export { leafOf, merkleProof, merkleRoot, verifyProof } from './merkle.js'
export { holdsPersonalData, type ServiceHistoryService } from './service-history.service.js'

/** Service events recorded by merchants, pinned and anchored on chain in batches. */
export function serviceHistoryFeature(deps: {
  db: Db
  chain: ChainPort
  pinning: PinningPort
  logger: Logger
  confirmations: number
  serialHashSalt: string
  sweepSeconds: number
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
}): Feature<ServiceHistoryService> {
  const logger = deps.logger.child({ component: 'service-history' })
  const anchoring = new Anchoring({ ...deps, logger, receiptTimeoutMs: 60_000 })
  const service = new ServiceHistoryService({ ...deps, logger, anchoring })
  const run = async () => {
    await service.runOnce().catch((err: unknown) => logger.warn({ err: errorText(err) }, 'anchoring failed'))
  }
  return {
    name: 'service-history',
    service,
    routes: (app) => app.register(serviceHistoryRoutes, { history: service }),
    sweeps: [{ name: 'service history anchoring', everyMs: deps.sweepSeconds * 1000, run }],
    onWorkerStart: run,
  }
}

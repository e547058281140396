import type { Logger } from 'pino'
import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { drainJob, type JobQueue } from '../../jobs/queue.js'
import type { ImportIssuer } from '../warranties/index.js'
import { IMPORT_JOB, ImportRunner } from './import-runner.js'
import type { UploadLimits } from './import-upload.js'
import { importRoutes } from './imports.routes.js'
import { WarrantyImports } from './imports.service.js'

/** Stops what a suspended or removed user queued (the merchants' staff offboarding). */
export { stopImportsOf } from './imports.repository.js'
export type { WarrantyImports } from './imports.service.js'

/** How often a worker looks for imports whose wake-up was lost, and for abandoned uploads. */
const IMPORT_SWEEP_MS = 2000
const ABANDONED_UPLOADS_SWEEP_MS = 10 * 60_000

/**
 * CSV imports of warranties (docs/bulk-issuance.md): the streamed upload, the durable job that
 * issues its lines chunk by chunk through the warranties' issuing, and the error report.
 */
export function importsFeature(
  deps: {
    db: Db
    queue: JobQueue
    logger: Logger
    /** Runs an import processing run alone across every process (a database lock). */
    exclusive: <T>(fn: () => Promise<T>) => Promise<T>
    limits: UploadLimits
  },
  uses: {
    /** Issues each chunk in its transaction, under the rules of one issue. */
    warranties: ImportIssuer
    /** Called after a chunk that issued warranties has committed. */
    wakeMinter: () => void
  },
): Feature<WarrantyImports> {
  const logger = deps.logger.child({ component: 'imports' })
  const runner = new ImportRunner({
    db: deps.db,
    queue: deps.queue,
    logger,
    exclusive: deps.exclusive,
    warranties: uses.warranties,
    wakeMinter: uses.wakeMinter,
  })
  const imports = new WarrantyImports({ db: deps.db, logger, limits: deps.limits, runner })
  return {
    name: 'imports',
    service: imports,
    routes: (app) => app.register(importRoutes, { imports, maxBytes: deps.limits.maxBytes }),
    jobs: [drainJob(IMPORT_JOB, () => runner.run(), 'warranty import chunks processed')],
    onWorkerStart: () => runner.request(),
    onStop: () => runner.stop(),
    sweeps: [
      { name: 'warranty imports', everyMs: IMPORT_SWEEP_MS, run: () => runner.sweep() },
      {
        name: 'abandoned import uploads',
        everyMs: ABANDONED_UPLOADS_SWEEP_MS,
        run: () => imports.sweepAbandoned(),
      },
    ],
  }
}

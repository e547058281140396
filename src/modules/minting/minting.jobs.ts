import { defineJob } from '../../jobs/queue.js'
import { MINT_JOB, type MintingService } from './minting.service.js'

/**
 * `warranties.mint`: one run of the minting pipeline. A `short` queue: at most one run waits,
 * and runs take turns on the pipeline's database lock across every process, so issuing 250
 * warranties queues one run that mints them all, batch after batch. A chain or pinning outage fails the run; pg-boss
 * retries it with exponential backoff, and the next run picks up where this one stopped.
 */
export const mintJob = (minting: MintingService, retry: { limit: number; delaySeconds: number }) =>
  defineJob<Record<string, never>>({
    name: MINT_JOB,
    policy: 'short',
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const result = await minting.run({ lastAttempt: ctx.lastAttempt })
      if (result.batches > 0) ctx.logger.info(result, 'minting run done')
    },
  })

/**
 * Sizes of the reliability tests. The defaults keep each scenario at about one to two
 * minutes so that they can run in every suite; the environment scales them up to the
 * figures of issue 9's acceptance, e.g. `CRASH_BACKLOG=3000 npm run test:crash`.
 */

function positive(name: string, fallback: number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${text}")`)
  return value
}

export const crashSettings = {
  /** `kill -9` of the process group, each followed by a restart on the same data. */
  kills: Math.round(positive('CRASH_KILLS', 3)),
  /** Acknowledged issues over the whole run; the last kill comes when this many were acknowledged. */
  backlog: Math.round(positive('CRASH_BACKLOG', 600)),
  /** Offered issue load, requests per second, and requests in flight at most. */
  rate: positive('CRASH_RATE', 150),
  concurrency: Math.round(positive('CRASH_CONCURRENCY', 32)),
  /** The acceptance bound: from the last restart to every warranty minted and mailed. */
  boundSeconds: positive('CRASH_BOUND_S', 30),
  /** How long to wait for that before giving up (longer than the bound, so that a near miss is measured). */
  drainTimeoutSeconds: positive('CRASH_DRAIN_TIMEOUT_S', 45),
}

export const shutdownSettings = {
  rate: positive('SHUTDOWN_RATE', 300),
  concurrency: Math.round(positive('SHUTDOWN_CONCURRENCY', 64)),
  /** Seconds of load before the signal (builds a mail and mint backlog). */
  loadSeconds: positive('SHUTDOWN_LOAD_S', 5),
  /** The acceptance bound: from the signal to no process of the group left. */
  stopBoundSeconds: positive('SHUTDOWN_BOUND_S', 5),
}

/** Keep each scenario's data folder and service log (their paths are printed). */
export const keepData = process.env.RELIABILITY_KEEP === '1'

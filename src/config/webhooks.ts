import { type Env, int, oneOf } from './parse.js'

/** Signed webhooks (docs/webhooks.md#settings). */
export interface WebhooksConfig {
  /** An endpoint failing continuously this long is disabled. */
  disableAfterHours: number
  /** Finished deliveries older than this many days are removed. */
  logRetentionDays: number
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS: deliver to loopback, private and other non-global addresses.
   * Off by default whatever NODE_ENV is (SSRF); for local receivers in development and tests.
   */
  allowPrivateTargets: boolean
  /** WEBHOOK_MAX_ENDPOINTS: endpoints per merchant; one more answers 409 invalid_state. */
  maxEndpointsPerMerchant: number
  /** WEBHOOK_MANUAL_SENDS_PER_HOUR: `test` and `replay` calls per merchant per hour (then 429). */
  manualSendsPerHour: number
  /** WEBHOOK_MERCHANT_CONCURRENCY: a merchant's deliveries in flight at once (its fair share). */
  merchantConcurrency: number
  /** WEBHOOK_TIMEOUT_SECONDS: how long a receiver has to answer. */
  timeoutSeconds: number
}

export function webhooksConfig(env: Env): WebhooksConfig {
  return {
    disableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 72, 1, 24 * 365),
    logRetentionDays: int(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
    allowPrivateTargets:
      oneOf(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['true', 'false'] as const, 'false') === 'true',
    maxEndpointsPerMerchant: int(env, 'WEBHOOK_MAX_ENDPOINTS', 20, 1, 1000),
    manualSendsPerHour: int(env, 'WEBHOOK_MANUAL_SENDS_PER_HOUR', 60, 1, 100_000),
    merchantConcurrency: int(env, 'WEBHOOK_MERCHANT_CONCURRENCY', 4, 1, 100),
    timeoutSeconds: int(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60),
  }
}

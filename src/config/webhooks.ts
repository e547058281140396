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

/** Each webhook setting's default: what `webhooksConfig` reads when the variable is unset. */
export const WEBHOOKS_DEFAULTS: Readonly<WebhooksConfig> = Object.freeze({
  disableAfterHours: 72,
  logRetentionDays: 30,
  allowPrivateTargets: false,
  maxEndpointsPerMerchant: 20,
  manualSendsPerHour: 60,
  merchantConcurrency: 4,
  timeoutSeconds: 10,
})

export function webhooksConfig(env: Env): WebhooksConfig {
  const d = WEBHOOKS_DEFAULTS
  const allowPrivate = d.allowPrivateTargets ? 'true' : 'false'
  return {
    disableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', d.disableAfterHours, 1, 24 * 365),
    logRetentionDays: int(env, 'WEBHOOK_LOG_RETENTION_DAYS', d.logRetentionDays, 1, 3650),
    allowPrivateTargets:
      oneOf(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['true', 'false'] as const, allowPrivate) === 'true',
    maxEndpointsPerMerchant: int(env, 'WEBHOOK_MAX_ENDPOINTS', d.maxEndpointsPerMerchant, 1, 1000),
    manualSendsPerHour: int(env, 'WEBHOOK_MANUAL_SENDS_PER_HOUR', d.manualSendsPerHour, 1, 100_000),
    merchantConcurrency: int(env, 'WEBHOOK_MERCHANT_CONCURRENCY', d.merchantConcurrency, 1, 100),
    timeoutSeconds: int(env, 'WEBHOOK_TIMEOUT_SECONDS', d.timeoutSeconds, 1, 60),
  }
}

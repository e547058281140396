import { type Env, int, oneOf } from './config-parse.js'

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
}

export function webhooksConfig(env: Env): WebhooksConfig {
  return {
    disableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 72, 1, 24 * 365),
    logRetentionDays: int(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
    allowPrivateTargets:
      oneOf(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['true', 'false'] as const, 'false') === 'true',
  }
}

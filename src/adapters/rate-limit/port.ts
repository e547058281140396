import type { RateLimits } from '../../config/limits.js'

/** The outcome of counting one hit against a fixed window. */
export interface RateLimitResult {
  allowed: boolean
  /** Hits left in the window after this one. */
  remaining: number
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfterSeconds: number
}

export interface RateLimitRule {
  limit: number
  windowMs: number
}

/**
 * Fixed-window counters shared by every instance of the service (Redis) or kept in
 * this process (the embedded default).
 */
export interface RateLimiter {
  /** The configured rules (RATE_LIMIT_* settings, src/config/limits.ts), by name. */
  readonly limits: RateLimits
  /** Counts one hit on `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>
  /** Says whether one more hit would be allowed, without counting it. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>
  reset(key: string): Promise<void>
  close(): Promise<void>
}

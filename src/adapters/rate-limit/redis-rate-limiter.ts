import { Redis } from 'ioredis'
import { type RateLimits, rateLimits } from '../../config/limits.js'
import { AdapterError } from '../adapter-error.js'
import type { RateLimiter, RateLimitResult, RateLimitRule } from './port.js'

// INCR and the window's expiry in one atomic step; answers [count, ms left].
const HIT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`

/** Counters in Redis (`REDIS_URL`), shared by every instance. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis
  readonly limits: RateLimits

  /** Keys expire with their window in Redis itself: their number is bounded by Redis's memory policy. */
  constructor(url: string, limits: RateLimits = rateLimits(), prefix = 'warranty:rl:') {
    this.limits = limits
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    })
    // Connection errors surface on commands; without a listener ioredis would print each one.
    this.redis.on('error', () => undefined)
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const [count, ttl] = (await this.run(() => this.redis.eval(HIT, 1, key, String(rule.windowMs)))) as [
      number,
      number,
    ]
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: secs(ttl),
    }
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const [count, ttl] = await this.run(async () => {
      const r = await this.redis.multi().get(key).pttl(key).exec()
      return [Number(r?.[0]?.[1] ?? 0), Number(r?.[1]?.[1] ?? -2)] as const
    })
    return {
      allowed: count < rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: ttl > 0 ? secs(ttl) : Math.ceil(rule.windowMs / 1000),
    }
  }

  async reset(key: string): Promise<void> {
    await this.run(() => this.redis.del(key))
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      throw new AdapterError('rate-limit store unavailable', true, { cause: err })
    }
  }
}

const secs = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

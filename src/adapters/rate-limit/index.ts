import type { Config } from '../../config/index.js'
import { AdapterError } from '../adapter-error.js'
import { MemoryRateLimiter } from './memory-rate-limiter.js'
import type { RateLimiter } from './port.js'

export type { RateLimiter, RateLimitResult, RateLimitRule } from './port.js'

export function createRateLimiter(config: Config): RateLimiter {
  return config.redisUrl
    ? deferredRedis(config.redisUrl, config)
    : new MemoryRateLimiter({ limits: config.rateLimits, maxKeys: config.rateLimitMaxKeys })
}

/**
 * Counters in Redis, its client (ioredis, about 50 ms of a start to load) loaded and connected
 * with the first call: a service without REDIS_URL never loads it. Every call goes to the one
 * RedisRateLimiter, closing included.
 */
function deferredRedis(url: string, config: Config): RateLimiter {
  let limiter: Promise<RateLimiter> | undefined
  let closed = false
  const open = () => {
    // Closed before its first use: no connection is opened afterwards (a closed store answers as Redis's would).
    if (closed && !limiter) return Promise.reject(new AdapterError('rate-limit store unavailable', true))
    limiter ??= import('./redis-rate-limiter.js').then((m) => new m.RedisRateLimiter(url, config.rateLimits))
    return limiter
  }
  return {
    limits: config.rateLimits,
    hit: async (key, rule) => (await open()).hit(key, rule),
    peek: async (key, rule) => (await open()).peek(key, rule),
    reset: async (key) => (await open()).reset(key),
    close: async () => {
      closed = true
      if (limiter) await (await limiter).close()
    },
  }
}

import type { Config } from '../../config/index.js'
import { MemoryRateLimiter } from './memory-rate-limiter.js'
import type { RateLimiter } from './port.js'
import { RedisRateLimiter } from './redis-rate-limiter.js'

export type { RateLimiter, RateLimitResult, RateLimitRule } from './port.js'

export function createRateLimiter(config: Config): RateLimiter {
  return config.redisUrl
    ? new RedisRateLimiter(config.redisUrl, config.rateLimits)
    : new MemoryRateLimiter({ limits: config.rateLimits, maxKeys: config.rateLimitMaxKeys })
}

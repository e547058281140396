import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../../src/adapters/rate-limit/index.js'
import { MemoryRateLimiter } from '../../../src/adapters/rate-limit/memory-rate-limiter.js'
import type { RateLimiter } from '../../../src/adapters/rate-limit/port.js'
import { RedisRateLimiter } from '../../../src/adapters/rate-limit/redis-rate-limiter.js'
import type { Config } from '../../../src/config/index.js'
import { rateLimits } from '../../../src/config/limits.js'

const implementations: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]]
// Redis runs on the project's machines and in CI; the default `npm test` does not need it.
if (process.env.TEST_REDIS_URL) {
  implementations.push(['redis', () => new RedisRateLimiter(process.env.TEST_REDIS_URL!)])
  // What the service uses with REDIS_URL: the same limiter, its client loaded on the first call.
  implementations.push([
    "redis (the service's, loaded on first use)",
    () =>
      createRateLimiter({
        redisUrl: process.env.TEST_REDIS_URL!,
        rateLimits: rateLimits(),
        rateLimitMaxKeys: 1000,
      } as Config),
  ])
}

describe.each(implementations)('%s rate limiter', (_name, make) => {
  const limiter = make()
  afterAll(() => limiter.close())
  const rule = { limit: 3, windowMs: 400 }

  it('allows up to the limit in a window, then refuses with a Retry-After', async () => {
    const key = randomUUID()
    const results = []
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, rule))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0])
    expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1)
  })

  it('peeks without counting', async () => {
    const key = randomUUID()
    for (let i = 0; i < 5; i++) expect((await limiter.peek(key, rule)).allowed).toBe(true)
    await limiter.hit(key, rule)
    await limiter.hit(key, rule)
    expect((await limiter.peek(key, rule)).allowed).toBe(true)
    await limiter.hit(key, rule)
    expect((await limiter.peek(key, rule)).allowed).toBe(false)
  })

  it('starts a new window after the old one ends, and reset clears a key', async () => {
    const key = randomUUID()
    for (let i = 0; i < 3; i++) await limiter.hit(key, rule)
    expect((await limiter.hit(key, rule)).allowed).toBe(false)
    await new Promise((r) => setTimeout(r, 450))
    expect((await limiter.hit(key, rule)).allowed).toBe(true)
    await limiter.reset(key)
    expect((await limiter.peek(key, rule)).remaining).toBe(3)
  })

  it('keeps keys apart', async () => {
    const a = randomUUID()
    for (let i = 0; i < 4; i++) await limiter.hit(a, rule)
    expect((await limiter.hit(randomUUID(), rule)).allowed).toBe(true)
  })
})

describe('the in-process limiter (issue 26, defect 11)', () => {
  it('keeps at most maxKeys counters: a flood of new keys drops the expired, then the oldest windows', async () => {
    let now = 0
    const limiter = new MemoryRateLimiter({ maxKeys: 100, now: () => now })
    const rule = { limit: 1, windowMs: 1000 }
    for (let i = 0; i < 1000; i++) await limiter.hit(`flood-${i}`, rule)
    expect(limiter.size).toBeLessThanOrEqual(100)
    // The newest keys are still counted.
    expect((await limiter.hit('flood-999', rule)).allowed).toBe(false)
    now += 5000
    await limiter.hit('after', rule)
    expect(limiter.size).toBe(1)
    await limiter.close()
  })
})

import { type RateLimits, rateLimits } from '../../config/limits.js'
import type { RateLimiter, RateLimitResult, RateLimitRule } from './port.js'

interface Window {
  count: number
  resetAt: number
}

/**
 * In-process counters: right for one instance (and the embedded default). Bounded: at most
 * `maxKeys` windows are kept (RATE_LIMIT_MAX_KEYS); a new key past the bound first drops the
 * expired windows, then the oldest window (Map order is creation order), so a flood of new keys
 * (addresses, e-mails) costs bounded memory and forgets the oldest counts first.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>()
  private readonly sweeper: NodeJS.Timeout
  readonly limits: RateLimits
  private readonly maxKeys: number
  private readonly now: () => number
  private lastSweep = 0

  constructor(options: { limits?: RateLimits; maxKeys?: number; now?: () => number } = {}) {
    this.limits = options.limits ?? rateLimits()
    this.maxKeys = options.maxKeys ?? 100_000
    this.now = options.now ?? Date.now
    this.sweeper = setInterval(() => this.sweep(), 60_000)
    this.sweeper.unref()
  }

  /** Windows kept now. */
  get size(): number {
    return this.windows.size
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const w = this.current(key, rule)
    w.count += 1
    return this.result(w, rule, w.count <= rule.limit)
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const w = this.current(key, rule)
    return this.result(w, rule, w.count < rule.limit)
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key)
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
    this.windows.clear()
  }

  private current(key: string, rule: RateLimitRule): Window {
    const now = this.now()
    let w = this.windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs }
      // Re-inserted at the end: the Map stays in order of window creation.
      this.windows.delete(key)
      if (this.windows.size >= this.maxKeys) this.makeRoom(now)
      this.windows.set(key, w)
    }
    return w
  }

  private result(w: Window, rule: RateLimitRule, allowed: boolean): RateLimitResult {
    return {
      allowed,
      remaining: Math.max(0, rule.limit - w.count),
      retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000)),
    }
  }

  private makeRoom(now: number): void {
    // A full sweep at most once a second; between them (a flood), the oldest window goes.
    if (now - this.lastSweep >= 1000) {
      this.lastSweep = now
      this.sweep()
    }
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next()
      if (oldest.done) break
      this.windows.delete(oldest.value)
    }
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }
}

import type { RateLimiter, RateLimitResult, RateLimitRule } from './port.js'

interface Window {
  count: number
  resetAt: number
}

/** In-process counters: right for one instance (and the embedded default). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>()
  private readonly sweeper: NodeJS.Timeout

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000)
    this.sweeper.unref()
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

  private sweep(): void {
    const now = this.now()
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }
}

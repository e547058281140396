import { monitorEventLoopDelay } from 'node:perf_hooks'

const tick = () => new Promise((resolve) => setTimeout(resolve, 25))

/**
 * The event loop's longest stall (ms) while `work` runs, from `monitorEventLoopDelay`. The
 * histogram sees a stall at its next tick only (and not before its first): it ticks before and
 * after the work, so a stall at either end is counted.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; maxMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  await tick()
  try {
    const value = await work()
    await tick()
    return { value, maxMs: histogram.max / 1e6 }
  } finally {
    histogram.disable()
  }
}

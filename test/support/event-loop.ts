import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const tick = () => new Promise((resolve) => setTimeout(resolve, 25))

/**
 * CPU time of this thread (the event loop's), ms, from Linux's scheduler statistics: unlike the
 * wall clock, it does not grow while the thread waits for a core on a loaded machine.
 */
const loopCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6

export interface Stall<T> {
  value: T
  /** The longest delay `monitorEventLoopDelay` saw, ms of wall time. */
  maxMs: number
  /**
   * The most CPU the event loop's thread spent in one stall (two ticks 10 ms apart that came
   * more than 50 ms apart), garbage collection left out, ms. A parser holding the loop spends its
   * whole stall on the CPU; a thread waiting for a core on a loaded machine spends none of it.
   */
  cpuMs: number
}

/**
 * The event loop's longest stall while `work` runs, in wall time (`monitorEventLoopDelay`) and
 * in this thread's CPU time. Both see a stall only at their next tick (the histogram not before
 * its first): they tick before and after the work, so a stall at either end is counted.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<Stall<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  const gcs: { start: number; end: number }[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration })
  })
  observer.observe({ entryTypes: ['gc'] })
  const gaps: { start: number; end: number; cpu: number }[] = []
  let wall = performance.now()
  let cpu = loopCpuMs()
  const sampler = setInterval(() => {
    const w = performance.now()
    const c = loopCpuMs()
    if (w - wall > 50) gaps.push({ start: wall, end: w, cpu: c - cpu })
    wall = w
    cpu = c
  }, 10)
  histogram.enable()
  await tick()
  try {
    const value = await work()
    await tick()
    await tick()
    let cpuMs = 0
    for (const gap of gaps) {
      let collecting = 0
      for (const gc of gcs)
        collecting += Math.max(0, Math.min(gap.end, gc.end) - Math.max(gap.start, gc.start))
      cpuMs = Math.max(cpuMs, gap.cpu - collecting)
    }
    return { value, maxMs: histogram.max / 1e6, cpuMs }
  } finally {
    clearInterval(sampler)
    histogram.disable()
    observer.disconnect()
  }
}

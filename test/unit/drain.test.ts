import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { Drain, type DrainOptions } from '../../src/jobs/drain.js'
import type { JobQueue } from '../../src/jobs/queue.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds (timers are late on a loaded machine), failing after 5 s. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s')
    await sleep(10)
  }
}

/** A drain over an in-memory backlog, its queue requests counted (no queue runs them). */
function drainOf(overrides: Partial<DrainOptions<number>> = {}) {
  const state = { due: 0, requests: 0, runs: 0, exclusive: 0 }
  const queue = {
    send: async (job: string) => {
      expect(job).toBe('test.drain')
      state.requests++
      return null
    },
  } as unknown as JobQueue
  const drain = new Drain<number>({
    name: 'test',
    job: 'test.drain',
    queue,
    logger: pino({ level: 'silent' }),
    exclusive: (fn) => {
      state.exclusive++
      return fn()
    },
    isDue: async () => state.due > 0,
    drain: async () => {
      state.runs++
      await sleep(5)
      const done = state.due
      state.due = 0
      return done
    },
    stallMs: 50,
    minBackoffMs: 10,
    maxBackoffMs: 100,
    ...overrides,
  })
  return { drain, state }
}

const drains: Drain<number>[] = []
afterEach(() => {
  for (const d of drains.splice(0)) d.stop()
})

describe('Drain: the plumbing of the outbox pipelines', () => {
  it('coalesces a burst of wake-ups into one queue request', async () => {
    const { drain, state } = drainOf()
    drains.push(drain)
    for (let i = 0; i < 20; i++) drain.wake(10)
    await until(() => state.requests > 0)
    await sleep(50)
    expect(state.requests).toBe(1)
  })

  it('sweeps: nothing when nothing is due; a request when due; a direct run only once the queue has stalled', async () => {
    const { drain, state } = drainOf()
    drains.push(drain)
    await drain.sweep()
    expect(state).toMatchObject({ requests: 0, runs: 0 })
    state.due = 3
    await drain.sweep()
    // Within stallMs of the drain's creation: the queue is trusted to start the run.
    expect(state).toMatchObject({ requests: 1, runs: 0 })
    await sleep(70)
    await drain.sweep()
    expect(state).toMatchObject({ requests: 2, runs: 1, due: 0 })
  })

  it('runs alone (through exclusive) and returns what the drain returns', async () => {
    const { drain, state } = drainOf()
    drains.push(drain)
    state.due = 4
    const [a, b] = await Promise.all([drain.run(), drain.run()])
    expect(a + b).toBe(4)
    expect(state).toMatchObject({ runs: 2, exclusive: 2 })
  })

  it('wakes at the next due time, the later call replacing the earlier', async () => {
    const { drain, state } = drainOf()
    drains.push(drain)
    const started = Date.now()
    drain.wakeAt(new Date(Date.now() + 60_000))
    drain.wakeAt(new Date(Date.now() + 20))
    await until(() => state.requests === 1)
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it('once stopped: no wake-up, no timer, no sweep, and `stopping` tells the drain', async () => {
    const { drain, state } = drainOf()
    state.due = 1
    drain.stop()
    expect(drain.stopping).toBe(true)
    drain.wake(0)
    drain.wakeAt(new Date())
    await drain.sweep()
    await sleep(80)
    expect(state).toMatchObject({ requests: 0, runs: 0 })
  })
})

import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Two lanes for the embedded database (issue 16, "PGlite stalls"). PGlite runs one statement or
 * transaction at a time for the whole process, in the order they ask; a request then waits
 * behind every mint batch, e-mail run, sweep and import chunk that asked first. The gate below
 * sits where PGlite takes its turn (`_runExclusiveTransaction`: every query, exec and
 * transaction) and lets an HTTP request's work go before background work that waits, while
 * background work still gets one turn in every `fairness + 1` when both wait, so it is slowed,
 * never starved. What runs never yields: a long background transaction still delays a request
 * that arrives during it (the gate's `holds` show which).
 *
 * Work is a request's when it runs inside `inRequestLane` (the HTTP server's first onRequest
 * hook); everything else (jobs, drains, sweeps, start-up) is background.
 */
export type Lane = 'request' | 'background'

const lanes = new AsyncLocalStorage<Lane>()

export function inRequestLane<T>(fn: () => T): T {
  return lanes.run('request', fn)
}

export function inBackgroundLane<T>(fn: () => T): T {
  return lanes.run('background', fn)
}

export function currentLane(): Lane {
  return lanes.getStore() ?? 'background'
}

export interface LaneStats {
  /** Turns taken per lane. */
  turns: Record<Lane, number>
  /** Milliseconds waited for a turn, summed per lane, and the longest wait. */
  waitedMs: Record<Lane, number>
  longestWaitMs: Record<Lane, number>
  /** Milliseconds the database was held, summed per lane, and the longest hold. */
  heldMs: Record<Lane, number>
  longestHoldMs: Record<Lane, number>
}

const zero = (): Record<Lane, number> => ({ request: 0, background: 0 })

export class LaneGate {
  private busy = false
  private readonly waiting: Record<Lane, (() => void)[]> = { request: [], background: [] }
  /** Request turns given in a row while background work waited. */
  private streak = 0
  readonly stats: LaneStats = {
    turns: zero(),
    waitedMs: zero(),
    longestWaitMs: zero(),
    heldMs: zero(),
    longestHoldMs: zero(),
  }

  /**
   * @param prioritise false: one queue in arrival order (as PGlite alone), for comparison.
   * @param fairness request turns in a row before a waiting background job gets one.
   */
  constructor(
    private readonly prioritise = true,
    private readonly fairness = 4,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const lane = this.prioritise ? currentLane() : 'request'
    const asked = performance.now()
    if (this.busy) await new Promise<void>((resolve) => this.waiting[lane].push(resolve))
    else this.busy = true
    const started = performance.now()
    this.note(lane, 'waitedMs', 'longestWaitMs', started - asked)
    try {
      return await fn()
    } finally {
      this.note(lane, 'heldMs', 'longestHoldMs', performance.now() - started)
      this.stats.turns[lane] += 1
      this.next()
    }
  }

  private note(
    lane: Lane,
    sum: 'waitedMs' | 'heldMs',
    most: 'longestWaitMs' | 'longestHoldMs',
    ms: number,
  ): void {
    this.stats[sum][lane] += ms
    if (ms > this.stats[most][lane]) this.stats[most][lane] = ms
  }

  /** Hands the turn on: a waiting request first, unless background work waited `fairness` turns. */
  private next(): void {
    const { request, background } = this.waiting
    const backgroundsTurn = background.length > 0 && (request.length === 0 || this.streak >= this.fairness)
    const wake = backgroundsTurn ? background.shift() : request.shift()
    if (!wake) {
      this.busy = false
      this.streak = 0
      return
    }
    this.streak = backgroundsTurn || background.length === 0 ? 0 : this.streak + 1
    wake()
  }
}

/** The part of PGlite the gate wraps: where every query, exec and transaction takes its turn. */
interface TurnTaker {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

/** Puts `gate` in front of the PGlite's own turn-taking (idempotent per client). */
export function gatePglite(client: TurnTaker, gate: LaneGate): void {
  const marked = client as TurnTaker & { laneGate?: LaneGate }
  if (marked.laneGate) return
  const own = client._runExclusiveTransaction.bind(client)
  marked.laneGate = gate
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => gate.run(() => own(fn))
}

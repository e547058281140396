import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from './jobs/queue.js'

/** Periodic work of a worker process: finds what a lost wake-up or a crash left behind. */
export interface Sweep {
  name: string
  everyMs: number
  /** The job this sweep stands in for: a process that leaves the job out leaves its sweep out too. */
  job?: string
  run(): Promise<void>
}

/**
 * A feature as the composition sees it. Each `src/modules/<feature>/index.ts` builds its own
 * from the dependencies it uses (and the services of the features it needs), and
 * `src/features.ts` lists them in order: that one list drives route registration, job
 * registration, sweeps, and the start and stop of background work.
 */
export interface Feature<S = unknown> {
  readonly name: string
  /** What routes and other features call. */
  readonly service: S
  /** Registers the feature's routes; a route plugin receives only its own service. */
  routes?(app: FastifyInstance): PromiseLike<unknown>
  readonly jobs?: readonly JobDefinition<object>[]
  readonly sweeps?: readonly Sweep[]
  /** In a worker process, once its jobs run: ask for the runs that resume earlier work. */
  onWorkerStart?(): Promise<void>
  /**
   * In a process that serves the API (role `api` or `all`), once the app is built: starts what
   * listens besides HTTP (the inbound SMTP listener) and returns how to stop it, which runs at
   * stop once HTTP has closed.
   */
  onApiStart?(): Promise<() => Promise<void>>
  /** The service is stopping: finish what is in hand, take nothing new. */
  onStop?(): void
}

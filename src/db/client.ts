import { EventEmitter } from 'node:events'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Logger } from 'pino'
import { withTimeout } from '../lib/async.js'
import { migrationsFolder } from '../paths.js'
import { traceQueries } from '../tracing/tracing.js'
import { MIGRATION_LOCK } from './lock-keys.js'
import * as schema from './schema/index.js'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Repositories accept either, so a service can run them inside its transaction. */
export type DbOrTx = Db | Tx

/**
 * The database the service runs on: a PostgreSQL pool behind Drizzle, on the server of
 * `DATABASE_URL` or on the embedded server the service starts (./obtain.ts).
 */
export interface Database {
  readonly db: Db
  readonly url: string
  migrate(): Promise<void>
  /** A round trip to the database, bounded by `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>
  /**
   * Runs `fn` while holding the lock `key`, across every process on this database (a
   * PostgreSQL session advisory lock on a connection of a small lock pool apart from the query
   * pool, released by the server if this process dies).
   * Waits for the lock when another holder has it.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>
  /** Connections of the pool. */
  poolStats(): { total: number; idle: number; waiting: number }
  /**
   * The `listen` channels' notifications (an event per channel, with the payload), heard on
   * every connection of the query pool: a change this process commits is announced before its
   * commit returns.
   */
  readonly notifications: EventEmitter
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  url: string
  poolSize?: number
  logger?: Logger
  /** Wrap queries in `db.query` spans (tracing on). */
  traced?: boolean
  /**
   * Channels every query connection LISTENs on from its first use (see `notifications`); the
   * service's own: the principal cache's.
   */
  listen?: readonly string[]
  /** Runs after the pools have closed (the embedded server's stop). */
  afterClose?: () => Promise<void>
}

// int8 (counts, sums) as JavaScript numbers.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 && format !== 'binary') return (v: string) => Number(v)
    return pg.types.getTypeParser(oid, format)
  },
} as pg.CustomTypesConfig

/** Lock connections per process: above the number of `exclusive` keys the features use. */
const LOCK_CONNECTIONS = 12

/** `exclusive` within one process: the callers of a key run one after another. */
function inProcessLocks(): <T>(key: number, fn: () => Promise<T>) => Promise<T> {
  const held = new Map<number, Promise<unknown>>()
  return async (key, fn) => {
    const before = held.get(key) ?? Promise.resolve()
    const mine = before.catch(() => undefined).then(fn)
    held.set(key, mine)
    try {
      return await mine
    } finally {
      if (held.get(key) === mine) held.delete(key)
    }
  }
}

function openPool(
  url: string,
  options: {
    max: number
    connectionTimeoutMillis: number
    name: string
    onConnect?: (client: pg.PoolClient) => Promise<void>
  },
  logger?: Logger,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    types: pgTypes,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    application_name: options.name,
    // Runs before a new connection is first handed out (pg-pool's hook).
    ...(options.onConnect ? { onConnect: options.onConnect } : {}),
  } as pg.PoolConfig)
  const lost = (inUse: boolean) => (err: Error) =>
    logger?.warn({ err: err.message, pool: options.name, inUse }, 'database connection lost')
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', lost(false))
  // A client checked out of the pool (inside a transaction, between two queries, or holding an
  // advisory lock for a whole run) has no error listener of the pool's: losing its connection
  // then would be an unhandled 'error' event that ends the process (issue 18's database
  // outage). Its next query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', lost(true)))
  return pool
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { url, logger } = options
  const notifications = new EventEmitter()
  notifications.setMaxListeners(0)
  const channels = options.listen ?? []
  const listen = async (client: pg.PoolClient) => {
    client.on('notification', (n) => notifications.emit(n.channel, n.payload ?? ''))
    for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
  }
  const pool = openPool(
    url,
    {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      name: 'warranty-service',
      ...(channels.length > 0 ? { onConnect: listen } : {}),
    },
    logger,
  )
  // The connections that hold `exclusive`'s advisory locks: at most one per lock key in use,
  // waiting as long as it takes (a lock is waited for, not timed out), closed when idle.
  const locks = openPool(
    url,
    { max: LOCK_CONNECTIONS, connectionTimeoutMillis: 0, name: 'warranty-service-locks' },
    logger,
  )
  const serialised = inProcessLocks()
  if (options.traced) pool.on('connect', (client) => traceQueries(client))
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
  let closed = false
  return {
    db,
    url,
    notifications,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
        client.release()
      }
    },
    ping: (timeoutMs = 2000) =>
      withTimeout(
        db.execute(sql`select 1`).then(() => undefined),
        timeoutMs,
      ),
    // Callers of one key take turns in this process first, so that each key holds (or waits
    // for) at most one lock connection per process; the lock connections are a pool of their
    // own, never the one requests and job handlers query through: a minting run that holds its
    // lock for minutes, and the runs of other processes waiting for it, take nothing from them.
    exclusive: (key, fn) =>
      serialised(key, async () => {
        const client = await locks.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [key])
          return await fn()
        } finally {
          // A connection whose unlock fails is dropped, which releases the lock too.
          await client.query('select pg_advisory_unlock($1)', [key]).then(
            () => client.release(),
            (err: Error) => client.release(err),
          )
        }
      }),
    async close() {
      if (closed) return
      closed = true
      await Promise.all([pool.end(), locks.end()])
      await options.afterClose?.()
    },
  }
}

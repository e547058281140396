import pg from 'pg'
import type { Logger } from 'pino'
import type { Database } from '../db/client.js'
import type { UserWithMerchant } from '../modules/users/index.js'

/**
 * The channel on which the database announces every change of a user ('u:<id>'), a merchant
 * ('m:<id>') or a service provider ('p:<id>'), on commit, whichever code made it (triggers of
 * migrations 0007_principal_change_notify and 0012_service_providers).
 */
export const PRINCIPAL_CHANNEL = 'principal_changed'

export interface PrincipalCacheOptions {
  /** Reads the user (with its merchant) from the database. */
  load: (id: string) => Promise<UserWithMerchant | null>
  /** Most users kept; the least recently used goes first. */
  maxEntries?: number
  /** A safety net only: changes are announced, an entry older than this is read again anyway. */
  ttlMs?: number
  now?: () => number
}

/**
 * Principals (user + merchant) of authenticated requests, kept in process so that a request
 * needs no database round trip to know its caller. Correct only while change notifications
 * arrive: until `setLive(true)` (and after `setLive(false)`, the channel lost) every lookup
 * reads the database and nothing is kept. A lookup that overlapped any invalidation keeps
 * nothing either (it may have read the row before the change).
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { user: UserWithMerchant; at: number }>()
  private generation = 0
  private live = false
  private readonly maxEntries: number
  private readonly ttlMs: number
  private readonly now: () => number
  hits = 0
  misses = 0

  constructor(private readonly options: PrincipalCacheOptions) {
    this.maxEntries = options.maxEntries ?? 10_000
    this.ttlMs = options.ttlMs ?? 60_000
    this.now = options.now ?? Date.now
  }

  get size(): number {
    return this.entries.size
  }

  /** Whether entries are kept (the change channel is listening). */
  get isLive(): boolean {
    return this.live
  }

  async get(id: string): Promise<UserWithMerchant | null> {
    const entry = this.live ? this.entries.get(id) : undefined
    if (entry && this.now() - entry.at < this.ttlMs) {
      // Map order is insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(id)
      this.entries.set(id, entry)
      this.hits++
      return entry.user
    }
    this.misses++
    const generation = this.generation
    const user = await this.options.load(id)
    if (user && this.live && generation === this.generation) {
      this.entries.delete(id)
      this.entries.set(id, { user, at: this.now() })
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next()
        if (!oldest.done) this.entries.delete(oldest.value)
      }
    }
    return user
  }

  /**
   * A change announced on the channel: `u:<user id>`, `m:<merchant id>`, `p:<service provider id>`;
   * anything else flushes.
   */
  invalidate(payload: string): void {
    this.generation++
    const id = payload.slice(2)
    if (payload.startsWith('u:')) {
      this.entries.delete(id)
    } else if (payload.startsWith('m:')) {
      for (const [key, entry] of this.entries) if (entry.user.merchantId === id) this.entries.delete(key)
    } else if (payload.startsWith('p:')) {
      for (const [key, entry] of this.entries) {
        if (entry.user.serviceProviderId === id) this.entries.delete(key)
      }
    } else {
      this.entries.clear()
    }
  }

  /** Whether notifications are known to arrive; either way the cache starts empty. */
  setLive(live: boolean): void {
    this.generation++
    this.entries.clear()
    this.live = live
  }
}

/**
 * Feeds the cache from the database's change notifications and answers how to stop: a
 * connection of its own LISTENs (reconnected with backoff when lost; the cache is flushed and
 * bypassed until it listens again). The query pool's connections LISTEN too, from their first
 * use (Database.notifications, opened with this channel), so a change this process commits is
 * dropped before its commit returns (read-your-writes).
 */
export async function listenForPrincipalChanges(
  database: Pick<Database, 'url' | 'notifications'>,
  cache: PrincipalCache,
  logger?: Logger,
): Promise<() => Promise<void>> {
  const invalidate = (payload: string) => cache.invalidate(payload)
  database.notifications.on(PRINCIPAL_CHANNEL, invalidate)
  const listener = new ChannelListener(database.url, cache, logger)
  listener.start()
  return async () => {
    database.notifications.off(PRINCIPAL_CHANNEL, invalidate)
    await listener.stop()
  }
}

const RECONNECT_MIN_MS = 100
const RECONNECT_MAX_MS = 5_000
/**
 * A connection can die without a word (a partition, a NAT or firewall dropping it): the listener
 * then hears nothing while the cache would go on trusting it. A heartbeat query every second,
 * which must answer within a second, bounds that blind spot to about two seconds; TCP
 * keepalive backs it up.
 */
const HEARTBEAT_MS = 1_000
const HEARTBEAT_TIMEOUT_MS = 1_000

/** The dedicated LISTEN connection: the cache is live only while it listens. */
export class ChannelListener {
  private client: pg.Client | null = null
  private stopped = false
  private delayMs = RECONNECT_MIN_MS
  private timer: NodeJS.Timeout | null = null
  private heartbeat: NodeJS.Timeout | null = null

  constructor(
    private readonly url: string,
    private readonly cache: PrincipalCache,
    private readonly logger?: Logger,
    private readonly beat = { everyMs: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS },
  ) {}

  start(): void {
    void this.connect()
  }

  private async connect(): Promise<void> {
    if (this.stopped) return
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'warranty-principal-listener',
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
      connectionTimeoutMillis: 5_000,
    })
    this.client = client
    client.on('notification', (n) => this.cache.invalidate(n.payload ?? ''))
    client.on('error', (err) => this.lost(client, err))
    client.on('end', () => this.lost(client, null))
    try {
      await client.connect()
      await client.query(`LISTEN ${PRINCIPAL_CHANNEL}`)
      if (this.client !== client || this.stopped) return
      this.delayMs = RECONNECT_MIN_MS
      this.cache.setLive(true)
      this.beatOn(client)
    } catch (err) {
      this.lost(client, err as Error)
    }
  }

  /** Asks the connection to answer every `everyMs`; no answer within `timeoutMs` counts as lost. */
  private beatOn(client: pg.Client): void {
    const beat = async () => {
      if (this.client !== client) return
      let timeout: NodeJS.Timeout | undefined
      const silent = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('heartbeat unanswered')), this.beat.timeoutMs)
      })
      try {
        await Promise.race([client.query('select 1'), silent])
        if (this.client === client) this.heartbeat = setTimeout(() => void beat(), this.beat.everyMs).unref()
      } catch (err) {
        this.lost(client, err as Error)
      } finally {
        clearTimeout(timeout)
      }
    }
    this.heartbeat = setTimeout(() => void beat(), this.beat.everyMs).unref()
  }

  /** The channel is gone: what it would have announced is unknown, so flush and bypass until back. */
  private lost(client: pg.Client, err: Error | null): void {
    if (this.client !== client) return
    this.client = null
    this.cache.setLive(false)
    if (this.heartbeat) clearTimeout(this.heartbeat)
    // A silent connection may never finish a polite end: its socket is destroyed too.
    client.end().catch(() => undefined)
    ;(client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    if (this.stopped) return
    this.logger?.warn({ err: err?.message }, 'principal cache: change notifications lost, reconnecting')
    this.timer = setTimeout(() => void this.connect(), this.delayMs)
    this.timer.unref()
    this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.heartbeat) clearTimeout(this.heartbeat)
    const client = this.client
    this.client = null
    this.cache.setLive(false)
    await client?.end().catch(() => undefined)
  }
}

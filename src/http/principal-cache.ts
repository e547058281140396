import type { Logger } from 'pino'
import { ChannelListener as DbChannelListener } from '../db/channel-listener.js'
import type { Database } from '../db/client.js'
import type {
  AdminRole,
  MerchantRole,
  MerchantStatus,
  Role,
  ServiceProviderStatus,
  UserStatus,
} from '../db/schema/index.js'

/**
 * The channel on which the database announces every change of a user ('u:<id>'), a merchant
 * ('m:<id>') or a service provider ('p:<id>'), on commit, whichever code made it (triggers of
 * migrations 0007_principal_change_notify and 0012_service_providers).
 */
export const PRINCIPAL_CHANNEL = 'principal_changed'

/**
 * What the auth guard needs of a user and its merchant or service provider. The users feature
 * reads it (the composition passes its loader in: the HTTP layer imports no feature).
 */
export interface PrincipalRecord {
  id: string
  email: string
  name: string | null
  role: Role
  status: UserStatus
  tokenVersion: number
  merchantId: string | null
  merchantRole: MerchantRole | null
  adminRole: AdminRole | null
  merchantName: string | null
  merchantStatus: MerchantStatus | null
  /** Set exactly for SERVICE_PROVIDER users (docs/service-providers.md). */
  serviceProviderId: string | null
  serviceProviderName: string | null
  serviceProviderStatus: ServiceProviderStatus | null
  lastLoginAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** Reads a user (with its merchant) from the database; null when there is none. */
export type PrincipalLoader = (id: string) => Promise<PrincipalRecord | null>

export interface PrincipalCacheOptions {
  /** Reads the user (with its merchant) from the database. */
  load: PrincipalLoader
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
  private readonly entries = new Map<string, { user: PrincipalRecord; at: number }>()
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

  async get(id: string): Promise<PrincipalRecord | null> {
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

/** The cache's dedicated LISTEN connection (src/db/channel-listener.ts): the cache is live only while it listens. */
export class ChannelListener extends DbChannelListener {
  constructor(
    url: string,
    cache: PrincipalCache,
    logger?: Logger,
    beat?: { everyMs: number; timeoutMs: number },
  ) {
    const events = { notify: (p: string) => cache.invalidate(p), live: (l: boolean) => cache.setLive(l) }
    super(
      url,
      { channel: PRINCIPAL_CHANNEL, applicationName: 'warranty-principal-listener' },
      events,
      logger,
      beat,
    )
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

import pg from 'pg'
import type { Logger } from 'pino'

const RECONNECT_MIN_MS = 100
const RECONNECT_MAX_MS = 5_000
/**
 * A connection can die without a word (a partition, a NAT or firewall dropping it): the listener
 * then hears nothing while its owner would go on trusting it. A heartbeat query every second,
 * which must answer within a second, bounds that blind spot to about two seconds; TCP
 * keepalive backs it up.
 */
const HEARTBEAT_MS = 1_000
const HEARTBEAT_TIMEOUT_MS = 1_000

/** What a listener tells its owner: each notification's payload, and whether it is listening. */
export interface ChannelEvents {
  notify(payload: string): void
  /** True once it listens; false when the connection is lost (or the listener stopped). */
  live(live: boolean): void
}

/**
 * A dedicated LISTEN connection on one channel: reconnected with backoff when lost, and not
 * trusted (`live(false)`) from the moment it may have missed a notification until it listens again.
 */
export class ChannelListener {
  private client: pg.Client | null = null
  private stopped = false
  private delayMs = RECONNECT_MIN_MS
  private timer: NodeJS.Timeout | null = null
  private heartbeat: NodeJS.Timeout | null = null

  constructor(
    private readonly url: string,
    /** The channel (an identifier of ours, not user input) and the connection's application_name. */
    private readonly listen: { channel: string; applicationName: string },
    private readonly events: ChannelEvents,
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
      application_name: this.listen.applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
      connectionTimeoutMillis: 5_000,
    })
    this.client = client
    client.on('notification', (n) => this.events.notify(n.payload ?? ''))
    client.on('error', (err) => this.lost(client, err))
    client.on('end', () => this.lost(client, null))
    try {
      await client.connect()
      await client.query(`LISTEN ${this.listen.channel}`)
      if (this.client !== client || this.stopped) return
      this.delayMs = RECONNECT_MIN_MS
      this.events.live(true)
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
    this.events.live(false)
    if (this.heartbeat) clearTimeout(this.heartbeat)
    // A silent connection may never finish a polite end: its socket is destroyed too.
    client.end().catch(() => undefined)
    ;(client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    if (this.stopped) return
    this.logger?.warn({ err: err?.message, channel: this.listen.channel }, 'notifications lost, reconnecting')
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
    this.events.live(false)
    await client?.end().catch(() => undefined)
  }
}

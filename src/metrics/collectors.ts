import { sql } from 'drizzle-orm'
import { Gauge, type Registry } from 'prom-client'
import type { OcrPort } from '../adapters/ocr/index.js'
import type { Database } from '../db/client.js'

/** What the scrape-time gauges read: the database (cluster-wide facts), the chain head, the OCR pool. */
export interface CollectorSources {
  database: Database
  chain: { headBlock(): Promise<bigint> }
  ocr: Pick<OcrPort, 'load'>
}

type Row = Record<string, unknown>

async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows?: Row[] } | Row[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}

function gauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly string[],
  collect: (g: Gauge) => Promise<void> | void,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset()
      await collect(this)
    },
  })
}

/**
 * Gauges read when Prometheus scrapes, from the database: the same figures from every process,
 * kept across restarts. Each is one grouped query on indexed columns.
 */
export function registerCollectors(registry: Registry, sources: CollectorSources): void {
  const { database } = sources
  gauge(registry, 'warranty_mints', 'Warranties by mint state', ['state'], async (g) => {
    const found = await rows(
      database,
      sql`select mint_status as state, count(*)::int as n from warranties group by 1`,
    )
    for (const r of found) g.set({ state: String(r.state) }, Number(r.n))
  })
  gauge(registry, 'mint_batches', 'mintBatch transactions by state', ['state'], async (g) => {
    const found = await rows(
      database,
      sql`select status as state, count(*)::int as n from mint_batches group by 1`,
    )
    for (const r of found) g.set({ state: String(r.state) }, Number(r.n))
  })
  gauge(
    registry,
    'mail_messages',
    'Outbox e-mails by status (QUEUED is the backlog)',
    ['status'],
    async (g) => {
      const found = await rows(database, sql`select status, count(*)::int as n from mail_messages group by 1`)
      for (const r of found) g.set({ status: String(r.status) }, Number(r.n))
    },
  )
  gauge(
    registry,
    'mail_outbox_oldest_age_seconds',
    'Age of the oldest queued e-mail (0: none)',
    [],
    async (g) => {
      const [r] = await rows(
        database,
        sql`select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from mail_messages where status = 'QUEUED'`,
      )
      g.set(Number(r?.age ?? 0))
    },
  )
  gauge(
    registry,
    'reminder_sends',
    'Reminders (push and e-mail) by channel and status',
    ['channel', 'status'],
    async (g) => {
      const found = await rows(
        database,
        sql`select channel, status, count(*)::int as n from reminder_sends group by 1, 2`,
      )
      for (const r of found) g.set({ channel: String(r.channel), status: String(r.status) }, Number(r.n))
    },
  )
  registerWebhookGauges(registry, database)
  registerQueueGauges(registry, database)
  registerProcessGauges(registry, sources)
}

function registerWebhookGauges(registry: Registry, database: Database): void {
  gauge(
    registry,
    'webhook_deliveries',
    'Webhook deliveries by status (PENDING is the backlog)',
    ['status'],
    async (g) => {
      const found = await rows(
        database,
        sql`select status, count(*)::int as n from webhook_deliveries group by 1`,
      )
      for (const r of found) g.set({ status: String(r.status) }, Number(r.n))
    },
  )
  gauge(registry, 'webhook_endpoints', 'Merchant webhook endpoints by status', ['status'], async (g) => {
    const found = await rows(
      database,
      sql`select status, count(*)::int as n from webhook_endpoints group by 1`,
    )
    for (const r of found) g.set({ status: String(r.status) }, Number(r.n))
  })
}

function registerQueueGauges(registry: Registry, database: Database): void {
  const jobs = async () => {
    const [exists] = await rows(database, sql`select to_regclass('pgboss.job') is not null as "exists"`)
    if (!exists?.exists) return []
    return rows(
      database,
      sql`select name, state, count(*)::int as n,
        coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as age
        from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
    )
  }
  gauge(
    registry,
    'job_queue_depth',
    'Jobs waiting or running, by queue and state',
    ['queue', 'state'],
    async (g) => {
      for (const r of await jobs()) g.set({ queue: String(r.name), state: String(r.state) }, Number(r.n))
    },
  )
  gauge(
    registry,
    'job_queue_oldest_age_seconds',
    'Age of the oldest job waiting or running',
    ['queue', 'state'],
    async (g) => {
      for (const r of await jobs()) g.set({ queue: String(r.name), state: String(r.state) }, Number(r.age))
    },
  )
}

function registerProcessGauges(registry: Registry, sources: CollectorSources): void {
  const { database, chain, ocr } = sources
  gauge(
    registry,
    'chain_head_lag_blocks',
    'Blocks between the chain head and the last confirmed mint batch',
    [],
    async (g) => {
      const [r] = await rows(
        database,
        sql`select coalesce(max(block_number), 0)::bigint as block from mint_batches where status = 'CONFIRMED'`,
      )
      const head = await chain.headBlock().catch(() => null)
      if (head !== null) g.set(Math.max(0, Number(head) - Number(r?.block ?? 0)))
    },
  )
  gauge(registry, 'ocr_pool', 'OCR workers, reads running and reads waiting', ['kind'], (g) => {
    const load = ocr.load()
    g.set({ kind: 'workers' }, load.workers)
    g.set({ kind: 'running' }, load.running)
    g.set({ kind: 'queued' }, load.queued)
  })
  gauge(registry, 'db_pool_connections', 'PostgreSQL pool connections', ['kind'], (g) => {
    const stats = database.poolStats()
    g.set({ kind: 'total' }, stats.total)
    g.set({ kind: 'idle' }, stats.idle)
    g.set({ kind: 'waiting' }, stats.waiting)
  })
}

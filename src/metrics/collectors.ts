import { Gauge, type Registry } from 'prom-client'
import type { OcrPort } from '../adapters/ocr/index.js'
import type { Database } from '../db/client.js'
import { openJobCounts } from '../jobs/pgboss.repository.js'
import * as read from './gauges.repository.js'

/** What the scrape-time gauges read: the database (cluster-wide facts), the chain head, the OCR pool. */
export interface CollectorSources {
  database: Database
  chain: { headBlock(): Promise<bigint> }
  ocr: Pick<OcrPort, 'load'>
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
  const db = database.db
  gauge(registry, 'warranty_mints', 'Warranties by mint state', ['state'], async (g) => {
    for (const r of await read.warrantiesByMintState(db)) g.set({ state: String(r.state) }, Number(r.n))
  })
  gauge(registry, 'mint_batches', 'mintBatch transactions by state', ['state'], async (g) => {
    for (const r of await read.mintBatchesByState(db)) g.set({ state: String(r.state) }, Number(r.n))
  })
  gauge(
    registry,
    'mail_messages',
    'Outbox e-mails by status (QUEUED is the backlog)',
    ['status'],
    async (g) => {
      for (const r of await read.mailByStatus(db)) g.set({ status: String(r.status) }, Number(r.n))
    },
  )
  gauge(
    registry,
    'mail_outbox_oldest_age_seconds',
    'Age of the oldest queued e-mail (0: none)',
    [],
    async (g) => {
      g.set(await read.oldestQueuedMailAge(db))
    },
  )
  gauge(
    registry,
    'reminder_sends',
    'Reminders (push and e-mail) by channel and status',
    ['channel', 'status'],
    async (g) => {
      for (const r of await read.remindersByChannelAndStatus(db))
        g.set({ channel: String(r.channel), status: String(r.status) }, Number(r.n))
    },
  )
  gauge(registry, 'claims', 'Warranty claims by state (docs/claims.md)', ['state'], async (g) => {
    for (const r of await read.claimsByStatus(db)) g.set({ state: String(r.status) }, Number(r.n))
  })
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
      for (const r of await read.webhookDeliveriesByStatus(database.db))
        g.set({ status: String(r.status) }, Number(r.n))
    },
  )
  gauge(registry, 'webhook_endpoints', 'Merchant webhook endpoints by status', ['status'], async (g) => {
    for (const r of await read.webhookEndpointsByStatus(database.db))
      g.set({ status: String(r.status) }, Number(r.n))
  })
}

function registerQueueGauges(registry: Registry, database: Database): void {
  const jobs = () => openJobCounts(database.db)
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
      const confirmed = await read.lastConfirmedBlock(database.db)
      const head = await chain.headBlock().catch(() => null)
      if (head !== null) g.set(Math.max(0, Number(head) - confirmed))
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

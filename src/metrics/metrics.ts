import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/** Seconds buckets of HTTP answers: most are milliseconds, uploads and OCR take seconds. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Seconds from issue to MINTED: a batch, a block, confirmations; minutes when the chain is slow. */
const MINT_BUCKETS = [0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60, 120, 300, 900]

/**
 * The service's Prometheus metrics: one registry per running service (tests run several in one
 * process). What the process observes is recorded here as it happens (HTTP, mint latency, gas);
 * what the database knows (queues, backlogs, states) is read when Prometheus scrapes
 * (src/metrics/collectors.ts), so every process reports the same, cluster-wide figures.
 */
export class Metrics {
  readonly registry = new Registry()
  readonly http: Histogram<'method' | 'route' | 'status_code'>
  readonly mintLatency: Histogram
  readonly mintGas: Counter
  readonly mintedBatches: Counter

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry]
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry })
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    })
    this.mintLatency = new Histogram({
      name: 'warranty_mint_latency_seconds',
      help: 'Time from a warranty being issued to its certificate counting as minted',
      buckets: MINT_BUCKETS,
      registers,
    })
    this.mintGas = new Counter({
      name: 'chain_mint_gas_used_total',
      help: 'Gas used by mintBatch transactions this process confirmed',
      registers,
    })
    this.mintedBatches = new Counter({
      name: 'chain_mint_batches_total',
      help: 'mintBatch transactions this process saw confirmed',
      registers,
    })
  }

  /** What the minting pipeline reports when a batch counts as minted. */
  readonly minting = {
    batchMinted: (latenciesSeconds: readonly number[], gasUsed: bigint | null): void => {
      this.mintedBatches.inc()
      for (const seconds of latenciesSeconds) this.mintLatency.observe(seconds)
      if (gasUsed !== null) this.mintGas.inc(Number(gasUsed))
    },
  }

  text(): Promise<string> {
    return this.registry.metrics()
  }

  get contentType(): string {
    return this.registry.contentType
  }
}

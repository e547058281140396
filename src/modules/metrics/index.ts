import type { FastifyInstance } from 'fastify'
import type { Feature } from '../../feature.js'

/** What the scrape route reads: the service's registry as Prometheus text. */
export interface MetricsSource {
  text(): Promise<string>
  readonly contentType: string
}

interface MetricsDeps {
  metrics: MetricsSource
}

/**
 * `GET /metrics` in the Prometheus text format, guarded by the `metrics` secret of the auth guard
 * (src/http/auth.ts): with `METRICS_TOKEN` set, only for `Authorization: Bearer <token>`; in
 * production without a token, 401 to every call (docs/security.md#metrics); outside production
 * open then. Not part of the public API document: it is for the operator's Prometheus.
 */
export function metricsFeature(deps: MetricsDeps): Feature<null> {
  return { name: 'metrics', service: null, routes: (app) => app.register(metricsRoutes, deps) }
}

async function metricsRoutes(app: FastifyInstance, opts: MetricsDeps): Promise<void> {
  app.get(
    '/metrics',
    { config: { auth: { secret: 'metrics' } }, logLevel: 'warn', schema: { hide: true } },
    async (_request, reply) => {
      return reply
        .header('content-type', opts.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await opts.metrics.text())
    },
  )
}

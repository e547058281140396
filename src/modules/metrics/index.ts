import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'
import type { Feature } from '../../feature.js'

/** What the scrape route reads: the service's registry as Prometheus text. */
export interface MetricsSource {
  text(): Promise<string>
  readonly contentType: string
}

interface MetricsDeps {
  metrics: MetricsSource
  token: string | null
  /** NODE_ENV=production: without a token the route is closed (deny by default). */
  production: boolean
}

/**
 * `GET /metrics` in the Prometheus text format; with `METRICS_TOKEN` set, only for
 * `Authorization: Bearer <token>` (compared in constant time). In production without a token it
 * answers 401 to every call (docs/security.md#metrics); outside production it is open then.
 * Not part of the public API document: it is for the operator's Prometheus.
 */
export function metricsFeature(deps: MetricsDeps): Feature<null> {
  return { name: 'metrics', service: null, routes: (app) => app.register(metricsRoutes, deps) }
}

async function metricsRoutes(app: FastifyInstance, opts: MetricsDeps): Promise<void> {
  const closed = opts.production && opts.token === null
  app.get(
    '/metrics',
    { config: { auth: 'public' }, logLevel: 'warn', schema: { hide: true } },
    async (request, reply) => {
      if (closed)
        throw new AppError('unauthorized', 'METRICS_TOKEN is not set: /metrics is closed in production')
      if (opts.token !== null && !bearerMatches(request.headers.authorization, opts.token)) {
        throw new AppError('unauthorized', 'A valid metrics token is required')
      }
      return reply
        .header('content-type', opts.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await opts.metrics.text())
    },
  )
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

import type { FastifyInstance } from 'fastify'
import type { Histogram } from 'prom-client'

/**
 * Observes every answer in the HTTP histogram by route template (never the raw URL: ids would
 * make a series per resource), method and status code; unknown routes share `unmatched`.
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  histogram: Histogram<'method' | 'route' | 'status_code'>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })
}

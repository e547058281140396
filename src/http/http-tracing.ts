import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { FastifyInstance } from 'fastify'
import { tracer } from '../tracing/tracing.js'

/**
 * One server span per request, named by method and route template, active for the rest of the
 * request so that SQL and chain spans become its children. A no-op without the SDK.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  const spans = new WeakMap<object, ReturnType<ReturnType<typeof tracer>['startSpan']>>()
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const span = tracer().startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route },
    })
    spans.set(request, span)
    context.with(trace.setSpan(context.active(), span), done)
  })
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request)
    if (!span) return
    span.setAttribute('http.response.status_code', reply.statusCode)
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
  })
}

import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'

/** The one tracer of the service; a no-op until `startTracing` installs an SDK. */
export const tracer = () => trace.getTracer('warranty-service')

export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://collector:4318`; null = tracing off (no SDK). */
  endpoint: string | null
  serviceName: string
  serviceVersion: string
}

export interface Tracing {
  readonly enabled: boolean
  /** Sends what is buffered and stops the SDK. */
  shutdown(): Promise<void>
}

/**
 * Installs the OpenTelemetry SDK when an OTLP endpoint is configured: spans go in batches to
 * `{endpoint}/v1/traces` (OTLP over HTTP, JSON). Without one nothing is installed (nor loaded:
 * the SDK's modules take a noticeable part of a start) and every span call below is the API's
 * no-op.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  if (!settings.endpoint) return { enabled: false, shutdown: async () => undefined }
  const [{ AsyncLocalStorageContextManager }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
    ])
  const { BatchSpanProcessor, TracerProvider } = sdk
  const contextManager = new AsyncLocalStorageContextManager().enable()
  context.setGlobalContextManager(contextManager)
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'service.version': settings.serviceVersion,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, '')}/v1/traces` }),
        scheduledDelayMillis: 500,
      }),
    ],
  })
  trace.setGlobalTracerProvider(provider)
  return {
    enabled: true,
    async shutdown() {
      await provider.shutdown().catch(() => undefined)
      trace.disable()
      context.disable()
    },
  }
}

/** Runs `fn` in a span named `name` (a child of the active one); records an error and rethrows. */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span)
    } catch (err) {
      span.recordException(err as Error)
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      })
      throw err
    } finally {
      span.end()
    }
  })
}

export { SpanKind }

/**
 * The same object with the named async methods run in spans `<prefix> <method>` (a port seen
 * from outside: chain calls, for example). Other properties are untouched.
 */
export function tracedPort<T extends object>(
  target: T,
  prefix: string,
  methods: readonly (keyof T & string)[],
): T {
  const names = new Set<string>(methods)
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver)
      if (typeof property !== 'string' || !names.has(property) || typeof value !== 'function') return value
      return (...args: unknown[]) =>
        inSpan(`${prefix} ${property}`, {}, () => Promise.resolve(value.apply(object, args)), SpanKind.CLIENT)
    },
  })
}

type Queryable = { query: (...args: never[]) => unknown }

/** Wraps a pg client's promise-style `query` in `db.query` spans (the statement text, truncated). */
export function traceQueries(client: Queryable): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'function')) return original(...args)
    const first = args[0] as string | { text?: string }
    const text = typeof first === 'string' ? first : (first?.text ?? '')
    return inSpan(
      'db.query',
      { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 300) },
      () => Promise.resolve(original(...args)),
      SpanKind.CLIENT,
    )
  }
}

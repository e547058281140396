import { randomUUID } from 'node:crypto'
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Deps } from './deps.js'
import type { Feature } from './feature.js'
import { registerAuth } from './http/auth.js'
import { registerDraining } from './http/draining.js'
import { registerErrorHandling } from './http/error-handler.js'
import { registerHttpMetrics } from './http/http-metrics.js'
import { registerHttpTracing } from './http/http-tracing.js'
import { clientErrorHandler, registerInputHardening, routerErrorHandler } from './http/input-hardening.js'
import { lazySerializers, lazyValidators } from './http/lazy-serializers.js'
import { registerOpenApi, registerSecurityHeaders } from './http/openapi.js'
import { parseJsonBodies, recordRouteTable, refuseUndeclaredInput } from './http/request-shape.js'
import { ErrorBody } from './http/schemas.js'
import { prepareFindUserById } from './modules/users/index.js'

export type { RouteEntry } from './http/request-shape.js'

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** The one app, used by `main.ts` and by the tests alike: the HTTP layer, then every feature's routes. */
export async function buildApp({
  deps,
  features,
}: {
  deps: Deps
  features: readonly Feature[]
}): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Bounded clients: headers, the whole request, and a silent socket each have a deadline
    // (Node checks the first two every second here; its default interval is 30 s).
    http: {
      headersTimeout: config.httpTimeouts.headersSeconds * 1000,
      requestTimeout: config.httpTimeouts.requestSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.httpTimeouts.requestSeconds * 1000,
    connectionTimeout: config.httpTimeouts.idleSeconds * 1000,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // Response serializers compiled on each route's first answer, not all at start (a restart's largest
    // part); request validators likewise (lazyValidators below).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    frameworkErrors: routerErrorHandler,
    clientErrorHandler,
  }).setValidatorCompiler(lazyValidators(TypeBoxValidatorCompiler))

  registerDraining(app)
  registerHttpMetrics(app, deps.metrics.http)
  if (deps.tracing.enabled) registerHttpTracing(app)
  // First, so that its onRoute hook (deny by default) has settled each route's auth before it is recorded.
  let findUserById: ReturnType<typeof prepareFindUserById> | undefined
  registerAuth(app, {
    tokens: deps.tokens,
    // The users feature reads the caller (prepared on first use): the HTTP layer imports no feature.
    loadPrincipal: (id) => {
      findUserById ??= prepareFindUserById(deps.db)
      return findUserById(id)
    },
    secrets: {
      cron: { value: config.cronSecret },
      inbound: { value: config.inbox.inboundSecret },
      // Outside production an unset METRICS_TOKEN leaves /metrics open (docs/security.md#metrics).
      metrics: {
        value: config.metricsToken,
        openWhenUnset: config.nodeEnv !== 'production',
        unsetMessage: 'METRICS_TOKEN is not set: /metrics is closed in production',
      },
    },
    database: deps.database,
    logger: deps.logger,
  })
  refuseUndeclaredInput(app)
  recordRouteTable(app)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  parseJsonBodies(app)
  registerErrorHandling(app)
  registerInputHardening(app)
  app.addSchema(ErrorBody)
  await registerSecurityHeaders(app, config.corsOrigins)
  await registerOpenApi(app, config.publicApiUrl)

  for (const feature of features) await feature.routes?.(app)

  await app.ready()
  return app
}

import { randomUUID } from 'node:crypto'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'
import { Type } from 'typebox'
import type { Deps } from './deps.js'
import { AppError } from './errors.js'
import type { Feature } from './feature.js'
import { registerAuth } from './http/auth.js'
import { registerErrorHandling } from './http/error-handler.js'
import { clientErrorHandler, registerInputHardening, routerErrorHandler } from './http/input-hardening.js'
import { ErrorBody } from './http/schemas.js'
import { API_VERSION } from './version.js'

/** One row of the route table: what the "who may call this" tests and the OpenAPI test walk. */
export interface RouteEntry {
  method: string
  url: string
  auth: unknown
  hidden: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[]
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/
const NO_QUERY = Type.Object({}, { additionalProperties: false })
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The one app, used by `main.ts` and by the tests alike. */
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
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    frameworkErrors: routerErrorHandler,
    clientErrorHandler,
  }).setValidatorCompiler(TypeBoxValidatorCompiler)

  // First, so that its onRoute hook (deny by default) has settled each route's auth before it is recorded.
  registerAuth(app, { db: deps.db, tokens: deps.tokens, cronSecret: config.cronSecret })

  // Undeclared input is refused on every route, also where a route declares none: no query
  // parameters unless declared, and no body on a route that takes none.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) return
    route.schema ??= {}
    const schema = route.schema as Record<string, unknown>
    schema.querystring ??= NO_QUERY
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!schema.body && methods.some((m) => BODY_METHODS.has(m))) {
      const existing = route.preValidation
      const refuseBody = async (request: FastifyRequest) => {
        if (request.body !== undefined) {
          throw new AppError('validation_error', undefined, [
            { path: '/body', message: 'this route takes no body' },
          ])
        }
      }
      route.preValidation = existing
        ? [refuseBody, ...(Array.isArray(existing) ? existing : [existing])]
        : refuseBody
    }
  })

  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      routeTable.push({
        method,
        url: route.url,
        auth: (route.config as { auth?: unknown } | undefined)?.auth,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      })
    }
  })

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  // JSON bodies only; an empty body is "no body"; prototype poisoning is refused.
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }))
    } catch {
      done(new AppError('invalid_json', 'The body is not valid JSON'), undefined)
    }
  })

  registerErrorHandling(app)
  registerInputHardening(app)
  app.addSchema(ErrorBody)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  })
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'retry-after', 'idempotent-replayed'],
    maxAge: 600,
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Warranty service API',
        version: API_VERSION,
        description:
          'Warranty certificates minted on an EVM chain with metadata pinned on IPFS; merchant, customer and admin API.',
      },
      servers: [{ url: config.publicApiUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cronSecret: { type: 'apiKey', in: 'header', name: 'x-cron-secret' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const auth = (route.config as { auth?: unknown } | undefined)?.auth
      const transformed = { ...(schema ?? {}) } as Record<string, unknown>
      if (auth === 'cron') transformed.security = [{ cronSecret: [] }]
      else if (auth && typeof auth === 'object') {
        const { roles, merchantRoles } = auth as { roles: string[]; merchantRoles?: string[] }
        transformed.security = [{ bearerAuth: [] }]
        const who = `Roles: ${roles.join(', ')}${merchantRoles ? ` (merchant role ${merchantRoles.join(' or ')})` : ''}.`
        transformed.description = transformed.description ? `${transformed.description}\n\n${who}` : who
      }
      return { schema: transformed, url }
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: false, uiConfig: { deepLinking: true } })

  for (const feature of features) await feature.routes?.(app)

  await app.ready()
  return app
}

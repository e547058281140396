import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { API_VERSION } from '../version.js'
import { hoistTitledSchemas, nameWildcardParameters } from './openapi-document.js'

/** Security headers (a strict CSP) and CORS for the configured origins only. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  corsOrigins: readonly string[],
): Promise<void> {
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
    origin: corsOrigins.length > 0 ? [...corsOrigins] : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'retry-after', 'idempotent-replayed'],
    maxAge: 600,
  })
}

/** The security scheme of each shared secret a documented route requires (/metrics is not documented). */
const SECRET_SCHEMES: Record<string, string> = { cron: 'cronSecret', inbound: 'inboundSecret' }

/** Adds each route's auth declaration to its operation: the security scheme and who may call it. */
function describeAuth(schema: Record<string, unknown>, auth: unknown): Record<string, unknown> {
  const described = { ...schema }
  if (auth === 'public') described.security = []
  else if (auth && typeof auth === 'object' && 'secret' in auth) {
    const scheme = SECRET_SCHEMES[String(auth.secret)]
    if (scheme) described.security = [{ [scheme]: [] }]
  } else if (auth && typeof auth === 'object') {
    const { roles, merchantRoles } = auth as { roles: string[]; merchantRoles?: string[] }
    described.security = [{ bearerAuth: [] }]
    const who = `Roles: ${roles.join(', ')}${merchantRoles ? ` (merchant role ${merchantRoles.join(' or ')})` : ''}.`
    described.description = described.description ? `${described.description}\n\n${who}` : who
  }
  return described
}

/** The OpenAPI 3.1 document at /openapi.json and its UI at /docs. */
export async function registerOpenApi(app: FastifyInstance, publicApiUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Warranty service API',
        version: API_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          'Warranty certificates minted on an EVM chain with metadata pinned on IPFS; merchant, customer and admin API.',
      },
      // First the origin the document was read from (relative): "Try it out" in /docs calls the
      // host it was opened at (127.0.0.1, localhost or a proxy's name), never another origin the
      // browser would block. Then PUBLIC_API_URL, for clients reading the document elsewhere.
      servers: [
        { url: '/', description: 'this service, where this document was read' },
        { url: publicApiUrl, description: 'PUBLIC_API_URL' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cronSecret: { type: 'apiKey', in: 'header', name: 'x-cron-secret' },
          inboundSecret: { type: 'apiKey', in: 'header', name: 'x-inbound-secret' },
        },
      },
    },
    transform: ({ schema, url, route }) => ({
      schema: describeAuth((schema ?? {}) as Record<string, unknown>, route.config?.auth),
      url,
    }),
    // Shared schemas (addSchema) are named by their $id, not `def-N`.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject
      return nameWildcardParameters(hoistTitledSchemas(doc)) as never
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: false, uiConfig: { deepLinking: true } })
}

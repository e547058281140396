import type { FastifyInstance, FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'
import { Type } from 'typebox'
import { AppError } from '../errors.js'

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

const NO_QUERY = Type.Object({}, { additionalProperties: false })
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method])

/**
 * Undeclared input is refused on every route, also where a route declares none: no query
 * parameters unless declared, and no body on a route that takes none.
 */
export function refuseUndeclaredInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) return
    route.schema ??= {}
    const schema = route.schema as Record<string, unknown>
    schema.querystring ??= NO_QUERY
    if (schema.body || !methodsOf(route.method).some((m) => BODY_METHODS.has(m))) return
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
  })
}

/** Records every route with its auth declaration in `app.routeTable`. */
export function recordRouteTable(app: FastifyInstance): void {
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route.method)) {
      if (method === 'HEAD') continue
      routeTable.push({
        method,
        url: route.url,
        auth: (route.config as { auth?: unknown } | undefined)?.auth,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      })
    }
  })
}

/** JSON bodies only; an empty body is "no body"; prototype poisoning is refused. */
export function parseJsonBodies(app: FastifyInstance): void {
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
}

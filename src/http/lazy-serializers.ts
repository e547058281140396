import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifySchemaCompiler } from 'fastify'

type SerializerFactory = ReturnType<typeof SerializerSelector>

/**
 * Fastify's own response serializers (fast-json-stringify, undeclared properties left out, as
 * by default), each compiled when its route first answers with that status instead of all of
 * them while the app is built: compiling some 600 response schemas up front was the largest
 * part of a restart (docs/performance.md, "npm start on an unchanged checkout"). A compiled
 * serializer is kept, so only a route's first answer pays (a few milliseconds).
 */
export function lazySerializers(): SerializerFactory {
  const eager = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options)
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined
      return (doc) => {
        serialize ??= compile(route)
        return serialize(doc)
      }
    }
  }
}

/**
 * The same for request validators: each route's schema is compiled by `compile` (TypeBox's) on
 * the first request that reaches that route's validation, not while the app is built (some 300
 * schemas, about 0.1 s of a restart on these 2 cores); the compiled check is kept.
 */
export function lazyValidators<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    let check: ReturnType<FastifySchemaCompiler<S>> | undefined
    return (data: unknown) => {
      check ??= compile(route)
      return check(data)
    }
  }
}

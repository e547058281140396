import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify from 'fastify'
import { type TSchema, Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { lazySerializers, lazyValidators } from '../../src/http/lazy-serializers.js'

const app = () => Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySerializers() } } })

describe('lazySerializers', () => {
  it('serializes like fastify by default: undeclared properties are left out, every answer alike', async () => {
    const server = app()
    server.get(
      '/thing',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { id: { type: 'string' }, n: { type: 'integer' } },
              additionalProperties: false,
            },
          },
        },
      },
      async () => ({ id: 'a', n: 2, secret: 'not declared' }),
    )
    for (let i = 0; i < 2; i++) {
      const res = await server.inject({ method: 'GET', url: '/thing' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{"id":"a","n":2}')
    }
    await server.close()
  })

  it('compiles a response schema on its first answer, not while the app gets ready', async () => {
    const server = app()
    server.get(
      '/broken',
      { schema: { response: { 200: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } } } },
      async () => ({ a: 1 }),
    )
    // Eager compilation (fastify's default) fails here, at start.
    await expect(server.ready()).resolves.toBeDefined()
    const res = await server.inject({ method: 'GET', url: '/broken' })
    expect(res.statusCode).toBe(500)
    await server.close()
  })
})

describe('lazyValidators', () => {
  it('validates like TypeBox compiled up front: a bad body gets a 400, a good one passes, every time', async () => {
    let compiled = 0
    const server = Fastify().setValidatorCompiler(
      lazyValidators<TSchema>((route) => {
        compiled++
        return TypeBoxValidatorCompiler(route)
      }),
    )
    server.post(
      '/thing',
      { schema: { body: Type.Object({ n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }) } },
      async (req) => req.body,
    )
    await server.ready()
    // Nothing compiled while the app got ready: the first request to the route does it, once.
    expect(compiled).toBe(0)
    for (let i = 0; i < 2; i++) {
      const bad = await server.inject({ method: 'POST', url: '/thing', payload: { n: 0 } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toMatch(/body/)
      const extra = await server.inject({ method: 'POST', url: '/thing', payload: { n: 1, x: 1 } })
      expect(extra.statusCode).toBe(400)
      const good = await server.inject({ method: 'POST', url: '/thing', payload: { n: 2 } })
      expect(good.statusCode).toBe(200)
      expect(good.json()).toEqual({ n: 2 })
    }
    expect(compiled).toBe(1)
    await server.close()
  })
})

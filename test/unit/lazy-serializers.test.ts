import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { lazySerializers } from '../../src/http/lazy-serializers.js'

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

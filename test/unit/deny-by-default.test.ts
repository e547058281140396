import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerAuth } from '../../src/http/auth.js'
import { TokenService } from '../../src/http/tokens.js'

const tokens = new TokenService({ secret: 'x'.repeat(32), ttlSeconds: 60, issuer: 'i', audience: 'a' })

describe('deny by default', () => {
  it('refuses to start with a route that declares no auth, naming it', async () => {
    const app = Fastify()
    registerAuth(app, { tokens, loadPrincipal: async () => null })
    // The route is refused as it is added, before the app can start.
    expect(() => app.get('/v1/forgotten', async () => ({ secret: true }))).toThrow(
      /GET \/v1\/forgotten declares no auth/,
    )
  })

  it('starts when every route declares public, a secret or roles', async () => {
    const app = Fastify()
    registerAuth(app, { tokens, loadPrincipal: async () => null })
    app.get('/open', { config: { auth: 'public' } }, async () => ({ ok: true }))
    app.post('/cron', { config: { auth: { secret: 'cron' } } }, async () => ({ ok: true }))
    app.get('/admin', { config: { auth: { roles: ['ADMIN'] } } }, async () => ({ ok: true }))
    await app.ready()
    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200)
    // CRON_SECRET unset: the cron route refuses every call.
    expect(
      (await app.inject({ method: 'POST', url: '/cron', headers: { 'x-cron-secret': '' } })).statusCode,
    ).toBe(401)
    await app.close()
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { ChannelListener, PrincipalCache } from '../../src/http/principal-cache.js'
import { createMerchantWithUsers, setMerchantStatus, setUserStatus } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { startTcpProxy } from '../support/tcp-proxy.js'

const me = (svc: TestService, token: string) => svc.request({ method: 'GET', url: '/v1/auth/me', token })

/** Calls `probe` until it answers `status`; answers the milliseconds that took. */
async function msUntil(status: number, probe: () => Promise<{ statusCode: number }>): Promise<number> {
  const start = performance.now()
  for (;;) {
    if ((await probe()).statusCode === status) return performance.now() - start
    if (performance.now() - start > 5_000) throw new Error(`no ${status} within 5 s`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('principal cache (one process)', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService()
    // Until its listener connection LISTENs, the cache is bypassed (correct, just not cached).
    await waitFor(async () => svc.app.principalCache.isLive)
  })
  afterAll(() => svc?.close())

  it('serves repeated requests of a principal from the cache', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    expect((await me(svc, owner.token)).statusCode).toBe(200)
    const hits = svc.app.principalCache.hits
    for (let i = 0; i < 5; i++) expect((await me(svc, owner.token)).statusCode).toBe(200)
    expect(svc.app.principalCache.hits - hits).toBe(5)
  })

  it('drops a principal at once on suspension, password change, role change and deletion', async () => {
    const { merchant, owner, admin, user } = await createMerchantWithUsers(svc.deps)
    for (const u of [owner, admin, user]) expect((await me(svc, u.token)).statusCode).toBe(200)
    await setUserStatus(svc.deps.db, owner.id, 'SUSPENDED')
    expect((await me(svc, owner.token)).json().error).toBe('account_suspended')
    await svc.deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, admin.id))
    expect((await me(svc, admin.token)).statusCode).toBe(401)
    await svc.deps.db.update(users).set({ merchantRole: 'OWNER' }).where(eq(users.id, user.id))
    expect((await me(svc, user.token)).json().merchantRole).toBe('OWNER')
    await setMerchantStatus(svc.deps.db, merchant.id, 'SUSPENDED')
    expect((await me(svc, user.token)).json().error).toBe('merchant_suspended')
    await svc.deps.db.delete(users).where(eq(users.id, user.id))
    expect((await me(svc, user.token)).statusCode).toBe(401)
  })
})

// Two service instances on one PostgreSQL database: the change is made through one, seen by the other.
describe('principal cache across two processes on one PostgreSQL', () => {
  let a: TestService
  let b: TestService
  beforeAll(async () => {
    a = await createTestService()
    b = await createTestService({ databaseUrl: a.config.databaseUrl ?? undefined })
    await waitFor(async () => a.app.principalCache.isLive && b.app.principalCache.isLive)
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('makes a suspension through one instance take effect in the other within a second', async () => {
    const { merchant, owner, user } = await createMerchantWithUsers(a.deps)
    expect((await me(b, owner.token)).statusCode).toBe(200)
    const hits = b.app.principalCache.hits
    expect((await me(b, owner.token)).statusCode).toBe(200)
    expect(b.app.principalCache.hits).toBe(hits + 1)

    await setUserStatus(a.deps.db, owner.id, 'SUSPENDED')
    const suspended = await msUntil(403, () => me(b, owner.token))
    expect(suspended).toBeLessThan(1000)
    expect((await me(b, owner.token)).json().error).toBe('account_suspended')

    expect((await me(b, user.token)).statusCode).toBe(200)
    await setMerchantStatus(a.deps.db, merchant.id, 'SUSPENDED')
    expect(await msUntil(403, () => me(b, user.token))).toBeLessThan(1000)
    expect((await me(b, user.token)).json().error).toBe('merchant_suspended')
  })

  it('stays correct when the notification channel is lost, and caches again once it is back', async () => {
    const { owner } = await createMerchantWithUsers(a.deps)
    expect((await me(b, owner.token)).statusCode).toBe(200)
    // Cut every connection of both instances but this one; B's next lookups read the database.
    await a.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name in ('warranty-principal-listener', 'warranty-service')
            and datname = current_database() and pid <> pg_backend_pid()`,
    )
    await setUserStatus(a.deps.db, owner.id, 'SUSPENDED')
    expect(await msUntil(403, () => me(b, owner.token))).toBeLessThan(1000)
    await setUserStatus(a.deps.db, owner.id, 'ACTIVE')
    expect(await msUntil(200, () => me(b, owner.token))).toBeLessThan(1000)
    // Reconnected: the principal is cached again, and a change still reaches B.
    const deadline = Date.now() + 5_000
    let hits = b.app.principalCache.hits
    for (;;) {
      await me(b, owner.token)
      if (b.app.principalCache.hits > hits) break
      if (Date.now() > deadline) throw new Error('the cache did not come back')
      hits = b.app.principalCache.hits
      await new Promise((r) => setTimeout(r, 50))
    }
    await setUserStatus(a.deps.db, owner.id, 'SUSPENDED')
    expect(await msUntil(403, () => me(b, owner.token))).toBeLessThan(1000)
  })
})

// A listener whose connection dies without a word (no FIN, no RST): the heartbeat notices.
describe('principal cache on a silently dead connection', () => {
  it('stops trusting the cache within about two seconds, and is live again on a healthy connection', async () => {
    const url = new URL(inject('databaseServer'))
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    const proxied = new URL(url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    const cache = new PrincipalCache({ load: async () => null })
    const listener = new ChannelListener(proxied.toString(), cache, undefined, {
      everyMs: 200,
      timeoutMs: 300,
    })
    try {
      listener.start()
      await waitFor(async () => cache.isLive, 5_000)
      proxy.stall()
      const stalledAt = performance.now()
      await waitFor(async () => !cache.isLive, 5_000)
      // Noticed within one beat and one timeout (plus scheduling slack on a busy machine).
      expect(performance.now() - stalledAt).toBeLessThan(2_000)
      // The reconnect goes through the proxy again, on a new (healthy) connection.
      await waitFor(async () => cache.isLive, 10_000)
    } finally {
      await listener.stop()
      await proxy.close()
    }
  })
})

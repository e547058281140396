import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOKS_DEFAULTS } from '../../src/config/webhooks.js'
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js'
import { SecretBox, WebhookDispatcher } from '../../src/modules/webhooks/index.js'
import { resealSecrets } from '../../src/modules/webhooks/webhook-maintenance.js'
import { postWebhook } from '../../src/modules/webhooks/webhook-target.js'
import { checkEndpointUrl } from '../../src/modules/webhooks/webhook-url.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService, waitFor } from '../support/harness.js'
import { setMinterRole } from '../support/mint-fixtures.js'
import { claimIdsOf, issueWarranty, uniqueSerial } from '../support/warranty-factories.js'
import { verifyWebhook, WebhookReceiver } from '../support/webhook-receiver.js'

let svc: TestService
let receiver: WebhookReceiver

beforeAll(async () => {
  // The receiver is on loopback: private webhook targets need the explicit opt-in.
  svc = await createTestService({ mint: true, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } })
  receiver = await new WebhookReceiver().start()
})
afterAll(async () => {
  await svc?.close()
  await receiver?.stop()
})

const BASE = '/v1/merchant/webhooks'
const ALL = [
  'warranty.issued',
  'warranty.minted',
  'warranty.mint_failed',
  'warranty.claimed',
  'warranty.expiring',
]

async function setUp(events = ALL) {
  const tenant = await createMerchantWithUsers(svc.deps)
  const res = await svc.request({
    method: 'POST',
    url: BASE,
    token: tenant.admin.token,
    payload: { url: receiver.url, events },
  })
  expect(res.statusCode).toBe(200)
  return { tenant, endpoint: res.json() as { id: string; secret: string } }
}

const deliveriesOf = (endpointId: string) =>
  svc.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))
const forWarranty = (id: string) => receiver.received.filter((r) => r.json.data.warrantyId === id)

describe('POST /v1/merchant/webhooks', () => {
  it('registers an endpoint and shows its whsec_ secret once', async () => {
    const { tenant, endpoint } = await setUp(['warranty.issued'])
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['warranty.issued'], status: 'ACTIVE' })
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    const got = await svc.request({ method: 'GET', url: `${BASE}/${endpoint.id}`, token: tenant.user.token })
    expect(got.statusCode).toBe(200)
    expect(got.json()).not.toHaveProperty('secret')
    const [row] = await svc.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id))
    expect(row?.secret).not.toContain(endpoint.secret.slice(6))
  })

  it('refuses a USER (403), a non-http URL (400); another merchant sees 404', async () => {
    const { tenant, endpoint } = await setUp()
    const asUser = await svc.request({
      method: 'POST',
      url: BASE,
      token: tenant.user.token,
      payload: { url: receiver.url, events: ['warranty.issued'] },
    })
    expect(asUser.statusCode).toBe(403)
    const ftp = await svc.request({
      method: 'POST',
      url: BASE,
      token: tenant.owner.token,
      payload: { url: 'ftp://example.com/x', events: ['warranty.issued'] },
    })
    expect(ftp.statusCode).toBe(400)
    expect(ftp.json().error).toBe('validation_error')
    const other = await createMerchantWithUsers(svc.deps)
    for (const [method, url] of [
      ['GET', `${BASE}/${endpoint.id}`],
      ['DELETE', `${BASE}/${endpoint.id}`],
      ['POST', `${BASE}/${endpoint.id}/rotate-secret`],
      ['GET', `${BASE}/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await svc.request({ method, url, token: other.owner.token })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    const list = await svc.request({ method: 'GET', url: BASE, token: other.user.token })
    expect(list.json().items).toEqual([])
  })
})

describe('events', () => {
  it('issuing, minting and claiming each deliver a signed event the documented receiver verifies', async () => {
    const { tenant, endpoint } = await setUp()
    const w = await issueWarranty(svc, tenant.user, { customerEmail: `c-${uniqueSerial()}@example.com` })
    // Read at once: the claim e-mail's link loses its token once the mail is sent.
    const [claimId] = await claimIdsOf(svc.deps.db, w.id)
    const issued = await waitFor(async () => forWarranty(w.id).find((r) => r.json.type === 'warranty.issued'))
    expect(verifyWebhook(endpoint.secret, issued.headers, issued.body)).toBe(true)
    expect(verifyWebhook('whsec_wrong', issued.headers, issued.body)).toBe(false)
    expect(verifyWebhook(endpoint.secret, issued.headers, `${issued.body} `)).toBe(false)
    expect(issued.headers['webhook-id']).toBe(issued.json.id)
    expect(issued.json.data).toMatchObject({
      warrantyId: w.id,
      warrantyCode: w.warrantyCode,
      merchantId: tenant.merchant.id,
      mintStatus: 'PENDING',
    })
    expect(issued.body).not.toContain('@example.com')

    const minted = await waitFor(
      async () => forWarranty(w.id).find((r) => r.json.type === 'warranty.minted'),
      60_000,
    )
    expect(verifyWebhook(endpoint.secret, minted.headers, minted.body)).toBe(true)
    expect(minted.json.data).toMatchObject({ mintStatus: 'MINTED', tokenId: expect.any(String) })

    const claim = await svc.request({ method: 'POST', url: '/v1/customer/auth/claim', payload: { claimId } })
    expect(claim.statusCode, claim.body).toBe(200)
    const claimed = await waitFor(async () =>
      forWarranty(w.id).find((r) => r.json.type === 'warranty.claimed'),
    )
    expect(claimed.json.data).toMatchObject({ warrantyId: w.id, claimed: true })
    expect(
      forWarranty(w.id)
        .map((r) => r.json.type)
        .sort(),
    ).toEqual(['warranty.claimed', 'warranty.issued', 'warranty.minted'])
  }, 90_000)

  it('delivers warranty.mint_failed when the chain refuses a batch', async () => {
    const { tenant, endpoint } = await setUp(['warranty.mint_failed'])
    await setMinterRole(svc.deps.chain, false)
    try {
      const w = await issueWarranty(svc, tenant.user)
      const failed = await waitFor(async () => forWarranty(w.id)[0], 30_000)
      expect(failed.json.type).toBe('warranty.mint_failed')
      expect(failed.json.data).toMatchObject({ warrantyId: w.id, mintStatus: 'FAILED' })
      expect(String(failed.json.data.mintError)).toMatch(/AccessControlUnauthorizedAccount/)
      expect(verifyWebhook(endpoint.secret, failed.headers, failed.body)).toBe(true)
    } finally {
      await setMinterRole(svc.deps.chain, true)
    }
  }, 60_000)

  it('records warranty.expiring once per warranty within 30 days, and only the events chosen', async () => {
    const { tenant, endpoint } = await setUp(['warranty.expiring'])
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString()
    const w = await issueWarranty(svc, tenant.user, { expiresAt: soon })
    await issueWarranty(svc, tenant.user, {
      expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    })
    await svc.services.webhooks.recordExpiring()
    await svc.services.webhooks.recordExpiring()
    const expiring = await waitFor(async () =>
      receiver.ofType('warranty.expiring').find((r) => r.json.data.warrantyId === w.id),
    )
    expect(verifyWebhook(endpoint.secret, expiring.headers, expiring.body)).toBe(true)
    const rows = await deliveriesOf(endpoint.id)
    expect(rows.map((r) => r.eventType)).toEqual(['warranty.expiring'])
  })
})

describe('retries, disabling, replay', () => {
  it('retries a 500 with backoff, then delivers; FAILED deliveries can be replayed', async () => {
    const { tenant, endpoint } = await setUp(['warranty.issued'])
    receiver.status = () => 500
    try {
      const w = await issueWarranty(svc, tenant.user)
      const [first] = await waitFor(async () => {
        const rows = await deliveriesOf(endpoint.id)
        return rows[0]?.attempts === 1 ? rows : null
      })
      expect(first).toMatchObject({ status: 'PENDING', lastStatusCode: 500 })
      const delay = first!.nextAttemptAt.getTime() - first!.updatedAt.getTime()
      expect(delay).toBeGreaterThan(25_000)
      expect(delay).toBeLessThan(35_000)
      // The second attempt, due now: fails again, the delay doubles.
      await svc.deps.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookDeliveries.id, first!.id))
      await svc.services.webhooks.dispatcher.run()
      const [second] = await deliveriesOf(endpoint.id)
      expect(second?.attempts).toBe(2)
      const delay2 = second!.nextAttemptAt.getTime() - second!.updatedAt.getTime()
      expect(delay2).toBeGreaterThan(55_000)
      receiver.status = () => 200
      await svc.deps.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookDeliveries.id, first!.id))
      await svc.services.webhooks.dispatcher.run()
      const [done] = await deliveriesOf(endpoint.id)
      expect(done).toMatchObject({ status: 'DELIVERED', attempts: 3, lastStatusCode: 200 })
      expect(forWarranty(w.id)).toHaveLength(3)

      const log = await svc.request({
        method: 'GET',
        url: `${BASE}/${endpoint.id}/deliveries`,
        token: tenant.user.token,
      })
      expect(log.json().items).toHaveLength(1)
      const replay = await svc.request({
        method: 'POST',
        url: `${BASE}/${endpoint.id}/deliveries/${done!.id}/replay`,
        token: tenant.admin.token,
      })
      expect(replay.statusCode).toBe(200)
      expect(replay.json()).toMatchObject({ replayOf: done!.id, eventId: done!.eventId, status: 'PENDING' })
      await waitFor(async () => forWarranty(w.id).length === 4)
      const last = forWarranty(w.id).at(-1)!
      expect(last.headers['webhook-id']).toBe(done!.eventId)
      expect(verifyWebhook(endpoint.secret, last.headers, last.body)).toBe(true)
    } finally {
      receiver.status = () => 200
    }
  })

  it('disables an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS, and enables it again', async () => {
    const { tenant, endpoint } = await setUp(['warranty.issued'])
    receiver.status = () => 503
    try {
      await issueWarranty(svc, tenant.user)
      await waitFor(async () => (await deliveriesOf(endpoint.id))[0]?.attempts === 1)
      // Failing since 73 hours ago (the clock set through the rows, not by waiting).
      await svc.deps.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '73 hours'` })
        .where(eq(webhookEndpoints.id, endpoint.id))
      await svc.deps.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
      await svc.services.webhooks.dispatcher.run()
      const got = await svc.request({
        method: 'GET',
        url: `${BASE}/${endpoint.id}`,
        token: tenant.user.token,
      })
      expect(got.json()).toMatchObject({ status: 'DISABLED', disabledReason: expect.stringContaining('503') })
      // Disabled: nothing new is recorded for it, a ping is refused.
      await issueWarranty(svc, tenant.user)
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1)
      const ping = await svc.request({
        method: 'POST',
        url: `${BASE}/${endpoint.id}/test`,
        token: tenant.admin.token,
      })
      expect(ping.statusCode).toBe(409)

      receiver.status = () => 200
      const enabled = await svc.request({
        method: 'PATCH',
        url: `${BASE}/${endpoint.id}`,
        token: tenant.owner.token,
        payload: { status: 'ACTIVE' },
      })
      expect(enabled.json()).toMatchObject({ status: 'ACTIVE', failingSince: null, disabledReason: null })
      await waitFor(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'DELIVERED')
    } finally {
      receiver.status = () => 200
    }
  })
})

describe('the delivery log', () => {
  it('is pruned of finished deliveries older than WEBHOOK_LOG_RETENTION_DAYS (30); pending ones stay', async () => {
    const { endpoint } = await setUp(['warranty.issued'])
    const old = new Date(Date.now() - 31 * 86_400_000)
    const row = (status: 'PENDING' | 'DELIVERED' | 'FAILED', createdAt: Date) => ({
      endpointId: endpoint.id,
      eventId: crypto.randomUUID(),
      eventType: 'warranty.issued',
      payload: { test: true },
      status,
      // A pending delivery is not due for a day: the dispatcher leaves it alone here.
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      createdAt,
    })
    const inserted = await svc.deps.db
      .insert(webhookDeliveries)
      .values([
        row('DELIVERED', old),
        row('FAILED', old),
        row('PENDING', old),
        row('DELIVERED', new Date()),
      ] as (typeof webhookDeliveries.$inferInsert)[])
      .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status })
    await svc.services.webhooks.pruneDeliveries()
    const left = (await deliveriesOf(endpoint.id)).map((d) => d.id).sort()
    expect(left).toEqual([inserted[2]!.id, inserted[3]!.id].sort())
  })
})

describe('PATCH and DELETE /v1/merchant/webhooks/{id}', () => {
  it('changes the URL and events, pages the log, and deletes the endpoint with its log', async () => {
    const { tenant, endpoint } = await setUp(['warranty.claimed'])
    const patched = await svc.request({
      method: 'PATCH',
      url: `${BASE}/${endpoint.id}`,
      token: tenant.admin.token,
      payload: { url: `${receiver.url}?v=2`, events: ['warranty.issued', 'warranty.minted'] },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      url: `${receiver.url}?v=2`,
      events: ['warranty.issued', 'warranty.minted'],
    })
    const asUser = await svc.request({
      method: 'PATCH',
      url: `${BASE}/${endpoint.id}`,
      token: tenant.user.token,
      payload: { events: ['warranty.claimed'] },
    })
    expect(asUser.statusCode).toBe(403)
    const empty = await svc.request({
      method: 'PATCH',
      url: `${BASE}/${endpoint.id}`,
      token: tenant.admin.token,
      payload: { events: [] },
    })
    expect(empty.statusCode).toBe(400)

    for (let i = 0; i < 3; i++) await issueWarranty(svc, tenant.user)
    const page = await svc.request({
      method: 'GET',
      url: `${BASE}/${endpoint.id}/deliveries?limit=2`,
      token: tenant.user.token,
    })
    expect(page.json().items).toHaveLength(2)
    const rest = await svc.request({
      method: 'GET',
      url: `${BASE}/${endpoint.id}/deliveries?limit=2&cursor=${page.json().nextCursor}`,
      token: tenant.user.token,
    })
    expect(rest.json()).toMatchObject({ nextCursor: null })
    expect(rest.json().items).toHaveLength(1)

    const removed = await svc.request({
      method: 'DELETE',
      url: `${BASE}/${endpoint.id}`,
      token: tenant.owner.token,
    })
    expect(removed.json()).toEqual({ id: endpoint.id, deleted: true })
    expect(await deliveriesOf(endpoint.id)).toEqual([])
    const gone = await svc.request({
      method: 'GET',
      url: `${BASE}/${endpoint.id}`,
      token: tenant.owner.token,
    })
    expect(gone.statusCode).toBe(404)
  })
})

describe('POST /v1/merchant/webhooks/{id}/rotate-secret', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const { tenant, endpoint } = await setUp(['warranty.issued'])
    const rotated = await svc.request({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/rotate-secret`,
      token: tenant.admin.token,
    })
    expect(rotated.statusCode).toBe(200)
    const { secret } = rotated.json() as { secret: string }
    expect(secret).not.toBe(endpoint.secret)
    const ping = await svc.request({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/test`,
      token: tenant.admin.token,
    })
    const pingId = ping.json().eventId
    const got = await waitFor(async () => receiver.received.find((r) => r.json.id === pingId))
    expect(String(got.headers['webhook-signature']).match(/v1=/g)).toHaveLength(2)
    expect(verifyWebhook(secret, got.headers, got.body)).toBe(true)
    expect(verifyWebhook(endpoint.secret, got.headers, got.body)).toBe(true)

    await svc.deps.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, endpoint.id))
    const ping2 = await svc.request({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/test`,
      token: tenant.admin.token,
    })
    const later = await waitFor(async () => receiver.received.find((r) => r.json.id === ping2.json().eventId))
    expect(verifyWebhook(secret, later.headers, later.body)).toBe(true)
    expect(verifyWebhook(endpoint.secret, later.headers, later.body)).toBe(false)
  })
})

// Last in the file: it stops this service's own dispatcher.
describe('SSRF', () => {
  it('without the opt-in, refuses loopback URLs at registration and at delivery', async () => {
    const closed = { production: true, allowPrivateTargets: false }
    expect(() => checkEndpointUrl('https://127.0.0.1/hook', closed)).toThrow()
    expect(() => checkEndpointUrl('https://[::1]/hook', closed)).toThrow()
    expect(() => checkEndpointUrl('https://localhost/hook', closed)).toThrow()
    expect(() => checkEndpointUrl('http://hooks.example.com/x', closed)).toThrow()
    expect(checkEndpointUrl('https://hooks.example.com/x', closed)).toBe('https://hooks.example.com/x')

    // This service opted in (every other test here uses a local receiver); a dispatcher
    // without the opt-in refuses it, and a name resolving to it, unsent.
    const { tenant, endpoint } = await setUp(['warranty.issued'])
    await svc.deps.db
      .update(webhookEndpoints)
      .set({ url: receiver.url.replace('127.0.0.1', 'localhost') })
      .where(eq(webhookEndpoints.id, endpoint.id))
    svc.services.webhooks.dispatcher.stop()
    const production = new WebhookDispatcher({
      db: svc.deps.db,
      queue: svc.deps.queue,
      logger: svc.deps.logger,
      secrets: new SecretBox(TEST_JWT_SECRET, null),
      exclusive: (fn) => fn(),
      settings: { ...WEBHOOKS_DEFAULTS, allowPrivateTargets: false },
    })
    const before = receiver.received.length
    await issueWarranty(svc, tenant.user)
    expect(await production.run()).toMatchObject({ failed: 1 })
    const [row] = await deliveriesOf(endpoint.id)
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, lastStatusCode: null })
    expect(row?.lastError).toBe('refused: the target is not a public address')
    expect(receiver.received.length).toBe(before)
    await expect(
      postWebhook(receiver.url, {}, '{}', { ...WEBHOOKS_DEFAULTS, allowPrivateTargets: false }),
    ).rejects.toThrow(/private address/)
  })
})

describe('a JWT_SECRET rotation', () => {
  // After the SSRF test (this service's dispatcher is stopped): it re-seals every endpoint.
  it('re-seals webhook secrets under the new JWT_SECRET at worker start', async () => {
    const { endpoint } = await setUp(['warranty.issued'])
    const next = 'the-next-jwt-secret-the-next-jwt-secret-0123'
    expect(await resealSecrets(svc.deps.db, new SecretBox(next, TEST_JWT_SECRET))).toBeGreaterThan(0)
    const [row] = await svc.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id))
    const onlyNew = new SecretBox(next, null)
    expect(onlyNew.open(row!.secret)).toBe(endpoint.secret)
    expect(() => new SecretBox(TEST_JWT_SECRET, null).open(row!.secret)).toThrow()
    expect(await resealSecrets(svc.deps.db, new SecretBox(next, TEST_JWT_SECRET))).toBe(0)
  })
})

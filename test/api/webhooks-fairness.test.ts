import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOKS_DEFAULTS } from '../../src/config/webhooks.js'
import { SecretBox, WebhookDispatcher } from '../../src/modules/webhooks/index.js'
import { insertDeliveries } from '../../src/modules/webhooks/webhooks.repository.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService, waitFor } from '../support/harness.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

// Issue 26, defect 8: one merchant cannot starve every merchant's webhooks.
let svc: TestService
let slow: WebhookReceiver
let fast: WebhookReceiver

beforeAll(async () => {
  svc = await createTestService({
    env: {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', // the receivers are on loopback
      WEBHOOK_MAX_ENDPOINTS: '3',
      WEBHOOK_MANUAL_SENDS_PER_HOUR: '4',
    },
  })
  slow = await new WebhookReceiver().start()
  slow.hold = true // never answers: every delivery to it runs into the timeout
  fast = await new WebhookReceiver().start()
})
afterAll(async () => {
  await svc?.close()
  await slow?.stop()
  await fast?.stop()
})

const register = async (token: string, url: string) =>
  svc.request({
    method: 'POST',
    url: '/v1/merchant/webhooks',
    token,
    payload: { url, events: ['warranty.issued'] },
  })

describe('webhook limits per merchant', () => {
  it('refuses a registration past WEBHOOK_MAX_ENDPOINTS with 409 invalid_state', async () => {
    const tenant = await createMerchantWithUsers(svc.deps)
    for (let i = 0; i < 3; i++)
      expect((await register(tenant.owner.token, `${fast.url}?n=${i}`)).statusCode).toBe(200)
    const over = await register(tenant.owner.token, `${fast.url}?n=4`)
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      error: 'invalid_state',
      message: expect.stringContaining('at most 3'),
    })
    // Another merchant has its own allowance.
    const other = await createMerchantWithUsers(svc.deps)
    expect((await register(other.owner.token, fast.url)).statusCode).toBe(200)
  })

  it('limits test and replay together per merchant (429 with Retry-After)', async () => {
    const tenant = await createMerchantWithUsers(svc.deps)
    const endpoint = (await register(tenant.owner.token, fast.url)).json() as { id: string }
    const test = () =>
      svc.request({
        method: 'POST',
        url: `/v1/merchant/webhooks/${endpoint.id}/test`,
        token: tenant.owner.token,
      })
    const first = await test()
    expect(first.statusCode).toBe(200)
    for (let i = 0; i < 2; i++) expect((await test()).statusCode).toBe(200)
    const replay = await svc.request({
      method: 'POST',
      url: `/v1/merchant/webhooks/${endpoint.id}/deliveries/${first.json().id}/replay`,
      token: tenant.owner.token,
    })
    expect(replay.statusCode).toBe(200)
    const over = await test()
    expect(over.statusCode).toBe(429)
    expect(over.json().error).toBe('too_many_requests')
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
  })
})

// Last in the file: it stops this service's own dispatcher.
describe('fair delivery', () => {
  it("delivers merchant B's event within a bound while merchant A has 1,000 deliveries queued to a slow endpoint", async () => {
    const a = await createMerchantWithUsers(svc.deps)
    const b = await createMerchantWithUsers(svc.deps)
    const slowEndpoint = (await register(a.owner.token, slow.url)).json() as { id: string }
    const fastEndpoint = (await register(b.owner.token, fast.url)).json() as { id: string }
    svc.services.webhooks.dispatcher.stop()
    const payload = (id: string) => ({ id, type: 'ping', createdAt: new Date().toISOString(), data: {} })
    const old = new Date(Date.now() - 60_000)
    await insertDeliveries(
      svc.deps.db,
      Array.from({ length: 1000 }, () => {
        const eventId = randomUUID()
        return {
          endpointId: slowEndpoint.id,
          eventId,
          eventType: 'ping',
          payload: payload(eventId),
          nextAttemptAt: old,
        }
      }),
    )
    const eventId = randomUUID()
    await insertDeliveries(svc.deps.db, [
      { endpointId: fastEndpoint.id, eventId, eventType: 'ping', payload: payload(eventId) },
    ])
    const dispatcher = new WebhookDispatcher({
      db: svc.deps.db,
      queue: svc.deps.queue,
      logger: svc.deps.logger,
      secrets: new SecretBox(TEST_JWT_SECRET, null),
      exclusive: (fn) => fn(),
      settings: { ...WEBHOOKS_DEFAULTS, allowPrivateTargets: true, timeoutSeconds: 1 },
    })
    const started = Date.now()
    const running = dispatcher.run()
    try {
      // Oldest-first would send A's 1,000 (10 at a time, 1 s each: 100 s) before B's one.
      await waitFor(async () => fast.received.find((r) => r.json.id === eventId), 10_000, 20)
      const waited = Date.now() - started
      expect(waited).toBeLessThan(3000)
      expect(slow.held).toBeLessThanOrEqual(WEBHOOKS_DEFAULTS.merchantConcurrency)
    } finally {
      dispatcher.stop()
      await running.catch(() => undefined)
    }
  }, 60_000)
})

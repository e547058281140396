/**
 * Webhooks across a `kill -9` (issue 17), with real processes: the built service issues
 * warranties for a merchant with an endpoint (each issue's delivery written in its
 * transaction) while the receiver hangs: deliveries are in flight, none answered. The process
 * group is killed with SIGKILL mid-delivery, the service starts again on the same data, and the
 * receiver (answering now) acknowledges every issued warranty's `warranty.issued` event exactly
 * once, signed as docs/webhooks.md says, on the first attempt the service counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/harness.js'
import { verifyWebhook, WebhookReceiver } from '../support/webhook-receiver.js'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { call, setUpMerchant } from './support/service-api.js'

const ISSUES = 20

let receiver: WebhookReceiver
// The receiver is on loopback: private webhook targets need the explicit opt-in.
const PRIVATE_TARGETS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }

beforeAll(async () => {
  await ensureBuilt()
  receiver = await new WebhookReceiver().start()
}, 600_000)
afterAll(() => receiver?.stop())

describe('webhooks across a kill -9', () => {
  it('delivers every event committed before the kill once the service is back, once each', async () => {
    const scenario = await createScenario(`webhooks-crash`)
    try {
      receiver.hold = true
      const api = scenario.service({ env: PRIVATE_TARGETS })
      await api.start()
      const { token } = await setUpMerchant(api.url)
      const endpoint = await call<{ id: string; secret: string }>(api.url, 'POST', '/v1/merchant/webhooks', {
        token,
        body: { url: receiver.url, events: ['warranty.issued'] },
      })
      const issued: string[] = []
      for (let i = 0; i < ISSUES; i++) {
        const w = await call<{ id: string }>(api.url, 'POST', '/v1/merchant/warranties/issue', {
          token,
          body: { serialNumber: `WH-CRASH-${i}-${Date.now()}` },
        })
        issued.push(w.id)
      }
      // Deliveries are in flight (the receiver holds them): kill the service in the middle.
      await waitFor(async () => receiver.held > 0, 30_000, 100)
      expect(receiver.received).toHaveLength(0)
      await api.crash()
      receiver.hold = false

      const service = scenario.service({ env: PRIVATE_TARGETS })
      await service.start()
      await waitFor(async () => receiver.ofType('warranty.issued').length >= ISSUES, 60_000, 200)
      // A little longer: a duplicate would show up now.
      await new Promise((r) => setTimeout(r, 3000))
      const events = receiver.ofType('warranty.issued')
      expect(events.map((e) => e.json.data.warrantyId).sort()).toEqual([...issued].sort())
      expect(new Set(events.map((e) => e.headers['webhook-id'])).size).toBe(ISSUES)
      for (const e of events) expect(verifyWebhook(endpoint.secret, e.headers, e.body)).toBe(true)
      const log = await call<{ items: { status: string; attempts: number }[] }>(
        service.url,
        'GET',
        `/v1/merchant/webhooks/${endpoint.id}/deliveries?limit=100`,
        { token },
      )
      expect(log.items).toHaveLength(ISSUES)
      expect(log.items.every((d) => d.status === 'DELIVERED' && d.attempts === 1)).toBe(true)
    } finally {
      await scenario.close()
    }
  }, 300_000)
})

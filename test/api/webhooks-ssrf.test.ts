import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOKS_DEFAULTS } from '../../src/config/webhooks.js'
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js'
import { isGlobalUnicast } from '../../src/lib/global-address.js'
import { SecretBox, WebhookDispatcher } from '../../src/modules/webhooks/index.js'
import { checkEndpointUrl } from '../../src/modules/webhooks/webhook-url.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'
import { issueWarranty } from '../support/warranty-factories.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

// Issue 26, defect 7: private targets need WEBHOOK_ALLOW_PRIVATE_TARGETS whatever NODE_ENV is;
// only global unicast otherwise; the receiver's body never reaches the merchant.
let svc: TestService
let receiver: WebhookReceiver

beforeAll(async () => {
  svc = await createTestService() // NODE_ENV=test, no opt-in: the `npm start` case
  receiver = await new WebhookReceiver().start()
})
afterAll(async () => {
  await svc?.close()
  await receiver?.stop()
})

const register = (token: string, url: string) =>
  svc.request({
    method: 'POST',
    url: '/v1/merchant/webhooks',
    token,
    payload: { url, events: ['warranty.issued'] },
  })

describe('webhook targets outside production, without WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost:8080/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('refuses to register %s (400 validation_error)', async (url) => {
    const tenant = await createMerchantWithUsers(svc.deps)
    const res = await register(tenant.owner.token, url)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/body/url', message: expect.stringMatching(/loopback or private/) }],
    })
  })

  it('registers a public name (resolved and checked again at each delivery)', async () => {
    const tenant = await createMerchantWithUsers(svc.deps)
    const res = await register(tenant.owner.token, 'https://hooks.example.com/x')
    expect(res.statusCode).toBe(200)
  })
})

describe('global unicast only (IANA special-purpose registries)', () => {
  it.each([
    '::',
    '::1',
    '::7f00:1', // IPv4-compatible ::/96 of 127.0.0.1
    '::a00:5', // ::/96 of 10.0.0.5
    '::ffff:7f00:1', // IPv4-mapped 127.0.0.1
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
    'fec0::1', // site-local (deprecated)
    '64:ff9b:1::a00:1', // local-use NAT64
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2001::1', // Teredo
    '2001:db8::1',
    '3fff::1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '100.64.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '255.255.255.255',
  ])('refuses %s', (address) => {
    expect(isGlobalUnicast(address)).toBe(false)
    const host = address.includes(':') ? `[${address}]` : address
    expect(() =>
      checkEndpointUrl(`https://${host}/hook`, { production: true, allowPrivateTargets: false }),
    ).toThrow()
  })

  it.each(['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows %s',
    (address) => {
      expect(isGlobalUnicast(address)).toBe(true)
    },
  )
})

// Last in the file: it stops this service's own dispatcher.
describe('delivery', () => {
  it('refuses a name resolving to loopback at delivery, and never shows a non-2xx body in lastError', async () => {
    const tenant = await createMerchantWithUsers(svc.deps)
    const created = await register(tenant.owner.token, 'https://hooks.example.com/x')
    const endpoint = created.json() as { id: string }
    // Past registration (e.g. a name that re-resolves): the check at delivery still holds.
    await svc.deps.db
      .update(webhookEndpoints)
      .set({ url: receiver.url.replace('127.0.0.1', 'localhost') })
      .where(eq(webhookEndpoints.id, endpoint.id))
    await issueWarranty(svc, tenant.user)
    svc.services.webhooks.dispatcher.stop()
    const dispatcher = (allowPrivateTargets: boolean) =>
      new WebhookDispatcher({
        db: svc.deps.db,
        queue: svc.deps.queue,
        logger: svc.deps.logger,
        secrets: new SecretBox(TEST_JWT_SECRET, null),
        exclusive: (fn) => fn(),
        settings: { ...WEBHOOKS_DEFAULTS, allowPrivateTargets },
      })
    expect(await dispatcher(false).run()).toMatchObject({ failed: 1, delivered: 0 })
    expect(receiver.received).toHaveLength(0)
    const rows = () =>
      svc.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    expect((await rows())[0]).toMatchObject({
      status: 'FAILED',
      lastError: 'refused: the target is not a public address',
    })

    // With the opt-in, an internal service answering 500 with its data: the status only.
    receiver.status = () => 500
    receiver.answer = () => 'INTERNAL-ADMIN-DATA root:x:0:0'
    await issueWarranty(svc, tenant.user)
    expect(await dispatcher(true).run()).toMatchObject({ retrying: 1 })
    const log = await svc.request({
      method: 'GET',
      url: `/v1/merchant/webhooks/${endpoint.id}/deliveries`,
      token: tenant.user.token,
    })
    const pending = (log.json().items as { status: string; lastError: string }[]).find(
      (d) => d.status === 'PENDING',
    )
    expect(pending?.lastError).toBe('answered 500')
    expect(log.body).not.toContain('INTERNAL-ADMIN-DATA')
  })
})

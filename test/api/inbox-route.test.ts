import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundMessages } from '../../src/db/schema/index.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  buildMessage,
  customerMessage,
  customerWithInbox,
  FakeDns,
  jpeg,
  receiptsOf,
} from '../support/inbound-mail.js'

const SECRET = 'inbound-secret-0123456789'
const MAX_BYTES = 100_000
const dns = new FakeDns()
let svc: TestService

beforeAll(async () => {
  svc = await createTestService({
    env: {
      INBOX_DOMAIN: 'inbox.example.test',
      INBOUND_EMAIL_SECRET: SECRET,
      INBOX_MAX_MESSAGE_BYTES: String(MAX_BYTES),
    },
    dnsResolver: dns.resolver,
  })
})
afterAll(() => svc?.close())

const post = (
  raw: Buffer,
  query: Record<string, string>,
  headers: Record<string, string> = { 'x-inbound-secret': SECRET },
) =>
  svc.request({
    method: 'POST',
    url: `/v1/global/inbound-email?${new URLSearchParams(query)}`,
    headers: { 'content-type': 'message/rfc822', ...headers },
    payload: raw,
  })

describe('POST /v1/global/inbound-email', () => {
  it('turns a DKIM-signed message into receipts once, and answers a redelivery with duplicate: true', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    const first = await post(raw, { to: c.inbox, from: c.customer.email })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ inboundMessageId: expect.any(String), receipts: 1, duplicate: false })
    // Addresses are case-insensitive: the same inbox, the same message.
    const again = await post(raw, { to: c.inbox.toUpperCase(), from: c.customer.email })
    expect(again.json()).toEqual({ ...first.json(), duplicate: true })
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
  })

  it('creates one set of receipts when the same message arrives twice at the same time', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    const both = await Promise.all([post(raw, { to: c.inbox }), post(raw, { to: c.inbox })])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(both.map((r) => r.json().duplicate).sort()).toEqual([false, true])
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
  })

  it('finishes a message whose first attempt stopped half-way: its receipts replaced, none doubled', async () => {
    const c = await customerWithInbox(svc, dns)
    const messageId = `<${randomUUID()}@${c.domain}>`
    const raw = await buildMessage({
      from: c.customer.email,
      to: c.inbox,
      messageId,
      attachments: [await jpeg('a'), await jpeg('b', 80, 80)],
      dkim: c.key,
    })
    // What a crash after the first attachment leaves: the row not marked done, one receipt.
    const [row] = await svc.deps.db
      .insert(inboundMessages)
      .values({ customerId: c.customer.id, messageId, fromAddress: c.customer.email })
      .returning()
    const half = await svc.services.receipts.receipts.saveFromInbound({
      customerId: c.customer.id,
      inboundMessageId: row!.id,
      bytes: (await jpeg('a')).content,
      filename: 'a.jpg',
    })
    const res = await post(raw, { to: c.inbox })
    expect(res.json()).toEqual({ inboundMessageId: row!.id, receipts: 2, duplicate: false })
    const receipts = await receiptsOf(svc, c.customer.token)
    expect(receipts).toHaveLength(2)
    expect(receipts.map((r) => r.id)).not.toContain(half.id)
  })

  it('answers 401 without the x-inbound-secret header or with a wrong one, and creates nothing', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    const attempts: Record<string, string>[] = [
      {},
      { 'x-inbound-secret': 'wrong' },
      { 'x-inbound-secret': `${SECRET}x` },
    ]
    for (const headers of attempts) {
      const res = await post(raw, { to: c.inbox }, headers)
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toBe('unauthorized')
    }
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('answers 404 for an address that is no inbox, 403 for a sender not allowed or not authenticated', async () => {
    const c = await customerWithInbox(svc, dns)
    const signed = await customerMessage(c)
    const unknown = await post(signed, { to: 'nobody@inbox.example.test' })
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found'])
    const stranger = await buildMessage({
      from: `x@${c.domain}`,
      to: c.inbox,
      attachments: [await jpeg()],
      dkim: c.key,
    })
    const notAllowed = await post(stranger, { to: c.inbox })
    expect([notAllowed.statusCode, notAllowed.json().error]).toEqual([403, 'forbidden'])
    const unsigned = await buildMessage({ from: c.customer.email, to: c.inbox, attachments: [await jpeg()] })
    const spoofed = await post(unsigned, { to: c.inbox, from: c.customer.email, ip: '192.0.2.7' })
    expect([spoofed.statusCode, spoofed.json().error]).toEqual([403, 'forbidden'])
    expect(spoofed.json().message).toMatch(/^Sender authentication of .* failed/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('answers 413 payload_too_large for a body over INBOX_MAX_MESSAGE_BYTES', async () => {
    const c = await customerWithInbox(svc, dns)
    const padding = { filename: 'big.bin', content: Buffer.alloc(MAX_BYTES, 1) }
    const raw = await customerMessage(c, { attachments: [await jpeg(), padding] })
    const res = await post(raw, { to: c.inbox })
    expect([res.statusCode, res.json().error]).toEqual([413, 'payload_too_large'])
  })

  it('answers 400 to a body that is not message/rfc822', async () => {
    const c = await customerWithInbox(svc, dns)
    const res = await svc.request({
      method: 'POST',
      url: `/v1/global/inbound-email?to=${encodeURIComponent(c.inbox)}`,
      headers: { 'x-inbound-secret': SECRET, 'content-type': 'application/json' },
      payload: { raw: 'x' },
    })
    expect([res.statusCode, res.json().error]).toEqual([400, 'validation_error'])
  })

  it('documents the raw body as message/rfc822 in the OpenAPI description', async () => {
    const res = await svc.request({ method: 'GET', url: '/openapi.json' })
    const op = res.json().paths['/v1/global/inbound-email'].post
    expect(Object.keys(op.requestBody.content)).toEqual(['message/rfc822'])
  })
})

describe('POST /v1/global/inbound-email without INBOUND_EMAIL_SECRET', () => {
  it('answers 401 to every call', async () => {
    const bare = await createTestService({
      env: { INBOX_DOMAIN: 'inbox.example.test' },
      dnsResolver: dns.resolver,
    })
    try {
      const c = await customerWithInbox(bare, dns)
      const raw = await customerMessage(c)
      for (const secret of ['', SECRET]) {
        const res = await bare.request({
          method: 'POST',
          url: `/v1/global/inbound-email?to=${encodeURIComponent(c.inbox)}`,
          headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': secret },
          payload: raw,
        })
        expect(res.statusCode).toBe(401)
      }
    } finally {
      await bare.close()
    }
  })
})

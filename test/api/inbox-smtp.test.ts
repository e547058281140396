import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundMessages } from '../../src/db/schema/index.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  buildMessage,
  customerMessage,
  customerWithInbox,
  FakeDns,
  jpeg,
  merchantSender,
  pdf,
  receiptsOf,
  smtpDeliver,
} from '../support/inbound-mail.js'

const MAX_BYTES = 200_000
const dns = new FakeDns()
let svc: TestService
let port: number

beforeAll(async () => {
  svc = await createTestService({
    env: {
      INBOX_SMTP_PORT: '0',
      INBOX_DOMAIN: 'inbox.example.test',
      INBOX_MAX_MESSAGE_BYTES: String(MAX_BYTES),
      INBOX_MAX_ATTACHMENTS: '3',
    },
    dnsResolver: dns.resolver,
  })
  const listening = svc.services.inbox.smtpPort()
  if (!listening) throw new Error('the inbox listener did not start')
  port = listening
})
let stopped = false
afterAll(async () => {
  if (!stopped) await svc?.close()
})

const inboundRows = (customerId: string) =>
  svc.deps.db.select().from(inboundMessages).where(eq(inboundMessages.customerId, customerId))

describe('inbound SMTP: accepted messages', () => {
  it("turns each image or PDF attachment of a DKIM-signed message from the customer's own address into a receipt", async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await buildMessage({
      from: c.customer.email,
      to: c.inbox,
      attachments: [
        await jpeg('till'),
        pdf('invoice'),
        { filename: 'notes.txt', content: Buffer.from('hi') },
      ],
      dkim: c.key,
    })
    const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
    expect(outcome.rcpt).toEqual([expect.stringMatching(/^250 /)])
    expect(outcome.data).toMatch(/^250 /)
    const receipts = await receiptsOf(svc, c.customer.token)
    expect(receipts).toHaveLength(2)
    expect(receipts.every((r) => r.source === 'email')).toBe(true)
    expect(receipts.map((r) => r.contentType).sort()).toEqual(['application/pdf', 'image/jpeg'])
    const [row] = await inboundRows(c.customer.id)
    expect(row).toMatchObject({ fromAddress: c.customer.email, receiptCount: 2, subject: 'My receipt' })
  })

  it('creates the receipts once when the sender delivers the same message again', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    for (let i = 0; i < 3; i++) {
      const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
      expect(outcome.data).toMatch(/^250 /)
    }
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
    expect(await inboundRows(c.customer.id)).toHaveLength(1)
  })

  it('recognises a redelivered message without a Message-ID by its digest', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c, { messageId: null, attachments: [await jpeg()] })
    expect(raw.toString('latin1')).not.toMatch(/^Message-ID:/im)
    for (let i = 0; i < 2; i++) {
      const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
      expect(outcome.data).toMatch(/^250 /)
    }
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
    const [row] = await inboundRows(c.customer.id)
    expect(row?.messageId).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('accepts an unsigned message when SPF passes for an aligned MAIL FROM domain', async () => {
    const c = await customerWithInbox(svc, dns)
    dns.txt(c.domain, 'v=spf1 ip4:127.0.0.1 -all')
    const raw = await buildMessage({ from: c.customer.email, to: c.inbox, attachments: [await jpeg()] })
    const outcome = await smtpDeliver(port, { mailFrom: `bounces@${c.domain}`, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^250 /)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
  })

  it('accepts a verified sender address of a merchant that issued the customer a warranty', async () => {
    const c = await customerWithInbox(svc, dns)
    const shop = await merchantSender(svc, dns, { verified: true, warrantyFor: c.customer.id })
    const raw = await buildMessage({
      from: shop.email,
      to: c.inbox,
      attachments: [await jpeg()],
      dkim: shop.key,
    })
    const outcome = await smtpDeliver(port, { mailFrom: shop.email, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^250 /)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(1)
  })
})

describe('inbound SMTP: refused messages', () => {
  it('answers 550 at RCPT TO for an address that is no inbox', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    const outcome = await smtpDeliver(port, {
      mailFrom: c.customer.email,
      rcptTo: ['nobody@inbox.example.test', c.inbox.replace('@inbox.example.test', '@elsewhere.example.com')],
      raw,
    })
    expect(outcome.rcpt).toEqual([
      expect.stringMatching(/^550 5\.1\.1 /),
      expect.stringMatching(/^550 5\.1\.1 /),
    ])
    expect(outcome.data).toBeNull()
  })

  it.each([
    ['no DKIM signature and an SPF fail', 'unsigned'],
    ['a DKIM signature that does not verify (body changed after signing)', 'tampered'],
    ['a valid DKIM signature of another domain', 'other-domain'],
  ])('refuses a message with %s after DATA with 550 5.7.26', async (_label, kind) => {
    const c = await customerWithInbox(svc, dns)
    dns.txt(c.domain, 'v=spf1 -all')
    const other = dns.publishDkim('mailer.example.org')
    const spec = { from: c.customer.email, to: c.inbox, attachments: [await jpeg()] }
    let raw = await buildMessage({
      ...spec,
      ...(kind === 'unsigned' ? {} : { dkim: kind === 'other-domain' ? other : c.key }),
    })
    if (kind === 'tampered')
      raw = Buffer.from(raw.toString('latin1').replace('The receipt is attached.', 'Pay me now.'), 'latin1')
    const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
    expect(outcome.rcpt).toEqual([expect.stringMatching(/^250 /)])
    expect(outcome.data).toMatch(/^550 5\.7\.26 Sender authentication of c[0-9a-f]{8}\.example\.com failed/)
    // SMTP replies are ASCII (RFC 5321 4.2): the reason's text too.
    expect(outcome.data).toMatch(/^[\x20-\x7e]+$/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
    expect(await inboundRows(c.customer.id)).toHaveLength(0)
  })

  it('refuses a From address that is neither the customer nor a merchant sender (550 5.7.1), even when signed', async () => {
    const c = await customerWithInbox(svc, dns)
    const from = `someone-else@${c.domain}`
    const raw = await buildMessage({ from, to: c.inbox, attachments: [await jpeg()], dkim: c.key })
    const outcome = await smtpDeliver(port, { mailFrom: from, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^550 5\.7\.1 someone-else@.* may not send to this inbox/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it.each([
    ['an unverified sender address', { verified: false, warranty: true }],
    [
      'a verified sender of a merchant that issued the customer no warranty',
      { verified: true, warranty: false },
    ],
  ])('refuses %s (550 5.7.1)', async (_label, setup) => {
    const c = await customerWithInbox(svc, dns)
    const someoneElse = await customerWithInbox(svc, dns)
    const shop = await merchantSender(svc, dns, {
      verified: setup.verified,
      warrantyFor: setup.warranty ? c.customer.id : someoneElse.customer.id,
    })
    const raw = await buildMessage({
      from: shop.email,
      to: c.inbox,
      attachments: [await jpeg()],
      dkim: shop.key,
    })
    const outcome = await smtpDeliver(port, { mailFrom: shop.email, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^550 5\.7\.1 /)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('answers 552 to a declared SIZE over the limit, and to a larger message as it streams', async () => {
    const c = await customerWithInbox(svc, dns)
    const small = await customerMessage(c)
    const declared = await smtpDeliver(port, {
      mailFrom: c.customer.email,
      rcptTo: [c.inbox],
      raw: small,
      size: MAX_BYTES + 1,
    })
    expect(declared.mail).toMatch(/^552 /)
    const padding = { filename: 'big.bin', content: Buffer.alloc(MAX_BYTES, 7) }
    const big = await customerMessage(c, { attachments: [await jpeg(), padding] })
    const streamed = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw: big })
    expect(streamed.data).toMatch(/^552 5\.3\.4 Message too big/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('answers 552 to more attachments than INBOX_MAX_ATTACHMENTS', async () => {
    const c = await customerWithInbox(svc, dns)
    const attachments = await Promise.all([1, 2, 3, 4].map((i) => jpeg(`r${i}`, 40, 40)))
    const raw = await customerMessage(c, { attachments })
    const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^552 5\.3\.4 At most 3 attachments per message/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('refuses a message without an image or PDF attachment (550 5.6.0)', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c, {
      attachments: [{ filename: 'receipt.txt', content: Buffer.from('Total 12.00') }],
    })
    const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^550 5\.6\.0 No receipt in the message/)
    expect(await inboundRows(c.customer.id)).toHaveLength(0)
  })
})

describe('inbound SMTP: the listener', () => {
  it('stops listening when the service stops', async () => {
    const c = await customerWithInbox(svc, dns)
    const raw = await customerMessage(c)
    stopped = true
    await svc.close()
    await expect(smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })).rejects.toThrow(
      /ECONNREFUSED/,
    )
  })
})

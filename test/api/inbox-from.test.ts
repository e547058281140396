import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'
import {
  buildMessage,
  customerWithInbox,
  FakeDns,
  jpeg,
  receiptsOf,
  signRaw,
  smtpDeliver,
} from '../support/inbound-mail.js'

// Issue 26, defect 3: the allow-listed author must be the one sender authentication judged.
const SECRET = 'inbound-secret-0123456789'
const dns = new FakeDns()
const attackerKey = dns.publishDkim('attacker.example')
const ATTACKER = 'a@attacker.example'
let svc: TestService
let port: number

beforeAll(async () => {
  svc = await createTestService({
    env: { INBOX_SMTP_PORT: '0', INBOX_DOMAIN: 'inbox.example.test', INBOUND_EMAIL_SECRET: SECRET },
    dnsResolver: dns.resolver,
  })
  port = svc.services.inbox.smtpPort() ?? 0
  if (!port) throw new Error('the inbox listener did not start')
})
afterAll(() => svc?.close())

/** A message from the attacker, its From header replaced by `fromLines`, signed for attacker.example. */
async function forged(to: string, fromLines: string): Promise<Buffer> {
  const raw = await buildMessage({ from: ATTACKER, to, attachments: [await jpeg()] })
  const text = raw.toString('latin1')
  if (!/^From: a@attacker\.example\r\n/m.test(text)) throw new Error('no From line to replace')
  const edited = text.replace(/^From: a@attacker\.example\r\n/m, fromLines)
  return signRaw(Buffer.from(edited, 'latin1'), attackerKey)
}

const b64 = (s: string) => Buffer.from(s).toString('base64')

/** Each trick with the victim's (the customer's own) address; `v` is that address. */
const TRICKS: [string, (v: string) => string][] = [
  ['two From headers, the attacker first', (v) => `From: ${ATTACKER}\r\nFrom: ${v}\r\n`],
  ['two From headers, the victim first', (v) => `From: ${v}\r\nFrom: ${ATTACKER}\r\n`],
  ['a second From header spelled "from :"', (v) => `From: ${ATTACKER}\r\nfrom : ${v}\r\n`],
  ['two addresses in one From header', (v) => `From: ${ATTACKER}, ${v}\r\n`],
  ['group syntax', (v) => `From: friends: ${ATTACKER}, ${v};\r\n`],
  ['a comment holding the victim', (v) => `From: ${ATTACKER} (${v})\r\n`],
  ['a comment inside the address', (v) => `From: ${v.split('@')[0]}(x)@attacker.example\r\n`],
  ['an encoded word that decodes to the victim', (v) => `From: =?utf-8?B?${b64(`Jane <${v}>`)}?=\r\n`],
  ['an encoded word as the address', (v) => `From: <=?utf-8?B?${b64(v)}?=>\r\n`],
  ['an unquoted address as display name', (v) => `From: ${v} <${ATTACKER}>\r\n`],
  ['a bare CR hiding a second From', (v) => `From: ${ATTACKER}\r\nX-Note: a\rFrom: ${v}\r\n`],
]

describe('inbound mail: one From header with one address (SMTP listener)', () => {
  it.each(TRICKS)('refuses %s with 550 5.6.0 "From header: …" and keeps nothing', async (_label, lines) => {
    const c = await customerWithInbox(svc, dns)
    const raw = await forged(c.inbox, lines(c.customer.email))
    const outcome = await smtpDeliver(port, { mailFrom: ATTACKER, rcptTo: [c.inbox], raw })
    expect(outcome.rcpt).toEqual([expect.stringMatching(/^250 /)])
    expect(outcome.data).toMatch(/^550 5\.6\.0 From header: /)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it.each([
    ['Sender', 'Sender'],
    ['Reply-To', 'Reply-To'],
  ])('judges the author by From, never by %s (550 5.7.1)', async (_label, header) => {
    const c = await customerWithInbox(svc, dns)
    const raw = await forged(c.inbox, `From: ${ATTACKER}\r\n${header}: ${c.customer.email}\r\n`)
    const outcome = await smtpDeliver(port, { mailFrom: ATTACKER, rcptTo: [c.inbox], raw })
    expect(outcome.data).toMatch(/^550 5\.7\.1 a@attacker\.example may not send/)
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })

  it('still accepts a display name, quoted or encoded, before the one address', async () => {
    const c = await customerWithInbox(svc, dns)
    for (const name of ['"Doe, Jane <x@y.z>"', '=?utf-8?q?Jane_D=C3=B6e?=', 'Jane Doe']) {
      const plain = await buildMessage({ from: c.customer.email, to: c.inbox, attachments: [await jpeg()] })
      const text = plain
        .toString('latin1')
        .replace(/^From: .*\r\n/m, `From: ${name} <${c.customer.email}>\r\n`)
      const raw = await signRaw(Buffer.from(text, 'latin1'), c.key)
      const outcome = await smtpDeliver(port, { mailFrom: c.customer.email, rcptTo: [c.inbox], raw })
      expect(outcome.data, name).toMatch(/^250 /)
    }
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(3)
  })
})

describe('POST /v1/global/inbound-email: one From header with one address', () => {
  it.each(TRICKS.slice(0, 4))('answers 400 validation_error to %s', async (_label, lines) => {
    const c = await customerWithInbox(svc, dns)
    const raw = await forged(c.inbox, lines(c.customer.email))
    const res = await svc.request({
      method: 'POST',
      url: `/v1/global/inbound-email?${new URLSearchParams({ to: c.inbox, from: ATTACKER })}`,
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': SECRET },
      payload: raw,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: 'validation_error',
      message: expect.stringMatching(/^From header: /),
    })
    expect(await receiptsOf(svc, c.customer.token)).toHaveLength(0)
  })
})

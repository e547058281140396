import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import type { MailPort, OutgoingMail } from '../../../src/adapters/mail/port.js'
import { createSmtpMail, isRetryableSmtpError, parseSmtpUrl } from '../../../src/adapters/mail/smtp-mail.js'
import { warrantyNotification } from '../../../src/modules/mail/templates/index.js'
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'
import { describeMailPortContract } from './mail-port.contract.js'

const logger = pino({ level: 'silent' })
const FROM = 'Warranty Service <no-reply@warranty.test>'
const PASSWORD = 'pa55:w0rd@secret'
const fast = {
  connectionTimeoutMs: 2_000,
  greetingTimeoutMs: 2_000,
  socketTimeoutMs: 5_000,
  healthTimeoutMs: 3_000,
}

let seq = 0
function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  seq += 1
  return {
    to: 'jane@example.com',
    subject: `Hello ${seq}`,
    text: `Plain part ${seq}: https://app.test/claim?claimId=abc${seq}&x=1`,
    html: `<p>HTML part ${seq}: <a href="https://app.test/claim?claimId=abc${seq}&amp;x=1">claim</a></p>`,
    messageId: `<00000000-0000-4000-8000-${String(seq).padStart(12, '0')}@warranty.test>`,
    ...overrides,
  }
}

async function rejection(promise: Promise<unknown>): Promise<AdapterError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AdapterError)
  return err as AdapterError
}

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.close()
})

describeMailPortContract('smtp', () => createSmtpMail({ url: sink.url, from: FROM, logger, ...fast }))

describe('SMTP mail adapter', () => {
  let port: MailPort
  let authed: MailPort
  const errors: string[] = []

  beforeEach(async () => {
    await sink.start()
    sink.clear()
    port = createSmtpMail({ url: sink.url, from: FROM, logger, ...fast })
    const withAuth = sink.url.replace('smtp://', `smtp://alice:${encodeURIComponent(PASSWORD)}@`)
    authed = createSmtpMail({ url: withAuth, from: FROM, logger, ...fast })
  })
  afterEach(async () => {
    await port.close()
    await authed.close()
  })
  afterAll(() => {
    // Every failure message seen in this suite, including those with credentials in the URL.
    expect(errors.length).toBeGreaterThan(3)
    for (const message of errors) {
      expect(message).not.toContain(PASSWORD)
      expect(message).not.toContain(encodeURIComponent(PASSWORD))
    }
  })

  async function failure(promise: Promise<unknown>): Promise<AdapterError> {
    const err = await rejection(promise)
    errors.push(err.message)
    return err
  }

  it('delivers both parts with our From, To and Message-ID', async () => {
    const m = mail()
    const result = await port.send(m)

    expect(result.providerId).toBe('sink-1')
    const [received] = await sink.waitFor(1)
    expect(received?.messageId).toBe(m.messageId)
    expect(received?.from?.value[0]?.address).toBe('no-reply@warranty.test')
    expect(received?.from?.value[0]?.name).toBe('Warranty Service')
    expect(received?.subject).toBe(m.subject)
    expect(received?.envelope).toEqual({ from: 'no-reply@warranty.test', to: ['jane@example.com'] })
    expect(received?.text?.trim()).toBe(m.text)
    expect(received?.html).toContain('href="https://app.test/claim?claimId=abc')
    expect(received?.raw.toString()).toMatch(/^Content-Type: multipart\/alternative/im)
    expect(received?.authUser).toBeNull()
  })

  it('passes extra headers through', async () => {
    await port.send(mail({ headers: { 'X-Mail-Job': 'job-42' } }))
    const [received] = await sink.waitFor(1)
    expect(received?.headers.get('x-mail-job')).toBe('job-42')
  })

  it('carries a rendered e-mail and its link through unchanged', async () => {
    const claimUrl = 'https://app.test/claim?claimId=Zx_9-aB&utm=a%20b'
    const rendered = warrantyNotification({
      merchantName: 'Ünïcode & Sons',
      productName: 'Kettle',
      serialNumber: 'SN-1',
      warrantyCode: 'WR-7Q2K-9XMD-P4TB',
      expiresAt: new Date('2027-01-31T00:00:00Z'),
      claimUrl,
    })
    await port.send(mail(rendered))
    const [received] = await sink.waitFor(1)
    expect(received?.subject).toBe('Your warranty from Ünïcode & Sons')
    expect(received?.text).toContain(`\n${claimUrl}\n`)
    expect(received?.html).toContain(`href="${claimUrl.replaceAll('&', '&amp;')}"`)
  })

  it('logs in with the user and password of the URL', async () => {
    await authed.send(mail())
    const [received] = await sink.waitFor(1)
    expect(received?.authUser).toBe('alice')
    expect(sink.auths).toEqual([expect.objectContaining({ username: 'alice', password: PASSWORD })])
  })

  it("opens its connections without Nagle's delay (the end of DATA would wait for the server's delayed ACK)", async () => {
    // With Nagle's algorithm the `.` that ends DATA, written apart from the body, waits for the
    // body's ACK, which the server delays by 40 ms: about 50 ms a message on one connection
    // (measured here: 48 to 50 ms a message in turn, 9 ms without). Timing it is at the
    // machine's mercy, so this looks at the sockets the adapter opens (Node keeps the setting
    // under the symbol kSetNoDelay).
    const sockets: Socket[] = []
    const connect = NetSocket.prototype.connect
    NetSocket.prototype.connect = function (this: Socket, ...args: unknown[]) {
      sockets.push(this)
      return (connect as (...a: unknown[]) => Socket).apply(this, args)
    } as typeof connect
    const fresh = createSmtpMail({ url: sink.url, from: FROM, logger, ...fast })
    try {
      await fresh.send(mail())
      await fresh.send(mail())
    } finally {
      NetSocket.prototype.connect = connect
      await fresh.close()
    }
    const noDelay = (socket: Socket) => {
      const key = Object.getOwnPropertySymbols(socket).find((k) => k.description === 'kSetNoDelay')
      return key ? (socket as unknown as Record<symbol, unknown>)[key] : 'unknown'
    }
    expect(sockets.length).toBeGreaterThanOrEqual(1)
    expect(sockets.map(noDelay)).toEqual(sockets.map(() => true))
    expect(sink.messages).toHaveLength(2)
  })

  it('keeps the Message-ID when a message is retried', async () => {
    const m = mail()
    sink.failNext(451, 'Try again later')
    await failure(port.send(m))
    await port.send(m)
    const [received] = await sink.waitFor(1)
    expect(sink.messages).toHaveLength(1)
    expect(received?.messageId).toBe(m.messageId)
  })

  it('answers a 451 on RCPT TO with a retryable error naming the code', async () => {
    sink.failNext(451, 'Requested action aborted: local error')
    const err = await failure(authed.send(mail()))
    expect(err.retryable).toBe(true)
    expect(err.message).toContain('451 Requested action aborted: local error')
    expect(err.message).toContain('127.0.0.1')
    expect(sink.messages).toHaveLength(0)
  })

  it('answers a 550 on RCPT TO with an error that is not retryable', async () => {
    sink.failNext(550, 'Mailbox unavailable')
    const err = await failure(authed.send(mail()))
    expect(err.retryable).toBe(false)
    expect(err.message).toContain('550 Mailbox unavailable')
  })

  it('answers a 553 on MAIL FROM with an error that is not retryable', async () => {
    sink.failNext(553, 'Sender address rejected', 'mail')
    const err = await failure(port.send(mail()))
    expect(err.retryable).toBe(false)
    expect(err.message).toContain('553 Sender address rejected')
  })

  it('classifies answers at the end of DATA the same way (452 retryable, 554 not)', async () => {
    sink.failNext(452, 'Insufficient system storage', 'data')
    const soft = await failure(port.send(mail()))
    expect(soft.retryable).toBe(true)
    expect(soft.message).toContain('452 Insufficient system storage')

    sink.failNext(554, 'Transaction failed', 'data')
    const hard = await failure(port.send(mail()))
    expect(hard.retryable).toBe(false)
    expect(hard.message).toContain('554 Transaction failed')

    await port.send(mail())
    expect(sink.messages).toHaveLength(1)
  })

  it('fails retryably while the server is down and sends again once it is back', async () => {
    await authed.send(mail()) // the pool now holds an open connection
    await sink.stop()

    const down = await failure(authed.send(mail()))
    expect(down.retryable).toBe(true)
    const refused = await failure(authed.send(mail()))
    expect(refused.retryable).toBe(true)
    expect(refused.message).toMatch(/ECONNREFUSED|ECONNECTION/)

    await sink.start()
    const m = mail()
    await authed.send(m)
    const received = await sink.waitFor(2)
    expect(received.map((r) => r.messageId)).toContain(m.messageId)
  })

  it('reports health: ok while the server answers, a reason while it is down', async () => {
    await expect(authed.health()).resolves.toEqual({ ok: true })
    await sink.stop()
    const health = await authed.health()
    expect(health.ok).toBe(false)
    const reason = health.ok ? '' : health.reason
    errors.push(reason)
    expect(reason).toMatch(/ECONNREFUSED/)
    expect(reason).toContain('127.0.0.1')
  })

  it('times out on a server that never greets, retryably', async () => {
    const open = new Set<Socket>()
    const silent: Server = createServer((socket) => open.add(socket)) // accepts, never says 220
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    const silentPort = typeof address === 'object' && address ? address.port : 0
    const slow = createSmtpMail({
      url: `smtp://alice:${encodeURIComponent(PASSWORD)}@127.0.0.1:${silentPort}`,
      from: FROM,
      logger,
      ...fast,
      greetingTimeoutMs: 200,
      healthTimeoutMs: 1_000,
    })
    try {
      const err = await failure(slow.send(mail()))
      expect(err.retryable).toBe(true)
      expect(err.message).toMatch(/Greeting never received.*ETIMEDOUT/)
      const health = await slow.health()
      expect(health.ok).toBe(false)
    } finally {
      await slow.close()
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it('refuses sending after close, retryably', async () => {
    await port.close()
    await port.close()
    const err = await rejection(port.send(mail()))
    expect(err.retryable).toBe(true)
    await expect(port.health()).resolves.toMatchObject({ ok: false })
  })
})

describe('isRetryableSmtpError', () => {
  it.each([
    [{ code: 'ECONNECTION' }, true],
    [{ code: 'ETIMEDOUT' }, true],
    [{ code: 'ESOCKET' }, true],
    [{ code: 'EDNS' }, true],
    [{ code: 'EPROTOCOL', responseCode: 554 }, true], // a refused greeting
    [{ code: 'ECONNECTION', responseCode: 421 }, true],
    [{ code: 'EAUTH', responseCode: 535 }, true], // credentials: the operator fixes them, the message waits
    [{ code: 'EENVELOPE', responseCode: 451 }, true],
    [{ code: 'EENVELOPE', responseCode: 550 }, false],
    [{ code: 'EMESSAGE', responseCode: 552 }, false],
    [{ code: 'EENVELOPE' }, false], // refused by nodemailer before anything was sent
    [{}, true], // e.g. "Connection pool was closed"
  ])('%j → %s', (fields, retryable) => {
    expect(isRetryableSmtpError(Object.assign(new Error('x'), fields))).toBe(retryable)
  })
})

describe('parseSmtpUrl', () => {
  it('reads smtps, the port and URL-encoded credentials', () => {
    expect(parseSmtpUrl('smtps://us%40er:p%3Ass@mail.example.com:2465')).toEqual({
      host: 'mail.example.com',
      port: 2465,
      secure: true,
      auth: { user: 'us@er', pass: 'p:ss' },
      display: 'smtps://mail.example.com:2465',
    })
  })

  it('defaults the port and has no auth without a user', () => {
    expect(parseSmtpUrl('smtp://mail.example.com')).toMatchObject({
      port: undefined,
      auth: null,
      secure: false,
    })
    expect(parseSmtpUrl('smtp://mail.example.com').display).toBe('smtp://mail.example.com:587')
  })

  it('refuses other schemes without echoing the URL', () => {
    expect(() => parseSmtpUrl('http://u:hunter2@x')).toThrow(/smtp:\/\/ or smtps:\/\//)
    expect(() => parseSmtpUrl('http://u:hunter2@x')).not.toThrow(/hunter2/)
  })
})

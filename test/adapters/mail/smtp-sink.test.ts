import nodemailer from 'nodemailer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { linksIn, type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'

// The sink is shared test infrastructure: checked here with plain nodemailer, not our adapter.
describe('smtp sink (test support)', () => {
  let sink: SmtpSink
  beforeEach(async () => {
    sink = await startSmtpSink()
  })
  afterEach(async () => {
    await sink.close()
  })

  const send = (to = 'jane@example.com', auth?: { user: string; pass: string }) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ...(auth ? { auth } : {}) })
      .sendMail({
        from: 'shop@example.com',
        to,
        subject: 'Hi',
        text: 'Open https://app.test/a?b=1&c=2.\nThen http://x.test/y',
        html: '<p>Hi</p>',
      })

  it('listens on 127.0.0.1 and keeps parsed messages with raw source and envelope', async () => {
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`)
    await send()
    const [m] = await sink.waitFor(1)
    expect(m?.subject).toBe('Hi')
    expect(m?.envelope).toEqual({ from: 'shop@example.com', to: ['jane@example.com'] })
    expect(m?.raw.toString()).toContain('Subject: Hi')
    expect(m?.authUser).toBeNull()
    expect(linksIn(m!)).toEqual(['https://app.test/a?b=1&c=2', 'http://x.test/y'])
  })

  it('accepts any login in clear text and records it', async () => {
    await send('jane@example.com', { user: 'bob', pass: 'whatever' })
    const [m] = await sink.waitFor(1)
    expect(m?.authUser).toBe('bob')
    expect(sink.auths).toEqual([{ method: 'PLAIN', username: 'bob', password: 'whatever' }])
  })

  it('waits for a matching message and times out with a useful error', async () => {
    const later = sink.waitForMessage((m) => m.envelope.to.includes('joe@example.com'))
    await send('jane@example.com')
    await send('joe@example.com')
    expect((await later).envelope.to).toEqual(['joe@example.com'])
    await expect(sink.waitFor(3, 50)).rejects.toThrow('2 of 3 messages after 50 ms')
  })

  it('fails the next command once per call, at the stage asked for', async () => {
    sink.failNext(451, 'Busy')
    sink.failNext(552, 'Too big', 'data')
    await expect(send()).rejects.toMatchObject({ responseCode: 451 })
    await expect(send()).rejects.toMatchObject({ responseCode: 552 })
    await send()
    expect(sink.messages).toHaveLength(1)
    expect(() => sink.failNext(250, 'not an error')).toThrow('4xx or 5xx')
  })

  it('fails every command at a stage until it recovers, and records each refusal', async () => {
    sink.failAll(451, 'Greylisted')
    sink.failNext(550, 'No such user')
    await expect(send('a@example.com')).rejects.toMatchObject({ responseCode: 550 })
    await expect(send('b@example.com')).rejects.toMatchObject({ responseCode: 451 })
    await expect(send('c@example.com')).rejects.toMatchObject({ responseCode: 451 })
    sink.recover()
    await send('d@example.com')
    expect(sink.messages.map((m) => m.envelope.to)).toEqual([['d@example.com']])
    expect(sink.refusals.map(({ code, stage, to }) => ({ code, stage, to }))).toEqual([
      { code: 550, stage: 'rcpt', to: ['a@example.com'] },
      { code: 451, stage: 'rcpt', to: ['b@example.com'] },
      { code: 451, stage: 'rcpt', to: ['c@example.com'] },
    ])
    expect(sink.refusals.every((r) => typeof r.at === 'number')).toBe(true)
    expect(() => sink.failAll(200, 'not an error')).toThrow('4xx or 5xx')
  })

  it('stops (refusing connections) and starts again on the same port', async () => {
    const port = sink.port
    await sink.stop()
    expect(sink.listening).toBe(false)
    await expect(send()).rejects.toMatchObject({ code: 'ESOCKET' })
    await sink.start()
    expect(sink.port).toBe(port)
    await send()
    expect(sink.messages).toHaveLength(1)
  })

  it('clear() forgets messages; close() rejects pending waits', async () => {
    await send()
    sink.clear()
    expect(sink.messages).toHaveLength(0)
    const pending = sink.waitFor(1, 5_000)
    await sink.close()
    await expect(pending).rejects.toThrow('closed')
    await sink.close()
  })
})

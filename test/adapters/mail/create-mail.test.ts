import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMail, createMessageId } from '../../../src/adapters/mail/index.js'
import { loadConfig } from '../../../src/config/index.js'
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'

const logger = pino({ level: 'silent' })

describe('createMail', () => {
  let dataDir: string
  let sink: SmtpSink
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'create-mail-'))
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    await sink.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const message = () => ({
    to: 'jane@example.com',
    subject: 'Hi',
    text: 'Hi https://app.test/',
    html: '<p>Hi</p>',
    messageId: createMessageId('Shop <no-reply@shop.test>'),
  })

  it('writes to <DATA_DIR>/outbox when SMTP_URL is not set', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Shop <no-reply@shop.test>' })
    const mail = createMail({ config, logger })
    await mail.send(message())
    await mail.close()
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1)
    expect(sink.messages).toHaveLength(0)
  })

  it('in production without SMTP_URL: warns, and logs no links (they carry live tokens)', async () => {
    const lines: Array<Record<string, unknown>> = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line))
        done()
      },
    })
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(24).toString('hex'),
      SERIAL_HASH_SALT: randomBytes(12).toString('hex'),
    })
    const mail = createMail({ config, logger: pino({ level: 'info' }, stream) })
    await mail.send({ ...message(), text: 'Sign in: https://app.test/auth/magic?token=live-secret' })
    await mail.close()
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringContaining('SMTP_URL is not set') })
    expect(lines[1]).toMatchObject({ level: 30, linkCount: 1 })
    expect(JSON.stringify(lines)).not.toContain('live-secret')
  })

  it('sends through SMTP_URL with MAIL_FROM when set', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Shop <no-reply@shop.test>',
    })
    const mail = createMail({ config, logger })
    const m = message()
    await mail.send(m)
    await mail.close()
    const [received] = await sink.waitFor(1)
    expect(received?.messageId).toBe(m.messageId)
    expect(received?.from?.value).toEqual([{ name: 'Shop', address: 'no-reply@shop.test' }])
  })
})

describe('createMessageId', () => {
  it('makes a new <uuid@domain-of-from> each time', () => {
    const a = createMessageId('Shop <no-reply@Shop.Test>')
    expect(a).toMatch(/^<[0-9a-f-]{36}@shop\.test>$/)
    expect(createMessageId('no-reply@shop.test')).not.toBe(createMessageId('no-reply@shop.test'))
  })
})

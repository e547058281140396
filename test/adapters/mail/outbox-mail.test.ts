import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { simpleParser } from 'mailparser'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOutboxMail, findLinks, safeFilePart } from '../../../src/adapters/mail/outbox-mail.js'
import type { MailPort, OutgoingMail } from '../../../src/adapters/mail/port.js'
import { describeMailPortContract } from './mail-port.contract.js'

const FROM = 'Warranty Service <no-reply@warranty.test>'
const CLAIM = 'https://app.test/claim?claimId=Q3x_9-aZ&src=mail'
const MAGIC = 'http://localhost:3000/auth/magic?token=abc.def'

function capture() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, logger: pino({ level: 'debug' }, stream) }
}

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: 'jane@example.com',
    subject: 'Your warranty from Acme',
    text: `Claim it here:\n${CLAIM}\n\nOr sign in (${MAGIC}).`,
    html: `<p><a href="${CLAIM.replace('&', '&amp;')}">Claim</a></p>`,
    messageId: '<5f0c1a2e-7b9d-4c1e-9a63-2d8f4b7e1c00@warranty.test>',
    ...overrides,
  }
}

describeMailPortContract('outbox', async () =>
  createOutboxMail({
    dir: await mkdtemp(join(tmpdir(), 'outbox-contract-')),
    from: FROM,
    logger: pino({ level: 'silent' }),
  }),
)

describe('outbox mail adapter', () => {
  let dir: string
  let port: MailPort
  let log: ReturnType<typeof capture>
  const fixed = new Date('2026-03-14T09:26:53.589Z')

  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'outbox') // created on first send
    log = capture()
    port = createOutboxMail({ dir, from: FROM, logger: log.logger, now: () => fixed })
  })
  afterEach(async () => {
    await port.close()
    await rm(join(dir, '..'), { recursive: true, force: true })
  })

  it('writes a complete .eml that mailparser reads back: subject, from, to, both parts', async () => {
    const m = mail()
    const result = await port.send(m)

    const name = '2026-03-14T09-26-53.589Z_5f0c1a2e-7b9d-4c1e-9a63-2d8f4b7e1c00@warranty.test.eml'
    expect(result.providerId).toBe(name)
    expect(await readdir(dir)).toEqual([name])
    const parsed = await simpleParser(await readFile(join(dir, name)))
    expect(parsed.subject).toBe(m.subject)
    expect(parsed.messageId).toBe(m.messageId)
    expect(parsed.date?.toISOString()).toBe('2026-03-14T09:26:53.000Z')
    expect(parsed.from?.value).toEqual([{ name: 'Warranty Service', address: 'no-reply@warranty.test' }])
    const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
    expect(to?.value).toEqual([{ name: '', address: 'jane@example.com' }])
    expect(parsed.text?.trim()).toBe(m.text)
    expect(parsed.html).toContain(`href="${CLAIM.replace('&', '&amp;')}"`)
  })

  it('logs one info line per message with to, subject and the links of the text part', async () => {
    await port.send(mail())
    const info = log.lines.filter((l) => l.level === 30)
    expect(info).toHaveLength(1)
    expect(info[0]).toMatchObject({
      to: 'jane@example.com',
      subject: 'Your warranty from Acme',
      links: [CLAIM, MAGIC],
    })
  })

  it('writes a Message-ID once, even when sent again at once or later', async () => {
    const m = mail()
    const [a, b] = await Promise.all([port.send(m), port.send(m)])
    const c = await port.send({ ...m, subject: 'changed' })
    expect(a.providerId).toBe(b.providerId)
    expect(c.providerId).toBe(a.providerId)
    expect(await readdir(dir)).toHaveLength(1)
    expect(log.lines.filter((l) => l.level === 30)).toHaveLength(1)
  })

  it('remembers what an earlier process wrote', async () => {
    const m = mail()
    await port.send(m)
    const later = createOutboxMail({ dir, from: FROM, logger: log.logger, now: () => new Date() })
    await later.send(m)
    await later.send(mail({ messageId: '<other@warranty.test>' }))
    expect((await readdir(dir)).sort()).toEqual([
      '2026-03-14T09-26-53.589Z_5f0c1a2e-7b9d-4c1e-9a63-2d8f4b7e1c00@warranty.test.eml',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_other@warranty\.test\.eml$/),
    ])
    await later.close()
  })

  it('leaves no temporary file behind, also when the write fails', async () => {
    await port.send(mail())
    await port.send(mail({ messageId: '<second@warranty.test>' }))
    const names = await readdir(dir)
    expect(names).toHaveLength(2)
    expect(names.every((n) => n.endsWith('.eml') && !n.startsWith('.'))).toBe(true)

    // A file where the folder should be: the write fails, retryably, and leaves nothing.
    const blocked = join(dir, '..', 'blocked')
    await writeFile(blocked, '')
    const broken = createOutboxMail({ dir: blocked, from: FROM, logger: log.logger })
    const err = await broken.send(mail()).catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'AdapterError', retryable: true })
    expect(await broken.health()).toMatchObject({ ok: false })
  })

  it('names files safely whatever the Message-ID holds', async () => {
    const result = await port.send(mail({ messageId: '<../../etc/passwd#1@x.test>' }))
    expect(result.providerId).toMatch(
      /^2026-03-14T09-26-53\.589Z__\._\.\._etc_passwd_1@x\.test-[0-9a-f]{12}\.eml$/,
    )
    expect(await readdir(dir)).toEqual([result.providerId])
  })
})

describe('safeFilePart', () => {
  it('keeps a uuid@host id as it is', () => {
    expect(safeFilePart('<0f8e2c1a-1111-4222-8333-944455556666@warranty.test>')).toBe(
      '0f8e2c1a-1111-4222-8333-944455556666@warranty.test',
    )
  })
  it('keeps ids apart that differ only in replaced characters', () => {
    expect(safeFilePart('<a/b@x>')).not.toBe(safeFilePart('<a:b@x>'))
  })
})

describe('findLinks', () => {
  it('finds http(s) links once each, without the sentence around them', () => {
    expect(
      findLinks('See https://a.test/x?y=1&z=2. Or (http://b.test/p), or https://a.test/x?y=1&z=2!'),
    ).toEqual(['https://a.test/x?y=1&z=2', 'http://b.test/p'])
  })
})

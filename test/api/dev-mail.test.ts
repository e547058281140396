import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMessageId } from '../../src/adapters/mail/index.js'
import { isLoopback } from '../../src/modules/mail/dev-mail.routes.js'
import { createTestService, type TestService } from '../support/harness.js'

// The development mail page (docs/email.md#the-development-mail-page): the .eml outbox, newest
// first, each e-mail rendered and decoded; only to callers on this machine; never in production.
let svc: TestService
beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

/** A long link with `=` and `&`: quoted-printable in the .eml (`=3D`, soft line breaks). */
const claimLink = (n: number) => `http://app.test/claim?claimId=${'c'.repeat(60)}${n}&lang=en`

async function send(n: number): Promise<void> {
  const link = claimLink(n)
  await svc.deps.mail.send({
    to: `buyer${n}@example.com`,
    subject: `Your warranty ${n}`,
    text: `Claim it: ${link}`,
    html: `<p style="color:#123">Claim it: <a href="${link.replace('&', '&amp;')}">Add to my wallet</a> — grüße</p>`,
    messageId: createMessageId('no-reply@warranty.local'),
  })
  // Outbox file names carry the time to the millisecond: the next one is later.
  await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('GET /dev/mail outside production', () => {
  it('lists the e-mails sent, newest first, with their links decoded and clickable', async () => {
    await send(1)
    await send(2)
    const eml = readdirSync(join(svc.dataDir, 'outbox')).find((f) => f.endsWith('.eml'))!
    // What the page is for: the file itself is quoted-printable, its link unusable as copied.
    expect(readFileSync(join(svc.dataDir, 'outbox', eml), 'utf8')).toContain('claimId=3D')

    const res = await svc.request({ method: 'GET', url: '/dev/mail' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.headers['cache-control']).toBe('no-store')
    const second = res.body.indexOf('Your warranty 2')
    const first = res.body.indexOf('Your warranty 1')
    expect(second).toBeGreaterThan(-1)
    expect(first).toBeGreaterThan(second)
    expect(res.body).toContain(`<a href="${claimLink(1).replace('&', '&amp;')}">`)
    expect(res.body).toContain('to buyer2@example.com')
  })

  it('shows one e-mail as its recipient would: its HTML part, decoded', async () => {
    const list = (await svc.request({ method: 'GET', url: '/dev/mail' })).body
    const href = /href="(\/dev\/mail\/[^"]+)"/.exec(list)?.[1]
    expect(href).toBeDefined()
    const res = await svc.request({ method: 'GET', url: href! })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<a href="${claimLink(2).replace('&', '&amp;')}">Add to my wallet</a>`)
    expect(res.body).toContain('grüße')
    expect(res.body).not.toContain('=3D')
    expect(res.headers['content-security-policy']).not.toContain('script-src')
  })

  it('answers 404 for an unknown e-mail or a path outside the outbox', async () => {
    for (const id of [
      '2024-01-01T00-00-00Z_missing.eml',
      '..%2F..%2Fjwt-secret',
      '2024-01-01T00-00-00Z_..%2Fx.eml',
    ]) {
      const res = await svc.request({ method: 'GET', url: `/dev/mail/${id}` })
      expect(res.statusCode).toBe(404)
    }
  })

  it('answers 404 to a caller that is not on this machine', async () => {
    for (const url of ['/dev/mail', '/dev/mail/2024-01-01T00-00-00Z_x.eml']) {
      const res = await svc.request({ method: 'GET', url, remoteAddress: '203.0.113.7' })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('Your warranty')
    }
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true)
    expect(['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1'].some(isLoopback)).toBe(false)
  })
})

describe('GET /dev/mail in production', () => {
  it('does not exist, even from this machine and with e-mails in the outbox', async () => {
    const prod = await createTestService({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SERIAL_HASH_SALT: randomBytes(16).toString('hex'),
      },
    })
    try {
      expect(prod.deps.mail.kept).toBeUndefined()
      for (const url of ['/dev/mail', '/dev/mail/2024-01-01T00-00-00Z_x.eml']) {
        const res = await prod.request({ method: 'GET', url })
        expect(res.statusCode).toBe(404)
      }
    } finally {
      await prod.close()
    }
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { createMessageId } from '../../../src/adapters/mail/outgoing-mail.js'
import type { MailPort, OutgoingMail } from '../../../src/adapters/mail/port.js'

/**
 * What every MailPort promises, whatever it sends through. Run by each adapter's test
 * file with a factory; delivery itself is checked there (sink, files).
 */
export function describeMailPortContract(name: string, create: () => MailPort | Promise<MailPort>): void {
  describe(`MailPort contract: ${name}`, () => {
    let port: MailPort
    beforeEach(async () => {
      port = await create()
    })
    afterEach(async () => {
      await port.close()
    })

    const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
      to: 'contract@example.com',
      subject: 'Contract',
      text: 'Text https://app.test/x?a=1&b=2',
      html: '<p>HTML <a href="https://app.test/x?a=1&amp;b=2">x</a></p>',
      messageId: createMessageId('Service <no-reply@warranty.test>'),
      ...overrides,
    })

    async function refusal(overrides: Partial<OutgoingMail>): Promise<AdapterError> {
      const err = await port.send(mail(overrides)).then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(AdapterError)
      return err as AdapterError
    }

    it('sends and answers a provider id', async () => {
      const result = await port.send(mail())
      expect(typeof result.providerId).toBe('string')
      expect(result.providerId).not.toBe('')
    })

    it('accepts the same Message-ID again (a retry after an unknown outcome)', async () => {
      const m = mail()
      await port.send(m)
      await expect(port.send(m)).resolves.toHaveProperty('providerId')
    })

    it('is healthy', async () => {
      await expect(port.health()).resolves.toEqual({ ok: true })
    })

    it.each([
      ['a list of recipients', { to: 'a@example.com, b@example.com' }],
      ['a recipient with a line break', { to: 'a@example.com\r\nBcc: b@example.com' }],
      ['a recipient without @', { to: 'nobody' }],
      ['a Message-ID without @', { messageId: '<just-an-id>' }],
      ['a Message-ID with spaces', { messageId: '<a b@c>' }],
      ['a header that replaces Subject', { headers: { Subject: 'spoofed' } }],
      ['a header with a line break', { headers: { 'X-Job': 'a\r\nBcc: b@example.com' } }],
    ])('refuses %s, not retryably', async (_label, overrides) => {
      const err = await refusal(overrides as Partial<OutgoingMail>)
      expect(err.retryable).toBe(false)
    })

    it('accepts a Message-ID without angle brackets', async () => {
      await expect(port.send(mail({ messageId: 'abc-123@warranty.test' }))).resolves.toHaveProperty(
        'providerId',
      )
    })

    it('refuses sending after close, retryably; close is idempotent', async () => {
      await port.close()
      await port.close()
      const err = await refusal({})
      expect(err.retryable).toBe(true)
    })
  })
}

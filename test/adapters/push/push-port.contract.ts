import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import {
  type PushMessage,
  type PushPort,
  PushRetryLaterError,
  PushTokenGoneError,
} from '../../../src/adapters/push/port.js'
import type { PushPlatform } from '../../../src/db/schema/index.js'

/** The provider's answers a contract run can ask for (a local server's, for a real provider). */
export type ProviderAnswer = 'gone' | 'rateLimited' | 'serverError' | 'refused'

export interface PushContractSubject {
  port: PushPort
  platform: PushPlatform
  /** A token the provider accepts (a fresh one per call). */
  token(): string
  /** What the provider (or the record) received for this token, last first; undefined if nothing. */
  delivered(token: string): Promise<{ title: string; body: string; data: Record<string, string> } | undefined>
  /** Makes the provider answer `answer` to the next send to `token`; absent for the recorder. */
  answer?: (token: string, answer: ProviderAnswer) => void
  /** The `Retry-After` the provider's 429 carries, in ms. */
  retryAfterMs?: number
}

/**
 * What every PushPort promises, whatever it sends through: each test file runs it with a
 * factory (the embedded recorder; FCM and APNs against their local servers).
 */
export function describePushPortContract(name: string, create: () => Promise<PushContractSubject>): void {
  describe(`PushPort contract: ${name}`, () => {
    let subject: PushContractSubject
    beforeEach(async () => {
      subject = await create()
    })
    afterEach(async () => {
      await subject.port.close()
    })

    const message = (token: string, overrides: Partial<PushMessage> = {}): PushMessage => ({
      platform: subject.platform,
      token,
      title: 'Warranty expires soon',
      body: 'Kettle from Shop A: 5 days left',
      data: { warrantyId: '2b5f7a52-8a8b-4bd3-9a57-4f0f4c3a6c11' },
      ...overrides,
    })
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected the send to fail')
        },
        (err: unknown) => err as AdapterError,
      )

    it('sends, answers a provider id, and the provider gets title, body and data', async () => {
      const token = subject.token()
      const result = await subject.port.send(message(token))
      expect(typeof result.providerId).toBe('string')
      expect(result.providerId).not.toBe('')
      expect(await subject.delivered(token)).toEqual({
        title: 'Warranty expires soon',
        body: 'Kettle from Shop A: 5 days left',
        data: { warrantyId: '2b5f7a52-8a8b-4bd3-9a57-4f0f4c3a6c11' },
      })
    })

    it('sends many at once', async () => {
      const tokens = Array.from({ length: 20 }, () => subject.token())
      const results = await Promise.all(tokens.map((t) => subject.port.send(message(t))))
      expect(new Set(results.map((r) => r.providerId)).size).toBe(20)
    })

    it('is healthy', async () => {
      await expect(subject.port.health()).resolves.toEqual({ ok: true })
    })

    it.each([
      ['an empty token', { token: '' }],
      ['a token with a space', { token: 'abc def' }],
      ['a token with a line break', { token: 'abc\r\nx' }],
      ['an oversized body', { body: 'x'.repeat(5000) }],
    ])('refuses %s without retry (and not as a gone token)', async (_label, overrides) => {
      const err = await failure(subject.port.send(message(subject.token(), overrides)))
      expect(err).toBeInstanceOf(AdapterError)
      expect(err.retryable).toBe(false)
      expect(err).not.toBeInstanceOf(PushTokenGoneError)
    })

    it('refuses a send after close with a retryable error', async () => {
      await subject.port.close()
      const err = await failure(subject.port.send(message(subject.token())))
      expect(err).toBeInstanceOf(AdapterError)
      expect(err.retryable).toBe(true)
    })

    describe('the provider answers', () => {
      const answered = async (answer: ProviderAnswer) => {
        const token = subject.token()
        subject.answer?.(token, answer)
        return failure(subject.port.send(message(token)))
      }

      it('that the token is gone: PushTokenGoneError, not retryable', async (ctx) => {
        if (!subject.answer) ctx.skip()
        const err = await answered('gone')
        expect(err).toBeInstanceOf(PushTokenGoneError)
        expect(err.retryable).toBe(false)
      })

      it('429 with Retry-After: retryable, with the delay', async (ctx) => {
        if (!subject.answer) ctx.skip()
        const err = await answered('rateLimited')
        expect(err).toBeInstanceOf(PushRetryLaterError)
        expect(err.retryable).toBe(true)
        expect((err as PushRetryLaterError).retryAfterMs).toBe(subject.retryAfterMs)
      })

      it('5xx: retryable', async (ctx) => {
        if (!subject.answer) ctx.skip()
        const err = await answered('serverError')
        expect(err).toBeInstanceOf(PushRetryLaterError)
        expect(err.retryable).toBe(true)
      })

      it('another 4xx: not retryable, not gone', async (ctx) => {
        if (!subject.answer) ctx.skip()
        const err = await answered('refused')
        expect(err).toBeInstanceOf(AdapterError)
        expect(err.retryable).toBe(false)
        expect(err).not.toBeInstanceOf(PushTokenGoneError)
      })
    })
  })
}

import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdapterError } from '../../../src/adapters/adapter-error.js'
import { createApnsPush } from '../../../src/adapters/push/apns-push.js'
import { PushRetryLaterError, PushTokenGoneError } from '../../../src/adapters/push/port.js'
import { APNS_ANSWERS, type ApnsAnswer, type FakeApns, startFakeApns } from '../../support/fake-apns.js'
import { describePushPortContract, type ProviderAnswer } from './push-port.contract.js'

const silent = pino({ level: 'silent' })
const token = () => randomBytes(32).toString('hex')
let fake: FakeApns

beforeAll(async () => {
  fake = await startFakeApns()
})
afterAll(() => fake?.close())

const port = (overrides: Partial<Parameters<typeof createApnsPush>[0]> = {}, server = fake) =>
  createApnsPush({
    keyFile: server.keyFile,
    keyId: server.keyId,
    teamId: server.teamId,
    bundleId: server.bundleId,
    endpoint: server.url,
    ca: server.ca,
    logger: silent,
    timeoutMs: 2000,
    ...overrides,
  })

const answers: Record<ProviderAnswer, ApnsAnswer> = {
  gone: APNS_ANSWERS.unregistered,
  rateLimited: APNS_ANSWERS.tooManyRequests,
  serverError: APNS_ANSWERS.internalServerError,
  refused: APNS_ANSWERS.payloadTooLarge,
}

describePushPortContract('APNs over HTTP/2 + TLS against the local APNs server', async () => ({
  port: port(),
  platform: 'ios',
  token,
  async delivered(t) {
    const found = fake.sent.filter((m) => m.token === t).at(-1)
    if (!found) return undefined
    const { aps, ...data } = found.payload
    return {
      title: aps.alert?.title ?? '',
      body: aps.alert?.body ?? '',
      data: data as Record<string, string>,
    }
  },
  answer: (t, answer) => fake.answerFor(t, answers[answer]),
  retryAfterMs: 5000,
}))

describe('APNs adapter', () => {
  const send = (p: ReturnType<typeof port>, t = token()) =>
    p.send({ platform: 'ios', token: t, title: 'T', body: 'B' })
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as AdapterError,
    )

  it('sends an alert to the bundle topic with one provider token for many sends, answering the apns-id', async () => {
    const p = port()
    const before = fake.providerTokens.size
    const t = token()
    const result = await send(p, t)
    await Promise.all([send(p), send(p), send(p)])
    expect(fake.providerTokens.size - before).toBe(1)
    const sent = fake.sent.find((m) => m.token === t)
    expect(result.providerId).toBe(sent?.apnsId)
    expect(sent).toMatchObject({ topic: fake.bundleId, pushType: 'alert', priority: '10' })
    expect(sent?.payload.aps).toEqual({ alert: { title: 'T', body: 'B' }, sound: 'default' })
    await p.close()
  })

  it('answers 400 BadDeviceToken as a gone token, from APNs and for a token that is not hex', async () => {
    const p = port()
    const t = token()
    fake.answerFor(t, APNS_ANSWERS.badDeviceToken)
    expect(await failure(send(p, t))).toBeInstanceOf(PushTokenGoneError)
    expect(await failure(send(p, 'not-hex-at-all-but-printable'))).toBeInstanceOf(PushTokenGoneError)
    await p.close()
  })

  it('signs a fresh provider token after ExpiredProviderToken and sends', async () => {
    const p = port()
    await send(p)
    fake.answerNext(APNS_ANSWERS.expiredProviderToken)
    await expect(send(p)).resolves.toHaveProperty('providerId')
    await p.close()
  })

  it('maps 503 to retry later and a wrong key to a refusal', async () => {
    const p = port()
    fake.answerNext(APNS_ANSWERS.serviceUnavailable)
    expect(await failure(send(p))).toBeInstanceOf(PushRetryLaterError)
    const wrongKey = port({ keyId: 'OTHERKEY99' })
    const err = await failure(send(wrongKey))
    expect(err?.retryable).toBe(false)
    expect(err?.message).toMatch(/403 InvalidProviderToken/)
    await Promise.all([p.close(), wrongKey.close()])
  })

  it('reconnects after the server went away, and fails retryably while it is unreachable', async () => {
    const other = await startFakeApns()
    const p = port({}, other)
    await send(p)
    await other.close()
    const err = await failure(send(p))
    expect(err).toBeInstanceOf(PushRetryLaterError)
    expect(err?.message).toMatch(/APNs unreachable/)
    await p.close()
  })

  it('does not trust a certificate it was not given', async () => {
    const p = port({ ca: undefined })
    const err = await failure(send(p))
    expect(err).toBeInstanceOf(PushRetryLaterError)
    expect(err?.message).toMatch(/certificate/i)
    await p.close()
  })

  it('speaks cleartext HTTP/2 to an http: endpoint (local tests of a whole service)', async () => {
    const h2c = await startFakeApns({ tls: false })
    const p = port({ ca: undefined }, h2c)
    await expect(send(p)).resolves.toHaveProperty('providerId')
    expect(h2c.sent).toHaveLength(1)
    await p.close()
    await h2c.close()
  })
})

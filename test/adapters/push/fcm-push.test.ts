import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { createFcmPush } from '../../../src/adapters/push/fcm-push.js'
import { PushRetryLaterError, PushTokenGoneError } from '../../../src/adapters/push/port.js'
import { type FakeFcm, FCM_ANSWERS, startFakeFcm } from '../../support/fake-fcm.js'
import { describePushPortContract, type ProviderAnswer } from './push-port.contract.js'

const silent = pino({ level: 'silent' })
const token = () => `fcm-${randomBytes(60).toString('base64url')}`
let fake: FakeFcm

beforeAll(async () => {
  fake = await startFakeFcm()
})
afterAll(() => fake?.close())

const port = (overrides: Partial<Parameters<typeof createFcmPush>[0]> = {}) =>
  createFcmPush({
    projectId: fake.projectId,
    credentialsFile: fake.credentialsFile,
    endpoint: fake.url,
    logger: silent,
    timeoutMs: 2000,
    ...overrides,
  })

const answers: Record<ProviderAnswer, (typeof FCM_ANSWERS)[keyof typeof FCM_ANSWERS]> = {
  gone: FCM_ANSWERS.unregistered,
  rateLimited: FCM_ANSWERS.quotaExceeded,
  serverError: FCM_ANSWERS.unavailable,
  refused: FCM_ANSWERS.invalidArgument,
}

describePushPortContract('FCM HTTP v1 against the local FCM server', async () => ({
  port: port(),
  platform: 'android',
  token,
  async delivered(t) {
    const found = fake.sent.filter((m) => m.token === t).at(-1)
    return (
      found && {
        title: found.notification.title ?? '',
        body: found.notification.body ?? '',
        data: found.data ?? {},
      }
    )
  },
  answer: (t, answer) => fake.answerFor(t, answers[answer]),
  retryAfterMs: 7000,
}))

describe('FCM adapter', () => {
  const send = (p: ReturnType<typeof port>, t = token()) =>
    p.send({ platform: 'android', token: t, title: 'T', body: 'B' })
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as AdapterError,
    )

  it('exchanges the service-account JWT once for many sends, and sends an FCM v1 message', async () => {
    const before = fake.tokensIssued
    const p = port()
    const t = token()
    const result = await p.send({
      platform: 'android',
      token: t,
      title: 'T',
      body: 'B',
      data: { warrantyId: 'w1' },
    })
    await Promise.all([send(p), send(p), send(p)])
    expect(fake.tokensIssued - before).toBe(1)
    expect(result.providerId).toMatch(/^projects\/fake-project\/messages\//)
    expect(fake.sent.find((m) => m.token === t)).toMatchObject({
      notification: { title: 'T', body: 'B' },
      data: { warrantyId: 'w1' },
      android: { priority: 'high' },
    })
    await p.close()
  })

  it('exchanges again when FCM no longer takes the access token (401), and sends', async () => {
    const p = port()
    await send(p)
    const before = fake.tokensIssued
    fake.revokeAccessTokens()
    await expect(send(p)).resolves.toHaveProperty('providerId')
    expect(fake.tokensIssued - before).toBe(1)
    await p.close()
  })

  it('maps a 404 without an error code to a gone token, and a 500 to retry later', async () => {
    const p = port()
    fake.answerNext({ status: 404, rpcStatus: 'NOT_FOUND' }, FCM_ANSWERS.internal)
    expect(await failure(send(p))).toBeInstanceOf(PushTokenGoneError)
    const err = await failure(send(p))
    expect(err).toBeInstanceOf(PushRetryLaterError)
    expect((err as PushRetryLaterError).retryAfterMs).toBeNull()
    await p.close()
  })

  it('refuses without retry when the token endpoint refuses the key (another key, same e-mail)', async () => {
    const account = JSON.parse(readFileSync(fake.credentialsFile, 'utf8'))
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const file = `${fake.credentialsFile}.wrong.json`
    writeFileSync(
      file,
      JSON.stringify({ ...account, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
    )
    const p = port({ credentialsFile: file })
    const err = await failure(send(p))
    expect(err).toBeInstanceOf(AdapterError)
    expect(err?.retryable).toBe(false)
    expect(err?.message).toMatch(/credentials refused/)
    expect((await p.health()).ok).toBe(false)
    await p.close()
  })

  it('fails retryably when FCM or its token endpoint cannot be reached', async () => {
    const closed = await startFakeFcm()
    await closed.close()
    const noToken = port({ credentialsFile: closed.credentialsFile })
    const err = await failure(send(noToken))
    expect(err).toBeInstanceOf(PushRetryLaterError)
    const noFcm = port({ endpoint: closed.url })
    const err2 = await failure(send(noFcm))
    expect(err2).toBeInstanceOf(PushRetryLaterError)
    expect(err2?.message).toMatch(/FCM unreachable/)
  })

  it('refuses to start with a credentials file that is not a service-account key', () => {
    const file = `${fake.credentialsFile}.bad.json`
    writeFileSync(file, '{"type":"authorized_user"}')
    expect(() => port({ credentialsFile: file })).toThrow(/not a service-account key/)
  })
})

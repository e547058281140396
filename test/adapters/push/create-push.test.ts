import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPush } from '../../../src/adapters/push/index.js'
import { readRecordedPush } from '../../../src/adapters/push/recorder-push.js'
import { loadConfig } from '../../../src/config/index.js'
import { type FakeFcm, startFakeFcm } from '../../support/fake-fcm.js'

const silent = pino({ level: 'silent' })
let fcm: FakeFcm

beforeAll(async () => {
  fcm = await startFakeFcm()
})
afterAll(() => fcm?.close())

const configWith = (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'push-cfg-'))
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(48), ...env }, dataDir)
}

describe('createPush', () => {
  it('records both platforms under DATA_DIR/push when no provider is set', async () => {
    const config = configWith({})
    const push = createPush({ config, logger: silent })
    await push.send({ platform: 'ios', token: 'a'.repeat(64), title: 'i', body: 'b' })
    await push.send({ platform: 'android', token: 'fcm-token', title: 'a', body: 'b' })
    await push.close()
    expect((await readRecordedPush(join(config.dataDir, 'push'))).map((r) => r.platform)).toEqual([
      'ios',
      'android',
    ])
  })

  it('sends android through FCM when FCM_* is set, and still records ios', async () => {
    const config = configWith({
      FCM_PROJECT_ID: fcm.projectId,
      FCM_CREDENTIALS_FILE: fcm.credentialsFile,
      FCM_ENDPOINT: fcm.url,
    })
    const push = createPush({ config, logger: silent })
    const token = randomBytes(40).toString('base64url')
    await push.send({ platform: 'android', token, title: 'a', body: 'b' })
    await push.send({ platform: 'ios', token: 'b'.repeat(64), title: 'i', body: 'b' })
    await expect(push.health()).resolves.toEqual({ ok: true })
    await push.close()
    expect(fcm.sent.map((m) => m.token)).toContain(token)
    expect((await readRecordedPush(join(config.dataDir, 'push'))).map((r) => r.platform)).toEqual(['ios'])
  })

  it('refuses half a provider configuration', () => {
    expect(() => createPush({ config: configWith({ FCM_PROJECT_ID: 'p' }), logger: silent })).toThrow(
      /FCM_CREDENTIALS_FILE/,
    )
    expect(() =>
      createPush({ config: configWith({ APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T' }), logger: silent }),
    ).toThrow(/APNS_KEY_FILE/)
  })

  it('refuses a message for an unknown platform without retry', async () => {
    const push = createPush({ config: configWith({}), logger: silent })
    await expect(
      push.send({ platform: 'windows' as 'ios', token: 't', title: 't', body: 'b' }),
    ).rejects.toMatchObject({ retryable: false })
    await push.close()
  })
})

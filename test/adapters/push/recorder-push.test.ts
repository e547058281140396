import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { deviceRef } from '../../../src/adapters/push/push-message.js'
import { createRecorderPush, readRecordedPush } from '../../../src/adapters/push/recorder-push.js'
import { describePushPortContract } from './push-port.contract.js'

function capturingLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

const fcmLikeToken = () => `fcm-${randomBytes(40).toString('base64url')}`

describePushPortContract('embedded recorder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'push-rec-'))
  return {
    port: createRecorderPush({ dir, logger: pino({ level: 'silent' }) }),
    platform: 'android',
    token: fcmLikeToken,
    async delivered(token) {
      const found = (await readRecordedPush(dir)).filter((r) => r.device === deviceRef(token)).at(-1)
      return found && { title: found.title, body: found.body, data: found.data }
    },
  }
})

describe('the embedded recorder', () => {
  it('appends one JSON line per notification that survives a restart, naming the device by a hash only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-rec-'))
    const { logger, lines } = capturingLogger()
    const token = fcmLikeToken()
    const first = createRecorderPush({ dir, logger })
    const sent = await first.send({ platform: 'ios', token, title: 'T1', body: 'B1' })
    await first.close()

    const second = createRecorderPush({ dir, logger })
    await second.send({ platform: 'android', token, title: 'T2', body: 'B2', data: { a: '1' } })
    await second.close()

    const records = await readRecordedPush(dir)
    expect(records).toEqual([
      {
        id: sent.providerId,
        at: expect.any(String),
        platform: 'ios',
        device: deviceRef(token),
        title: 'T1',
        body: 'B1',
        data: {},
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        platform: 'android',
        device: deviceRef(token),
        title: 'T2',
        body: 'B2',
        data: { a: '1' },
      },
    ])
    expect(deviceRef(token)).toMatch(/^[0-9a-f]{12}$/)
    const logged = lines.join('')
    expect(logged).toContain(deviceRef(token))
    expect(logged).toContain('T2')
    expect(logged).not.toContain(token)
    expect(JSON.stringify(records)).not.toContain(token)
  })

  it('keeps lines whole under concurrent sends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-rec-'))
    const port = createRecorderPush({ dir, logger: pino({ level: 'silent' }) })
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        port.send({ platform: 'android', token: `t-${i}`, title: `n${i}`, body: 'x'.repeat(1000) }),
      ),
    )
    await port.close()
    const records = await readRecordedPush(dir)
    expect(records.map((r) => r.title).sort()).toEqual(Array.from({ length: 100 }, (_, i) => `n${i}`).sort())
  })

  it('is unhealthy, and fails retryably, when it cannot write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'push-rec-')), 'a-file')
    writeFileSync(file, '')
    const port = createRecorderPush({ dir: join(file, 'push'), logger: pino({ level: 'silent' }) })
    expect((await port.health()).ok).toBe(false)
    await expect(port.send({ platform: 'ios', token: 'abc', title: 't', body: 'b' })).rejects.toMatchObject({
      retryable: true,
    })
    await port.close()
  })
})

import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakePinningService, startFakePinningService } from '../support/fake-pinning-service.js'
import { createTestService, type TestService } from '../support/harness.js'

describe('GET /ready with the chain and the pinning store', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService()
  })
  afterAll(() => svc?.close())

  it('answers 200 with database, chain, pinning and blob store checks', async () => {
    const res = await svc.request({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().checks).sort()).toEqual(['blobs', 'chain', 'database', 'pinning'])
  })

  it('answers 503 naming blobs when the embedded blob store cannot be written', async () => {
    const store = join(svc.dataDir, 'blobs')
    rmSync(store, { recursive: true, force: true })
    writeFileSync(store, 'not a folder')
    try {
      const res = await svc.request({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      const body = res.json()
      expect(body.message).toContain('blobs')
      expect(body.checks.blobs.status).toBe('fail')
      expect(body.checks.pinning.status).toBe('ok')
      expect(JSON.stringify(body)).not.toContain(svc.dataDir)
    } finally {
      rmSync(store)
    }
    expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })

  it('answers 503 naming the chain when the node is down, and 200 again once it is back', async () => {
    const node = svc.deps.chain.node!
    await node.stop()
    try {
      const res = await svc.request({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      const body = res.json()
      expect(body.error).toBe('unavailable')
      expect(body.message).toContain('chain')
      expect(body.checks.chain.status).toBe('fail')
      expect(body.checks.database.status).toBe('ok')
      expect(body.checks.pinning.status).toBe('ok')
    } finally {
      await node.start()
    }
    expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })

  it('answers 503 naming pinning when the block store cannot be written', async () => {
    const store = join(svc.dataDir, 'ipfs')
    renameSync(store, `${store}.away`)
    writeFileSync(store, 'not a folder')
    try {
      const res = await svc.request({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      const body = res.json()
      expect(body.message).toContain('pinning')
      expect(body.checks.pinning.status).toBe('fail')
      expect(body.checks.chain.status).toBe('ok')
      expect(JSON.stringify(body)).not.toContain(svc.dataDir)
    } finally {
      rmSync(store)
      renameSync(`${store}.away`, store)
    }
    expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })
})

describe('GET /ready with a pinning service', () => {
  let pins: FakePinningService
  let svc: TestService
  beforeAll(async () => {
    pins = await startFakePinningService({ token: 'pin-token' })
    svc = await createTestService({
      env: { PINNING_SERVICE_URL: pins.url, PINNING_SERVICE_TOKEN: 'pin-token' },
    })
  })
  afterAll(async () => {
    await svc?.close()
    await pins?.close()
  })

  it('names pinning while the service is down', async () => {
    expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
    await pins.stop()
    try {
      const res = await svc.request({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json().checks.pinning.status).toBe('fail')
      expect(res.json().message).toContain('pinning')
    } finally {
      await pins.start()
    }
    expect((await svc.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })
})

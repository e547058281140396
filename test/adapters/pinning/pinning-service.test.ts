import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { blockStorePath, EmbeddedPinning } from '../../../src/adapters/pinning/embedded-pinning.js'
import { createPinning } from '../../../src/adapters/pinning/index.js'
import {
  PinningServiceAdapter,
  type PinningServiceOptions,
} from '../../../src/adapters/pinning/pinning-service.js'
import {
  type FakePinningService,
  type FakePinningServiceOptions,
  startFakePinningService,
} from '../../support/fake-pinning-service.js'
import { json, silentLogger, tempDirs, until } from './support.js'

const TOKEN = 'secret-token'
const ORIGIN = '/dns4/ipfs.example.com/tcp/4001/p2p/12D3KooWQYhTNQdmr3ArTeUHRYzFg94BKyTkoWBDWez9kSCVe2Xo'

describe('PinningServiceAdapter (IPFS Pinning Service API)', () => {
  const dirs = tempDirs()
  const cleanups: (() => Promise<void>)[] = []

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    await dirs.cleanup()
  })

  async function setUp(
    service: Partial<FakePinningServiceOptions> = {},
    adapter: Partial<PinningServiceOptions> = {},
  ): Promise<{ fake: FakePinningService; pinning: PinningServiceAdapter; batch: () => Promise<string> }> {
    const fake = await startFakePinningService({ token: TOKEN, pinDelayMs: 30, ...service })
    cleanups.push(() => fake.close())
    const pinning = new PinningServiceAdapter({
      url: fake.url,
      token: TOKEN,
      origins: [ORIGIN],
      dataDir: await dirs.make(),
      logger: silentLogger,
      pollIntervalMs: 5,
      maxPollIntervalMs: 20,
      pinTimeoutMs: 2_000,
      ...adapter,
    })
    cleanups.push(() => pinning.close())
    let n = 0
    const batch = async () => {
      n += 1
      const file = await pinning.addFile(json({ tokenId: n }))
      return (await pinning.addDirectory([{ name: String(n), cid: file }])).cid
    }
    return { fake, pinning, batch }
  }

  const posts = (fake: FakePinningService) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/pins')

  async function rejection(promise: Promise<unknown>): Promise<AdapterError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(AdapterError)
    return err as AdapterError
  }

  describe('pin', () => {
    it('creates one pin request with the CID, name and origins, and polls it until pinned', async () => {
      const { fake, pinning, batch } = await setUp()
      const cid = await batch()
      await pinning.pin(cid, 'warranty-batch-1')

      expect(fake.requests[0]).toMatchObject({
        method: 'GET',
        path: '/pins',
        query: { cid, status: 'queued,pinning,pinned' },
        authorization: `Bearer ${TOKEN}`,
      })
      expect(posts(fake).map((r) => r.body)).toEqual([{ cid, name: 'warranty-batch-1', origins: [ORIGIN] }])
      const requestid = fake.pins[0]?.requestid
      const polls = fake.requests.filter((r) => r.method === 'GET' && r.path === `/pins/${requestid}`)
      expect(polls.length).toBeGreaterThanOrEqual(1)
      expect(fake.pins).toHaveLength(1)
      expect(fake.pins[0]).toMatchObject({ status: 'pinned', pin: { cid, name: 'warranty-batch-1' } })
    })

    it('reuses the existing pin request for the same CID: no second POST', async () => {
      const { fake, pinning, batch } = await setUp()
      const cid = await batch()
      await pinning.pin(cid, 'warranty-batch-1')
      await pinning.pin(cid, 'warranty-batch-1')
      expect(posts(fake)).toHaveLength(1)
    })

    it('shares one request between concurrent pins of the same CID', async () => {
      const { fake, pinning, batch } = await setUp()
      const cid = await batch()
      await Promise.all([pinning.pin(cid, 'a'), pinning.pin(cid, 'a'), pinning.pin(cid, 'a')])
      expect(posts(fake)).toHaveLength(1)
    })

    it('resumes a request still queued after a time-out instead of creating another', async () => {
      const { fake, pinning, batch } = await setUp({ pinDelayMs: 400 }, { pinTimeoutMs: 40 })
      const cid = await batch()
      const err = await rejection(pinning.pin(cid, 'slow'))
      expect(err.retryable).toBe(true)
      expect(err.message).toMatch(/still (queued|pinning)/)

      const created = Date.parse(fake.pins[0]?.created ?? '')
      await sleep(Math.max(0, created + 420 - Date.now()))
      await pinning.pin(cid, 'slow')
      expect(posts(fake)).toHaveLength(1)
    })

    it('throws not retryable when the service reports the pin failed', async () => {
      // Content stored by the embedded adapter is there for the production one: same layout.
      const dataDir = await dirs.make()
      const local = new EmbeddedPinning(dataDir, silentLogger)
      const file = await local.addFile(json({ tokenId: 1 }))
      const { cid } = await local.addDirectory([{ name: '1', cid: file }])
      await local.close()
      const failing = await startFakePinningService({ token: TOKEN, pinDelayMs: 10, failCids: [cid] })
      cleanups.push(() => failing.close())
      const pinning = new PinningServiceAdapter({
        url: failing.url,
        token: TOKEN,
        dataDir,
        logger: silentLogger,
        pollIntervalMs: 5,
      })
      cleanups.push(() => pinning.close())
      const err = await rejection(pinning.pin(cid, 'doomed'))
      expect(err.retryable).toBe(false)
      expect(err.message).toMatch(/failed to pin/)
      expect(failing.pins[0]?.status).toBe('failed')
    })

    it('throws retryable when the service is down, and works once it is back', async () => {
      const { fake, pinning, batch } = await setUp()
      const cid = await batch()
      await fake.stop()
      const err = await rejection(pinning.pin(cid, 'batch'))
      expect(err.retryable).toBe(true)
      expect(err.message).toMatch(/unreachable/)

      await fake.start()
      await pinning.pin(cid, 'batch')
      expect(fake.pins[0]?.status).toBe('pinned')
    })

    it('keeps polling through a short outage of the service', async () => {
      const { fake, pinning, batch } = await setUp({ pinDelayMs: 150 })
      const cid = await batch()
      const pinned = pinning.pin(cid, 'batch').then(
        () => 'pinned',
        (err: unknown) => err,
      )
      await until(() => posts(fake).length === 1)
      await fake.stop()
      await sleep(60)
      await fake.start()
      expect(await pinned).toBe('pinned')
      expect(posts(fake)).toHaveLength(1)
    })

    it('throws not retryable when the token is rejected', async () => {
      const { fake, pinning, batch } = await setUp({ token: 'another-token' })
      const err = await rejection(pinning.pin(await batch(), 'batch'))
      expect(err.retryable).toBe(false)
      expect(err.message).toBe('pinning service rejected the token')
      expect(err.message).not.toContain(TOKEN)
      expect(posts(fake)).toHaveLength(0)
    })

    it('sends nothing for content missing from the local store', async () => {
      const { fake, pinning } = await setUp()
      const err = await rejection(
        pinning.pin('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', 'x'),
      )
      expect(err.retryable).toBe(false)
      expect(fake.requests).toHaveLength(0)
    })

    it('stops waiting when closed, with a retryable error', async () => {
      const { fake, pinning, batch } = await setUp({ pinDelayMs: 10_000 }, { pinTimeoutMs: 10_000 })
      const pinned = pinning.pin(await batch(), 'batch').then(
        () => null,
        (err: unknown) => err,
      )
      await until(() => posts(fake).length === 1)
      await pinning.close()
      const err = await pinned
      expect(err).toBeInstanceOf(AdapterError)
      expect((err as AdapterError).retryable).toBe(true)
      // Closed during the wait or during the request in flight: either way it stops, retryably.
      expect((err as AdapterError).message).toMatch(/closed while waiting|is closing/)
    })
  })

  describe('health', () => {
    it('is ok when the service answers GET /pins?limit=1 to the token', async () => {
      const { fake, pinning } = await setUp()
      expect(await pinning.health()).toEqual({ ok: true })
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/pins', query: { limit: '1' } })
    })

    it('is not ok when the token is rejected', async () => {
      const { pinning } = await setUp({ token: 'another-token' })
      expect(await pinning.health()).toEqual({ ok: false, reason: 'pinning service rejected the token' })
    })

    it('is not ok while the service is down, and ok again once it is back', async () => {
      const { fake, pinning } = await setUp()
      await fake.stop()
      const down = await pinning.health()
      expect(down.ok).toBe(false)
      expect(down.ok === false && down.reason).toMatch(/pinning service unreachable \(ECONNREFUSED\)/)
      await fake.start()
      expect(await pinning.health()).toEqual({ ok: true })
    })

    it('is not ok when the service does not answer in time', async () => {
      const { fake } = await setUp()
      const { createServer } = await import('node:http')
      const silent = createServer(() => {}) // accepts, never answers
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      cleanups.push(async () => {
        silent.closeAllConnections()
        await new Promise<void>((resolve) => silent.close(() => resolve()))
      })
      const address = silent.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const pinning = new PinningServiceAdapter({
        url: `http://127.0.0.1:${port}`,
        token: TOKEN,
        dataDir: await dirs.make(),
        logger: silentLogger,
        requestTimeoutMs: 50,
      })
      cleanups.push(() => pinning.close())
      const health = await pinning.health()
      expect(health.ok === false && health.reason).toMatch(/did not answer GET \/pins within 50 ms/)
      expect(fake.requests).toHaveLength(0)
    })

    it('is not ok when the local block store is not writable', async () => {
      const { fake } = await setUp()
      const dataDir = await dirs.make()
      await mkdir(dirname(blockStorePath(dataDir)), { recursive: true })
      await writeFile(blockStorePath(dataDir), 'not a folder')
      const pinning = new PinningServiceAdapter({
        url: fake.url,
        token: TOKEN,
        dataDir,
        logger: silentLogger,
      })
      cleanups.push(() => pinning.close())
      const health = await pinning.health()
      expect(health.ok === false && health.reason).toMatch(/not writable/)
    })
  })
})

describe('createPinning', () => {
  const dirs = tempDirs()
  afterEach(() => dirs.cleanup())

  it('chooses the embedded store without PINNING_SERVICE_URL', async () => {
    const config = {
      dataDir: await dirs.make(),
      pinning: { serviceUrl: null, serviceToken: null, origins: [] },
    }
    const pinning = createPinning({ config, logger: silentLogger })
    expect(pinning).toBeInstanceOf(EmbeddedPinning)
    await pinning.close()
  })

  it('chooses the pinning service with PINNING_SERVICE_URL and sends PINNING_ORIGINS', async () => {
    const fake = await startFakePinningService({ token: TOKEN })
    const config = {
      dataDir: await dirs.make(),
      pinning: { serviceUrl: fake.url, serviceToken: TOKEN, origins: [ORIGIN] },
    }
    const pinning = createPinning({ config, logger: silentLogger, timing: { pollIntervalMs: 5 } })
    try {
      expect(pinning).toBeInstanceOf(PinningServiceAdapter)
      const cid = await pinning.addFile(json({ tokenId: 1 }))
      await pinning.pin(cid, 'one')
      expect(fake.pins[0]?.pin).toMatchObject({ cid, name: 'one', origins: [ORIGIN] })
    } finally {
      await pinning.close()
      await fake.close()
    }
  })
})

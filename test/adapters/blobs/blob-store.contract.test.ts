import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AdapterClosedError, AdapterError } from '../../../src/adapters/adapter-error.js'
import { createBlobStore } from '../../../src/adapters/blobs/index.js'
import type { BlobStore } from '../../../src/adapters/blobs/port.js'
import { type LocalS3, startS3Server } from '../../support/s3-server.js'

const logger = pino({ level: 'silent' })
let s3: LocalS3
let dataDir: string

beforeAll(async () => {
  s3 = await startS3Server()
  dataDir = await mkdtemp(join(tmpdir(), 'blobs-contract-'))
})
afterAll(async () => {
  await s3?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Both adapters through the one factory, as the service builds them; a re-open sees the same data. */
const implementations: { name: string; open: () => BlobStore }[] = [
  {
    name: 'embedded files',
    open: () => createBlobStore({ config: { dataDir, blobs: blobs(null) }, logger }),
  },
  {
    name: 'S3 (local s3rver)',
    open: () => createBlobStore({ config: { dataDir, blobs: blobs(s3.settings) }, logger }),
  },
]

function blobs(settings: LocalS3['settings'] | null) {
  return { s3: settings, orphanGraceSeconds: 3600, sweepSeconds: 600 }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function keysOf(store: BlobStore): Promise<Map<string, Date>> {
  const keys = new Map<string, Date>()
  for await (const { key, lastModified } of store.list()) keys.set(key, lastModified)
  return keys
}

describe.each(implementations)('BlobStore contract: $name', ({ open }) => {
  const stores: BlobStore[] = []
  const make = () => {
    const store = open()
    stores.push(store)
    return store
  }
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()))
  })

  it('puts bytes under their SHA-256 and gets them back with their content type', async () => {
    const store = make()
    const bytes = randomBytes(70_000)
    const ref = await store.put(bytes, 'image/jpeg')
    expect(ref).toEqual({ key: sha256(bytes), byteSize: 70_000, contentType: 'image/jpeg' })
    const got = await store.get(ref.key)
    expect(got?.contentType).toBe('image/jpeg')
    expect(Buffer.from(got!.bytes).equals(bytes)).toBe(true)
    expect(await store.has(ref.key)).toBe(true)
  })

  it('gives the same key for the same bytes and another for other bytes; a second put is idempotent', async () => {
    const store = make()
    const bytes = randomBytes(1000)
    const [a, b] = await Promise.all([
      store.put(bytes, 'image/png'),
      store.put(Buffer.from(bytes), 'image/png'),
    ])
    const c = await store.put(bytes, 'image/png')
    expect(a.key).toBe(b.key)
    expect(c.key).toBe(a.key)
    const other = await store.put(randomBytes(1000), 'image/png')
    expect(other.key).not.toBe(a.key)
    const listed = [...(await keysOf(store)).keys()]
    expect(listed.filter((k) => k === a.key)).toHaveLength(1)
    expect(Buffer.from((await store.get(a.key))!.bytes).equals(bytes)).toBe(true)
  })

  it('stores empty objects and content types with parameters', async () => {
    const store = make()
    const ref = await store.put(new Uint8Array(), 'text/plain; charset=utf-8')
    expect(ref.key).toBe(sha256(new Uint8Array()))
    expect(await store.get(ref.key)).toEqual({
      bytes: new Uint8Array(),
      contentType: 'text/plain; charset=utf-8',
    })
  })

  it('answers null and false for a missing key, and for a string that cannot be a key', async () => {
    const store = make()
    const missing = sha256(randomBytes(8))
    expect(await store.get(missing)).toBeNull()
    expect(await store.has(missing)).toBe(false)
    for (const bad of ['../../etc/passwd', 'ABC', `${missing.slice(0, 63)}/`, '']) {
      expect(await store.get(bad)).toBeNull()
      expect(await store.has(bad)).toBe(false)
      await store.delete(bad)
    }
  })

  it('deletes an object; deleting a missing one is not an error', async () => {
    const store = make()
    const ref = await store.put(randomBytes(500), 'application/pdf')
    await store.delete(ref.key)
    expect(await store.get(ref.key)).toBeNull()
    expect(await store.has(ref.key)).toBe(false)
    expect((await keysOf(store)).has(ref.key)).toBe(false)
    await store.delete(ref.key)
    await store.delete(sha256(randomBytes(8)))
  })

  it('lists every object with its age', async () => {
    const store = make()
    const before = Date.now() - 2000
    const refs = await Promise.all(
      Array.from({ length: 12 }, () => store.put(randomBytes(100), 'image/webp')),
    )
    const listed = await keysOf(store)
    for (const ref of refs) {
      const at = listed.get(ref.key)
      expect(at, ref.key).toBeInstanceOf(Date)
      expect(at!.getTime()).toBeGreaterThanOrEqual(before)
      expect(at!.getTime()).toBeLessThanOrEqual(Date.now() + 2000)
    }
  })

  it('renews an object’s age when the same bytes are put again (the orphan sweep’s grace restarts)', async () => {
    const store = make()
    const bytes = randomBytes(300)
    const first = await store.put(bytes, 'image/png')
    const firstAt = (await keysOf(store)).get(first.key)!
    // S3 keeps LastModified in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await store.put(bytes, 'image/png')
    expect((await keysOf(store)).get(first.key)!.getTime()).toBeGreaterThan(firstAt.getTime())
  })

  it('keeps its objects across a close and a re-open', async () => {
    const first = make()
    const bytes = randomBytes(4096)
    const ref = await first.put(bytes, 'image/jpeg')
    await first.close()
    const again = make()
    expect(Buffer.from((await again.get(ref.key))!.bytes).equals(bytes)).toBe(true)
    expect((await keysOf(again)).has(ref.key)).toBe(true)
  })

  it('refuses a content type it could not send back, without retrying', async () => {
    const store = make()
    for (const bad of ['', 'jpeg', 'image/jpeg\nX-Injected: 1', `image/${'x'.repeat(300)}`]) {
      const err = await store.put(randomBytes(10), bad).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(AdapterError)
      expect((err as AdapterError).retryable).toBe(false)
    }
  })

  it('is healthy while reachable, and refuses every call once closed', async () => {
    const store = make()
    await store.health()
    await store.close()
    await expect(store.put(randomBytes(10), 'image/png')).rejects.toBeInstanceOf(AdapterClosedError)
    await expect(store.get(sha256(randomBytes(1)))).rejects.toBeInstanceOf(AdapterClosedError)
  })
})

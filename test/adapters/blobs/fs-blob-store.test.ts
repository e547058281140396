import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { FsBlobStore } from '../../../src/adapters/blobs/fs-blob-store.js'
import { blobStorePath } from '../../../src/adapters/blobs/index.js'

const dirs: string[] = []
const stores: FsBlobStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()))
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function open(): Promise<{ store: FsBlobStore; logged: string[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fs-blobs-'))
  dirs.push(dataDir)
  const logged: string[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(line) })
  const store = new FsBlobStore(blobStorePath(dataDir), logger)
  stores.push(store)
  return { store, logged }
}

const listKeys = async (store: FsBlobStore) => {
  const keys: string[] = []
  for await (const { key } of store.list()) keys.push(key)
  return keys
}

describe('FsBlobStore (the embedded blob store)', () => {
  it('writes ab/cd/<key> under DATA_DIR/blobs: the content type on the first line, then the bytes', async () => {
    const { store } = await open()
    const bytes = randomBytes(2000)
    const { key } = await store.put(bytes, 'image/png')
    const path = store.pathOf(key)
    expect(path.endsWith(join('blobs', key.slice(0, 2), key.slice(2, 4), key))).toBe(true)
    const file = await readFile(path)
    expect(file.subarray(0, 10).toString()).toBe('image/png\n')
    expect(createHash('sha256').update(file.subarray(10)).digest('hex')).toBe(key)
    expect(await readdir(dirname(path))).toEqual([key])
  })

  it('never shows a partial write: a crashed writer’s temporary file is invisible, and removed when stale', async () => {
    const { store } = await open()
    const bytes = randomBytes(10_000)
    const key = createHash('sha256').update(bytes).digest('hex')
    const dir = dirname(store.pathOf(key))
    await mkdir(dir, { recursive: true })
    // What a process killed between write and rename leaves behind.
    const temp = join(dir, `.${key}.a1b2c3d4e5f6.tmp`)
    await writeFile(temp, Buffer.concat([Buffer.from('image/png\n'), bytes.subarray(0, 4000)]))
    expect(await store.has(key)).toBe(false)
    expect(await store.get(key)).toBeNull()
    expect(await listKeys(store)).toEqual([])
    expect(await readdir(dir)).toHaveLength(1)
    const old = new Date(Date.now() - 2 * 3600_000)
    await utimes(temp, old, old)
    expect(await listKeys(store)).toEqual([])
    expect(await readdir(dir)).toEqual([])
    await store.put(bytes, 'image/png')
    expect(Buffer.from((await store.get(key))!.bytes).equals(bytes)).toBe(true)
  })

  it('lets a reader racing a write see nothing or everything, never a part', async () => {
    const { store } = await open()
    const bytes = randomBytes(8 * 1024 * 1024)
    const key = createHash('sha256').update(bytes).digest('hex')
    let done = false
    const writing = store.put(bytes, 'application/pdf').finally(() => {
      done = true
    })
    const seen = new Set<string>()
    while (!done) {
      const got = await store.get(key)
      seen.add(got === null ? 'none' : got.bytes.length === bytes.length ? 'whole' : 'part')
    }
    await writing
    expect(seen.has('part')).toBe(false)
    expect((await store.get(key))?.bytes.length).toBe(bytes.length)
  })

  it('does not serve a damaged file (logged), and a put of the same bytes repairs it', async () => {
    const { store, logged } = await open()
    const bytes = randomBytes(3000)
    const { key } = await store.put(bytes, 'image/jpeg')
    const file = await readFile(store.pathOf(key))
    file[file.length - 1] = file[file.length - 1]! ^ 0xff
    await writeFile(store.pathOf(key), file)
    expect(await store.get(key)).toBeNull()
    expect(logged.some((line) => line.includes('fails its hash check'))).toBe(true)
    await store.put(bytes, 'image/jpeg')
    expect(Buffer.from((await store.get(key))!.bytes).equals(bytes)).toBe(true)
  })

  it('renews the file’s mtime when the same bytes are put again', async () => {
    const { store } = await open()
    const bytes = randomBytes(100)
    const { key } = await store.put(bytes, 'image/png')
    const old = new Date(Date.now() - 86_400_000)
    await utimes(store.pathOf(key), old, old)
    await store.put(bytes, 'image/png')
    expect((await stat(store.pathOf(key))).mtimeMs).toBeGreaterThan(Date.now() - 60_000)
  })

  it('fails its health check, retryably, when the folder cannot be written', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fs-blobs-'))
    dirs.push(dataDir)
    await writeFile(join(dataDir, 'blobs'), 'a file where the folder should be')
    const store = new FsBlobStore(blobStorePath(dataDir), pino({ level: 'silent' }))
    stores.push(store)
    const err = await store.health().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AdapterError)
    expect((err as AdapterError).retryable).toBe(true)
    await expect(store.put(randomBytes(10), 'image/png')).rejects.toBeInstanceOf(AdapterError)
  })
})

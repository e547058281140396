import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { TEMP_SUFFIX, writeAtomic } from '../../lib/atomic-file.js'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import { blobKey, checkContentType, isBlobKey } from './blob-key.js'
import type { BlobRef, BlobStore, StoredBlob } from './port.js'

/** A crashed writer's temporary file older than this is removed when `list()` passes it. */
const STALE_TEMP_MS = 3600_000
const FAN_OUT = /^[0-9a-f]{2}$/

/**
 * The embedded blob store: one file per object under `root`, at `ab/cd/<key>` (the key's first
 * two byte pairs fan the files out over 65,536 folders). A file is the content type on its first
 * line, then the bytes (`tail -n +2 FILE | sha256sum` prints the key). Writes are atomic and
 * durable (`writeAtomic`: temporary file, fsync, rename, folder fsync): a file under its key is
 * always complete, and reads check the bytes against the key, so a damaged file is logged and
 * reported missing, never served.
 */
export class FsBlobStore implements BlobStore {
  private readonly writes = new Map<string, Promise<BlobRef>>()
  private closed = false

  constructor(
    readonly root: string,
    private readonly logger: Logger,
  ) {}

  /** Where the object of `key` lives on disk (for operators and tests). */
  pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key)
  }

  async put(bytes: Uint8Array, contentType: string): Promise<BlobRef> {
    this.assertOpen()
    checkContentType(contentType)
    const key = blobKey(bytes)
    const inFlight = this.writes.get(key)
    if (inFlight !== undefined) return inFlight
    const write = this.write(key, bytes, contentType).finally(() => this.writes.delete(key))
    this.writes.set(key, write)
    return write
  }

  async get(key: string): Promise<StoredBlob | null> {
    this.assertOpen()
    if (!isBlobKey(key)) return null
    let file: Buffer
    try {
      file = await readFile(this.pathOf(key))
    } catch (err) {
      if (isMissing(err)) return null
      throw new AdapterError(`reading blob ${key} failed`, true, { cause: err })
    }
    const newline = file.indexOf(0x0a)
    const bytes = new Uint8Array(file.buffer, file.byteOffset + newline + 1, file.length - newline - 1)
    if (newline < 0 || blobKey(bytes) !== key) {
      this.logger.error({ key, path: this.pathOf(key) }, 'blob file fails its hash check; not served')
      return null
    }
    return { bytes, contentType: file.subarray(0, newline).toString('latin1') }
  }

  async has(key: string): Promise<boolean> {
    this.assertOpen()
    if (!isBlobKey(key)) return false
    try {
      return (await stat(this.pathOf(key))).isFile()
    } catch (err) {
      if (isMissing(err)) return false
      throw new AdapterError(`looking up blob ${key} failed`, true, { cause: err })
    }
  }

  async delete(key: string): Promise<void> {
    this.assertOpen()
    if (!isBlobKey(key)) return
    // Folders stay: removing an empty one could race a put that has just made it.
    await rm(this.pathOf(key), { force: true })
  }

  /** Every object with its file's mtime; also removes temporary files that crashed writers left. */
  async *list(): AsyncIterable<{ key: string; lastModified: Date }> {
    this.assertOpen()
    for (const a of await this.subfolders(this.root)) {
      for (const b of await this.subfolders(join(this.root, a))) {
        const dir = join(this.root, a, b)
        for (const name of await namesIn(dir)) {
          const info = await stat(join(dir, name)).catch(() => null)
          if (info === null) continue
          if (isBlobKey(name) && name.startsWith(a + b)) yield { key: name, lastModified: info.mtime }
          else if (name.endsWith(TEMP_SUFFIX) && Date.now() - info.mtimeMs > STALE_TEMP_MS) {
            await rm(join(dir, name), { force: true })
          }
        }
      }
    }
  }

  async health(): Promise<void> {
    this.assertOpen()
    const probe = join(this.root, `.health-${randomBytes(6).toString('hex')}`)
    try {
      await mkdir(this.root, { recursive: true })
      await writeFile(probe, 'ok')
      await rm(probe, { force: true })
    } catch (err) {
      throw new AdapterError(`blob store ${this.root} is not writable: ${(err as Error).message}`, true)
    }
  }

  /** Waits for the writes in flight; afterwards every call throws. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.allSettled([...this.writes.values()])
  }

  private async write(key: string, bytes: Uint8Array, contentType: string): Promise<BlobRef> {
    const ref = { key, byteSize: bytes.length, contentType }
    const path = this.pathOf(key)
    const header = Buffer.from(`${contentType}\n`, 'latin1')
    try {
      const existing = await stat(path).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)))
      if (existing?.size === header.length + bytes.length && (await this.get(key)) !== null) {
        // Already stored intact: only its age is renewed, so the orphan sweep's grace period restarts.
        const now = new Date()
        await utimes(path, now, now)
        return ref
      }
      await writeAtomic(path, [header, bytes])
      return ref
    } catch (err) {
      throw new AdapterError(`writing blob ${key} failed`, true, { cause: err })
    }
  }

  private async subfolders(dir: string): Promise<string[]> {
    return (await namesIn(dir)).filter((name) => FAN_OUT.test(name)).sort()
  }

  private assertOpen(): void {
    if (this.closed) throw new AdapterClosedError('the blob store')
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (err) {
    if (isMissing(err)) return []
    throw new AdapterError(`listing ${dir} failed`, true, { cause: err })
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

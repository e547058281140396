import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { FsBlockstore } from 'blockstore-fs'
import { NextToLast } from 'blockstore-fs/sharding'
import { equals } from 'multiformats/bytes'
import type { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import type { Logger } from 'pino'
import { syncDir, TEMP_SUFFIX } from '../../lib/atomic-file.js'
import { AdapterError } from '../adapter-error.js'

/** A block file larger than this cannot be one we wrote: it is treated as corrupt. */
const MAX_BLOCK_BYTES = 2 * 1024 * 1024
/** How many sizes of blocks written by this process are remembered (two mint batches' worth). */
const KNOWN_SIZES = 2_000
/** How long one `sync --file-system` may take before the store fsyncs file by file instead. */
const SYNCFS_TIMEOUT_MS = 60_000
const execFileAsync = promisify(execFile)

/**
 * Makes everything written to the filesystem holding `path` durable: `syncfs(2)` through
 * coreutils' `sync --file-system` (Node has no binding for it). One call, whatever the number of
 * files written since the last one. Throws where that program is missing or fails.
 */
export async function syncFileSystem(path: string): Promise<void> {
  await execFileAsync('sync', ['--file-system', path], { timeout: SYNCFS_TIMEOUT_MS })
}

export interface BlockStoreOptions {
  /** Makes the filesystem under a path durable (tests count the calls); default `syncFileSystem`. */
  syncFs?: (path: string) => Promise<void>
}

/**
 * The embedded content-addressed block store: one file per block under `root`, in
 * blockstore-fs's layout (`<root>/<2 chars>/<base32 multihash>.data`, keyed by
 * multihash, so a raw and a dag-pb CID of the same bytes share one file).
 *
 * Reads go through `FsBlockstore` and are hash-checked: a block whose bytes no
 * longer match its CID is logged and reported missing, never served. Writes are our
 * own: blockstore-fs writes through a fixed temporary file name, so two writers of one
 * block can race; ours is a unique temporary file renamed into place.
 *
 * Durability is per batch, not per block: `put` leaves the block in the page cache and
 * `flush()` (which `pin` calls before a batch is recorded) makes every block written since
 * durable with one `syncfs` of the store's filesystem — O(1) fsyncs per batch of a thousand
 * certificates instead of two per file. Until then a power cut may leave a written block
 * empty or torn: the hash check reports it missing, and the batch, never recorded, is
 * prepared again and the block rewritten. Where `syncfs` is unavailable, `flush()` fsyncs
 * the files written since the last flush, then their folders.
 */
export class BlockStore {
  readonly root: string
  private readonly sharding = new NextToLast()
  private readonly blocks: FsBlockstore
  private readonly writes = new Map<string, Promise<void>>()
  /** Sizes of blocks this process wrote lately, by CID: a directory over them need not read them back. */
  private readonly sizes = new Map<string, number>()
  /** Block files put since the last flush (written now, or found already there), to sync. */
  private unsynced = new Set<string>()
  private flushing: Promise<void> | null = null
  /** Shard folders known to exist (at most 1,024 with blockstore-fs's next-to-last sharding). */
  private readonly folders = new Set<string>()
  private readonly syncFs: (path: string) => Promise<void>
  private opening: Promise<void> | null = null
  private closed = false

  constructor(
    root: string,
    private readonly logger: Logger,
    options: BlockStoreOptions = {},
  ) {
    this.syncFs = options.syncFs ?? syncFileSystem
    this.blocks = new FsBlockstore(root, { shardingStrategy: this.sharding })
    this.root = this.blocks.path
  }

  /** Where the block of `cid` lives on disk (for operators and tests). */
  pathOf(cid: CID): string {
    const { dir, file } = this.sharding.encode(cid)
    return join(this.root, dir, file)
  }

  /**
   * Stores `bytes` under `cid` (sha2-256 only; the bytes must hash to it). Idempotent:
   * a copy already on disk, intact or corrupt, is replaced by the same bytes (a temporary file
   * renamed into place). Durable after the next `flush()`.
   */
  async put(cid: CID, bytes: Uint8Array): Promise<void> {
    this.assertOpen()
    if (!(await matches(cid, bytes))) {
      throw new AdapterError(`bytes do not hash to ${cid}`, false)
    }
    const path = this.pathOf(cid)
    const inFlight = this.writes.get(path)
    if (inFlight !== undefined) return inFlight
    const write = this.write(cid, path, bytes)
      .then(() => {
        if (this.sizes.size >= KNOWN_SIZES) this.sizes.delete(this.sizes.keys().next().value as string)
        this.sizes.set(cid.toString(), bytes.byteLength)
      })
      .finally(() => this.writes.delete(path))
    this.writes.set(path, write)
    return write
  }

  /**
   * Makes every block put before this call durable: one `syncfs` of the store's filesystem
   * (or, where that fails, an fsync per file written since the last flush and of their
   * folders). Calls while a flush runs wait for it and then flush what came after it.
   */
  async flush(): Promise<void> {
    this.assertOpen()
    while (this.flushing) await this.flushing.catch(() => undefined)
    if (this.unsynced.size === 0) return
    const paths = this.unsynced
    this.unsynced = new Set()
    this.flushing = this.syncAll(paths)
      .catch((err: unknown) => {
        for (const path of paths) this.unsynced.add(path)
        throw new AdapterError('making the block store durable failed', true, { cause: err })
      })
      .finally(() => {
        this.flushing = null
      })
    return this.flushing
  }

  /** The size of a block this process wrote lately, or undefined. */
  knownSize(cid: CID): number | undefined {
    return this.sizes.get(cid.toString())
  }

  /** The verified bytes of `cid`, or null when absent or corrupt (corruption is logged). */
  async get(cid: CID): Promise<Uint8Array | null> {
    this.assertOpen()
    return this.read(cid)
  }

  /** null when a probe file can be written and deleted in the store folder, else why not. */
  async probe(): Promise<string | null> {
    try {
      this.assertOpen()
      await this.ready()
      const probe = join(this.root, `.health-${randomBytes(6).toString('hex')}`)
      await writeFile(probe, 'ok')
      await unlink(probe)
      return null
    } catch (err) {
      return `block store ${this.root} is not writable: ${err instanceof Error ? err.message : String(err)}`
    }
  }

  /** Waits for the writes in flight and makes them durable; afterwards every call throws. */
  async close(): Promise<void> {
    if (this.closed) return
    await Promise.allSettled([...this.writes.values()])
    await this.flush().catch((err: unknown) =>
      this.logger.error({ err: String(err) }, 'the block store could not be made durable at close'),
    )
    this.closed = true
    await this.blocks.close()
  }

  private async read(cid: CID): Promise<Uint8Array | null> {
    if (cid.multihash.code !== sha256.code) return null
    await this.ready()
    const chunks: Uint8Array[] = []
    let size = 0
    try {
      for await (const chunk of this.blocks.get(cid)) {
        size += chunk.byteLength
        if (size > MAX_BLOCK_BYTES) break
        chunks.push(chunk)
      }
    } catch (err) {
      if (isNotFound(err)) return null
      throw new AdapterError(`reading block ${cid} failed`, true, { cause: err })
    }
    const joined = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
    const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength)
    if (size > MAX_BLOCK_BYTES || !(await matches(cid, bytes))) {
      this.logger.error(
        { cid: cid.toString(), path: this.pathOf(cid) },
        'ipfs block fails its hash check; not served',
      )
      return null
    }
    return bytes
  }

  private async write(cid: CID, path: string, bytes: Uint8Array): Promise<void> {
    await this.ready()
    // Written whatever is there: a new block (the common case) costs no failed read first, and
    // a copy already on disk is replaced by the same bytes (repairing a torn one; one a crashed
    // run left only in the page cache is made durable by the next flush, as every write is).
    const folder = dirname(path)
    const tmp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`)
    try {
      if (!this.folders.has(folder)) {
        await mkdir(folder, { recursive: true })
        this.folders.add(folder)
      }
      try {
        await writeFile(tmp, bytes, { flag: 'wx', mode: 0o644 })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
        // The shard folder went away under us (an operator's clean-up): made again, once.
        this.folders.delete(folder)
        await mkdir(folder, { recursive: true })
        this.folders.add(folder)
        await writeFile(tmp, bytes, { flag: 'wx', mode: 0o644 })
      }
      await rename(tmp, path)
    } catch (err) {
      await rm(tmp, { force: true })
      throw new AdapterError(`writing block ${cid} failed`, true, { cause: err })
    }
    this.unsynced.add(path)
  }

  private async syncAll(paths: ReadonlySet<string>): Promise<void> {
    try {
      await this.syncFs(this.root)
      return
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'syncfs of the block store failed: fsyncing block by block')
    }
    const dirs = new Set<string>()
    for (const path of paths) {
      const handle = await open(path, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
      dirs.add(dirname(path))
    }
    for (const dir of dirs) await syncDir(dir)
    await syncDir(this.root)
  }

  private ready(): Promise<void> {
    if (!this.opening) {
      this.opening = this.blocks.open().catch((err: unknown) => {
        this.opening = null
        throw new AdapterError(`cannot open the block store at ${this.root}`, true, { cause: err })
      })
    }
    return this.opening
  }

  private assertOpen(): void {
    if (this.closed) throw new AdapterError('the block store is closed', false)
  }
}

async function matches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  if (cid.multihash.code !== sha256.code) return false
  const digest = await sha256.digest(bytes)
  return equals(digest.digest, cid.multihash.digest)
}

/** blockstore-fs wraps every read error in NotFoundError: only ENOENT really is one. */
function isNotFound(err: unknown): boolean {
  return err instanceof Error && err.name === 'NotFoundError' && /ENOENT|ENOTDIR/.test(err.message)
}

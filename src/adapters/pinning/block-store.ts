import { randomBytes } from 'node:crypto'
import { unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FsBlockstore } from 'blockstore-fs'
import { NextToLast } from 'blockstore-fs/sharding'
import { equals } from 'multiformats/bytes'
import type { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import type { Logger } from 'pino'
import { writeAtomic } from '../../lib/atomic-file.js'
import { AdapterError } from '../adapter-error.js'

/** A block file larger than this cannot be one we wrote: it is treated as corrupt. */
const MAX_BLOCK_BYTES = 2 * 1024 * 1024
/** How many sizes of blocks written by this process are remembered (two mint batches' worth). */
const KNOWN_SIZES = 2_000

/**
 * The embedded content-addressed block store: one file per block under `root`, in
 * blockstore-fs's layout (`<root>/<2 chars>/<base32 multihash>.data`, keyed by
 * multihash, so a raw and a dag-pb CID of the same bytes share one file).
 *
 * Reads go through `FsBlockstore` and are hash-checked: a block whose bytes no
 * longer match its CID is logged and reported missing, never served. Writes are our
 * own (`writeAtomic`): blockstore-fs writes through a fixed temporary file name and
 * never fsyncs, so two writers of one block can race and a power cut can leave an
 * empty block; ours is a unique temporary file, fsynced, renamed, directory fsynced.
 */
export class BlockStore {
  readonly root: string
  private readonly sharding = new NextToLast()
  private readonly blocks: FsBlockstore
  private readonly writes = new Map<string, Promise<void>>()
  /** Sizes of blocks this process wrote (fsynced) lately, by CID: a directory over them need not read them back. */
  private readonly sizes = new Map<string, number>()
  private opening: Promise<void> | null = null
  private closed = false

  constructor(
    root: string,
    private readonly logger: Logger,
  ) {
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
   * an intact copy already on disk is kept; a corrupt one is replaced.
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

  /** The size of a block this process wrote lately (on disk, fsynced), or undefined. */
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

  /** Waits for the writes in flight; afterwards every call throws. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.allSettled([...this.writes.values()])
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
    if (await this.read(cid)) return
    try {
      await writeAtomic(path, bytes)
    } catch (err) {
      throw new AdapterError(`writing block ${cid} failed`, true, { cause: err })
    }
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

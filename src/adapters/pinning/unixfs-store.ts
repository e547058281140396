import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { base36 } from 'multiformats/bases/base36'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { mapLimited } from '../../lib/async.js'
import { AdapterError } from '../adapter-error.js'
import type { BlockStore } from './block-store.js'
import {
  type DirectoryEntry,
  type DirectoryEntryInput,
  MAX_FILE_BYTES,
  MAX_PATH_DEPTH,
  MAX_PATH_LENGTH,
} from './port.js'

/**
 * kubo (boxo) turns a directory into a HAMT-sharded one once the sum of its link
 * names and CID lengths reaches 256 KiB. We never shard, so we refuse beyond that
 * instead of producing a CID that `ipfs add -r` would not: about 5,000 entries.
 */
const KUBO_SHARDING_THRESHOLD = 256 * 1024
/** Most blocks `assertComplete` walks for one pin. */
const MAX_DAG_BLOCKS = 100_000
/** Blocks `assertComplete` reads at once (libuv's pool has four threads by default). */
const READ_CONCURRENCY = 8

type Resolved =
  | { kind: 'file'; cid: CID; bytes: Uint8Array }
  | { kind: 'directory'; cid: CID; entries: DirectoryEntry[] }

const utf8 = new TextEncoder()

/**
 * Files (single raw blocks) and UnixFS directories over a `BlockStore`: what both
 * pinning adapters share. Stateless beyond the store.
 */
export class UnixFsStore {
  constructor(readonly blocks: BlockStore) {}

  async addFile(bytes: Uint8Array): Promise<string> {
    if (!(bytes instanceof Uint8Array)) throw new AdapterError('a file must be a Uint8Array', false)
    if (bytes.byteLength > MAX_FILE_BYTES) {
      throw new AdapterError(`a file is at most ${MAX_FILE_BYTES} bytes, got ${bytes.byteLength}`, false)
    }
    const cid = CID.create(1, raw.code, await sha256.digest(bytes))
    await this.blocks.put(cid, bytes)
    return cid.toString()
  }

  async addDirectory(
    entries: readonly DirectoryEntryInput[],
  ): Promise<{ cid: string; digest: `0x${string}` }> {
    if (!Array.isArray(entries)) throw new AdapterError('directory entries must be an array', false)
    const names = new Set<string>()
    const sizes = new Map<string, number>()
    const links: dagPb.PBLink[] = []
    let estimatedSize = 0
    for (const entry of entries) {
      const name = checkName(entry?.name)
      if (names.has(name)) throw new AdapterError(`directory entry name "${name}" is used twice`, false)
      names.add(name)
      const cid = parseCid(entry.cid)
      const key = cid.toString()
      const size = sizes.get(key) ?? (await this.cumulativeSize(cid, name))
      sizes.set(key, size)
      links.push({ Name: name, Hash: cid, Tsize: size })
      estimatedSize += utf8.encode(name).byteLength + cid.bytes.byteLength
    }
    if (estimatedSize >= KUBO_SHARDING_THRESHOLD) {
      throw new AdapterError(`directory too large for one block (${entries.length} entries): split it`, false)
    }
    links.sort((a, b) => compareBytes(utf8.encode(a.Name ?? ''), utf8.encode(b.Name ?? '')))
    const block = dagPb.encode({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: links })
    const digest = await sha256.digest(block)
    const cid = CID.create(1, dagPb.code, digest)
    await this.blocks.put(cid, block)
    return { cid: cid.toString(), digest: `0x${Buffer.from(digest.digest).toString('hex')}` }
  }

  async cat(cidPath: string): Promise<{ bytes: Uint8Array; cid: string } | null> {
    const found = await this.resolve(cidPath)
    return found?.kind === 'file' ? { bytes: found.bytes, cid: found.cid.toString() } : null
  }

  async ls(cidPath: string): Promise<{ cid: string; entries: DirectoryEntry[] } | null> {
    const found = await this.resolve(cidPath)
    return found?.kind === 'directory' ? { cid: found.cid.toString(), entries: found.entries } : null
  }

  /**
   * Throws (not retryable) unless every block of the DAG under `root` is stored intact. Every
   * block is read back and hash-checked (a block torn or changed on disk since it was written is
   * caught here, before the batch is recorded), level by level, `READ_CONCURRENCY` at a time: a
   * batch's thousand certificates are read in parallel, not one after the other.
   */
  async assertComplete(root: string): Promise<CID> {
    const rootCid = parseCid(root)
    const seen = new Set<string>([rootCid.toString()])
    let level: CID[] = [rootCid]
    while (level.length > 0) {
      const next: CID[] = []
      await mapLimited(level, READ_CONCURRENCY, async (cid) => {
        const block = await this.blocks.get(cid)
        if (!block)
          throw new AdapterError(`block ${cid} of ${root} is missing or corrupt in the local store`, false)
        if (cid.code === dagPb.code) {
          const node = decodePb(block)
          if (!node) throw new AdapterError(`block ${cid} of ${root} is not valid dag-pb`, false)
          for (const link of node.Links) {
            const child = link.Hash.toV1()
            const key = child.toString()
            if (seen.has(key)) continue
            seen.add(key)
            if (seen.size > MAX_DAG_BLOCKS)
              throw new AdapterError(`${root} has more than ${MAX_DAG_BLOCKS} blocks`, false)
            next.push(child)
          }
        } else if (cid.code !== raw.code) {
          throw new AdapterError(
            `block ${cid} of ${root} has an unsupported codec 0x${cid.code.toString(16)}`,
            false,
          )
        }
      })
      level = next
    }
    return rootCid
  }

  private async resolve(cidPath: string): Promise<Resolved | null> {
    const { root, names } = parsePath(cidPath)
    const found = await walkPath(this.blocks, root, names)
    if (!found) return null
    const { cid, bytes: block } = found
    if (cid.code === raw.code) return { kind: 'file', cid, bytes: block }
    if (cid.code !== dagPb.code) return null
    const node = decodePb(block)
    if (!node) return null
    const type = unixfsType(node)
    if (type === 'directory') {
      const entries = node.Links.map((l) => ({
        name: l.Name ?? '',
        cid: l.Hash.toV1().toString(),
        size: l.Tsize ?? 0,
      }))
      return { kind: 'directory', cid, entries }
    }
    // A single-node UnixFS file. Multi-block files are never written by this store.
    if ((type === 'file' || type === 'raw') && node.Links.length === 0) {
      return {
        kind: 'file',
        cid,
        bytes: UnixFS.unmarshal(node.Data ?? new Uint8Array()).data ?? new Uint8Array(),
      }
    }
    return null
  }

  /** The dag-pb link Tsize kubo writes: the block's size plus its links' Tsizes. */
  private async cumulativeSize(cid: CID, name: string): Promise<number> {
    // A file just added (a mint batch's certificates): its size is known, no need to read it back.
    const known = cid.code === raw.code ? this.blocks.knownSize(cid) : undefined
    if (known !== undefined) return known
    const block = await this.blocks.get(cid)
    if (!block)
      throw new AdapterError(`directory entry "${name}": ${cid} is not in the store; add it first`, false)
    if (cid.code === raw.code) return block.byteLength
    const node = cid.code === dagPb.code ? decodePb(block) : null
    if (!node) throw new AdapterError(`directory entry "${name}": ${cid} is neither raw nor dag-pb`, false)
    return node.Links.reduce((sum, l) => sum + (l.Tsize ?? 0), block.byteLength)
  }
}

/**
 * Follows `names` from `root` through UnixFS directories; the terminal element's CID and block,
 * or null when a block is missing or a name does not resolve. `visit` sees each block passed.
 */
export async function walkPath(
  blocks: BlockStore,
  root: CID,
  names: readonly string[],
  visit: (cid: CID, bytes: Uint8Array) => void = () => undefined,
): Promise<{ cid: CID; bytes: Uint8Array } | null> {
  let cid = root
  let bytes = await blocks.get(cid)
  for (const name of names) {
    if (!bytes) return null
    visit(cid, bytes)
    const node = cid.code === dagPb.code ? decodePb(bytes) : null
    if (!node || unixfsType(node) !== 'directory') return null
    const link = node.Links.find((l) => l.Name === name)
    if (!link) return null
    cid = link.Hash.toV1()
    bytes = await blocks.get(cid)
  }
  return bytes ? { cid, bytes } : null
}

/** Parses a CID string (base32, base58btc incl. CIDv0, base36) into its CIDv1 form. */
export function parseCid(value: unknown): CID {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256) {
    throw new AdapterError('a CID must be a non-empty string', false)
  }
  try {
    const cid = value.startsWith('k') ? CID.parse(value, base36) : CID.parse(value)
    return cid.toV1()
  } catch (err) {
    throw new AdapterError(`"${value.slice(0, 100)}" is not a valid CID`, false, { cause: err })
  }
}

/** Splits `cid/a/b`, `/ipfs/cid/a/b` or `ipfs://cid/a/b` into the root CID and the names under it. */
export function parsePath(cidPath: unknown): { root: CID; names: string[] } {
  if (typeof cidPath !== 'string') throw new AdapterError('a path must be a string', false)
  const stripped = cidPath.replace(/^ipfs:\/\//, '').replace(/^\/ipfs\//, '')
  const slash = stripped.indexOf('/')
  const first = slash === -1 ? stripped : stripped.slice(0, slash)
  const path = slash === -1 ? '' : stripped.slice(slash + 1)
  if (path.length > MAX_PATH_LENGTH) {
    throw new AdapterError(`a path under a CID is at most ${MAX_PATH_LENGTH} characters`, false)
  }
  const names = path.split('/').filter((n) => n !== '')
  if (names.length > MAX_PATH_DEPTH)
    throw new AdapterError(`a path is at most ${MAX_PATH_DEPTH} levels deep`, false)
  return { root: parseCid(first), names }
}

function checkName(name: unknown): string {
  if (typeof name !== 'string') throw new AdapterError('a directory entry name must be a string', false)
  const length = utf8.encode(name).byteLength
  if (
    length === 0 ||
    length > 255 ||
    name === '.' ||
    name === '..' ||
    name.includes('/') ||
    /[\p{Cc}\p{Cs}]/u.test(name)
  ) {
    throw new AdapterError(
      `"${name.slice(0, 100)}" is not a valid directory entry name (1-255 bytes, no "/" or control characters, not "." or "..")`,
      false,
    )
  }
  return name
}

export function decodePb(block: Uint8Array): dagPb.PBNode | null {
  try {
    return dagPb.decode(block)
  } catch {
    // Happens when a CID asks for dag-pb over the bytes of a raw block (same multihash).
    return null
  }
}

export function unixfsType(node: dagPb.PBNode): string | null {
  if (!node.Data) return null
  try {
    return UnixFS.unmarshal(node.Data).type
  } catch {
    return null
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!
  }
  return a.length - b.length
}

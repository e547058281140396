import type { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { AdapterError } from '../adapter-error.js'
import type { BlockStore } from './block-store.js'
import type { DagBlocks, DagScope } from './port.js'
import { decodePb, parsePath, unixfsType, walkPath } from './unixfs-store.js'

/** Most blocks one CAR answer carries (a certificate directory of 1,000 tokens is 1,001). */
export const MAX_CAR_BLOCKS = 20_000

/**
 * The blocks a trustless-gateway CAR answer carries for `cid[/path]`: every block walked from
 * the root to the terminal element, then the terminal element's blocks as `scope` says
 * (`block`: only it; `entity`: it and, for a file, its chunks; `all`: its whole DAG), in
 * depth-first order, each once. `null` when a block on the path is missing or the path does
 * not resolve. Every block comes from the store, which checks it against its CID.
 */
export async function dagBlocks(
  store: BlockStore,
  cidPath: string,
  scope: DagScope,
): Promise<DagBlocks | null> {
  const { root, names } = parsePath(cidPath)
  const out = new Map<string, { cid: CID; bytes: Uint8Array }>()
  const found = await walkPath(store, root, names, (cid, bytes) => out.set(cid.toString(), { cid, bytes }))
  if (!found) return null
  await walk(store, out, found.cid, found.bytes, scope)
  return {
    root: root.toString(),
    blocks: [...out.values()].map((b) => ({ cid: b.cid.toString(), bytes: b.bytes })),
  }
}

async function walk(
  store: BlockStore,
  out: Map<string, { cid: CID; bytes: Uint8Array }>,
  terminal: CID,
  terminalBytes: Uint8Array,
  scope: DagScope,
): Promise<void> {
  const stack: { cid: CID; bytes: Uint8Array | null }[] = [{ cid: terminal, bytes: terminalBytes }]
  while (stack.length > 0) {
    const next = stack.pop()!
    const key = next.cid.toString()
    if (out.has(key)) continue
    const bytes = next.bytes ?? (await store.get(next.cid))
    if (!bytes) throw new AdapterError(`block ${key} is missing or corrupt in the local store`, false)
    out.set(key, { cid: next.cid, bytes })
    if (out.size > MAX_CAR_BLOCKS)
      throw new AdapterError(`more than ${MAX_CAR_BLOCKS} blocks: ask for a narrower dag-scope`, false)
    if (scope === 'block' || next.cid.code === raw.code) continue
    const node = decodePb(bytes)
    if (!node) continue
    // `entity` of a directory is the directory block alone; of a file, the file's chunks too.
    if (scope === 'entity' && (next.cid !== terminal || unixfsType(node) === 'directory')) continue
    for (const link of [...node.Links].reverse()) stack.push({ cid: link.Hash.toV1(), bytes: null })
  }
}

/** One block by its CID, checked against it; null when the store does not hold it. */
export async function rawBlock(store: BlockStore, cidText: string): Promise<Uint8Array | null> {
  const { root, names } = parsePath(cidText)
  if (names.length > 0)
    throw new AdapterError('a raw block is asked for by its CID alone, without a path', false)
  return store.get(root)
}

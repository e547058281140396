import { join } from 'node:path'
import type { Logger } from 'pino'
import { BlockStore } from './block-store.js'
import { dagBlocks, rawBlock } from './dag-blocks.js'
import type { DagBlocks, DagScope, DirectoryEntry, DirectoryEntryInput, PinningPort } from './port.js'
import { UnixFsStore } from './unixfs-store.js'

/** Where blocks live under the data folder: `<dataDir>/ipfs/blocks`. */
export function blockStorePath(dataDir: string): string {
  return join(dataDir, 'ipfs', 'blocks')
}

/**
 * What every pinning adapter shares: the blocks are written to, and read from, the local
 * block store under the data folder (our gateway serves them). Subclasses say what pinning
 * means (nothing more locally; a remote pinning service in production).
 */
export abstract class LocalBlocksPinning implements PinningPort {
  protected readonly store: UnixFsStore

  constructor(dataDir: string, logger: Logger) {
    this.store = new UnixFsStore(new BlockStore(blockStorePath(dataDir), logger))
  }

  abstract pin(cid: string, name: string): Promise<void>
  abstract health(): Promise<{ ok: true } | { ok: false; reason: string }>

  addFile(bytes: Uint8Array): Promise<string> {
    return this.store.addFile(bytes)
  }

  addDirectory(entries: readonly DirectoryEntryInput[]): Promise<{ cid: string; digest: `0x${string}` }> {
    return this.store.addDirectory(entries)
  }

  cat(cidPath: string): Promise<{ bytes: Uint8Array; cid: string } | null> {
    return this.store.cat(cidPath)
  }

  ls(cidPath: string): Promise<{ cid: string; entries: DirectoryEntry[] } | null> {
    return this.store.ls(cidPath)
  }

  block(cid: string): Promise<Uint8Array | null> {
    return rawBlock(this.store.blocks, cid)
  }

  dagBlocks(cidPath: string, scope: DagScope): Promise<DagBlocks | null> {
    return dagBlocks(this.store.blocks, cidPath, scope)
  }

  close(): Promise<void> {
    return this.store.blocks.close()
  }
}

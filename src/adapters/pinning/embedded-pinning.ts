import { join } from 'node:path'
import type { Logger } from 'pino'
import { BlockStore } from './block-store.js'
import type { DirectoryEntry, DirectoryEntryInput, PinningPort } from './port.js'
import { UnixFsStore } from './unixfs-store.js'

/** Where blocks live under the data folder: `<dataDir>/ipfs/blocks`. */
export function blockStorePath(dataDir: string): string {
  return join(dataDir, 'ipfs', 'blocks')
}

/**
 * The embedded default: blocks on local disk, served by our own gateway
 * (`GET /ipfs/{cid}`). Every write is fsynced before it returns, so `pin` only has
 * to check that the whole DAG is there and intact.
 */
export class EmbeddedPinning implements PinningPort {
  private readonly store: UnixFsStore

  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.store = new UnixFsStore(new BlockStore(blockStorePath(dataDir), logger))
  }

  addFile(bytes: Uint8Array): Promise<string> {
    return this.store.addFile(bytes)
  }

  addDirectory(entries: readonly DirectoryEntryInput[]): Promise<{ cid: string; digest: `0x${string}` }> {
    return this.store.addDirectory(entries)
  }

  async pin(cid: string, name: string): Promise<void> {
    await this.store.assertComplete(cid)
    this.logger.debug({ cid, name }, 'ipfs content pinned locally')
  }

  cat(cidPath: string): Promise<{ bytes: Uint8Array; cid: string } | null> {
    return this.store.cat(cidPath)
  }

  ls(cidPath: string): Promise<{ cid: string; entries: DirectoryEntry[] } | null> {
    return this.store.ls(cidPath)
  }

  async health(): Promise<{ ok: true } | { ok: false; reason: string }> {
    const problem = await this.store.blocks.probe()
    return problem === null ? { ok: true } : { ok: false, reason: problem }
  }

  close(): Promise<void> {
    return this.store.blocks.close()
  }
}

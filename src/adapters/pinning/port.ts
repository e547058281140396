/**
 * Content-addressed storage and pinning of certificate metadata on IPFS.
 *
 * Every method throws `AdapterError` (src/adapters/adapter-error.ts) on failure:
 * `retryable: true` for what time can fix (network errors, time-outs, HTTP 5xx/429,
 * a pin still queued when the wait ends), `retryable: false` for bad input
 * (malformed CID, file over `MAX_FILE_BYTES`, unknown directory entry), a rejected
 * token, other 4xx answers and a pin the service reports `failed`.
 *
 * CIDs are strings in their canonical form: CIDv1, base32 (`bafk…` for raw files,
 * `bafy…` for directories). Inputs are also accepted as CIDv0 (`Qm…`) or base36/58.
 */
export interface PinningPort {
  /**
   * Stores `bytes` as one raw block (no chunking) and returns its CIDv1 (codec raw
   * 0x55, sha2-256). Idempotent: the same bytes give the same CID and are stored once.
   * Over `MAX_FILE_BYTES`: AdapterError, not retryable.
   */
  addFile(bytes: Uint8Array): Promise<string>

  /**
   * Builds and stores a UnixFS directory (dag-pb 0x70, CIDv1, sha2-256) over files
   * or directories already added, entries sorted by name as UnixFS requires. Names:
   * 1 to 255 bytes, no `/`, not `.` or `..`, unique. Returns the directory CID and
   * its 32-byte sha2-256 digest as 0x-hex (what the contract rebuilds the CID from).
   * The same entries always give the same CID, equal to what `ipfs add -r
   * --cid-version=1` (kubo) computes for a folder of those files when each file is at
   * most 256 KiB (kubo's chunk size; above it kubo chunks, we keep one block).
   */
  addDirectory(entries: readonly DirectoryEntryInput[]): Promise<{ cid: string; digest: `0x${string}` }>

  /**
   * Makes the DAG under `cid` durable. Every block of the DAG must be in the local
   * store (AdapterError, not retryable, if one is missing or corrupt). Embedded: the
   * blocks written since the last pin are made durable at once (one syncfs). Production: a pin request
   * to the IPFS Pinning Service API (an existing `queued`/`pinning`/`pinned` request
   * for the same CID is reused, never duplicated), then waits for `pinned`: `failed`
   * throws not retryable; still `queued`/`pinning` at the end of the wait throws
   * retryable (calling again resumes the same request). `name` labels the pin.
   */
  pin(cid: string, name: string): Promise<void>

  /**
   * The bytes of the file at `cid` or `cid/name[/name…]` (through UnixFS
   * directories), with the file's own CID. `null` when nothing is stored there, when
   * it is a directory (see `ls`), or when the stored block fails its hash check (a
   * corrupt block is never served; it is logged). A malformed CID or path:
   * AdapterError, not retryable.
   */
  cat(cidPath: string): Promise<{ bytes: Uint8Array; cid: string } | null>

  /**
   * The entries of the UnixFS directory at `cid` or `cid/path`, in name order; `null`
   * when nothing is stored there or it is not a directory.
   */
  ls(cidPath: string): Promise<{ cid: string; entries: DirectoryEntry[] } | null>

  /**
   * One stored block by its CID (no path), hash-checked; `null` when the local store does not
   * hold it. What an IPFS trustless gateway serves as `application/vnd.ipld.raw`.
   */
  block(cid: string): Promise<Uint8Array | null>

  /**
   * The blocks of a trustless-gateway CAR answer for `cid[/path]`: the path's blocks, then the
   * terminal element's as `scope` says (`block`, `entity`, `all`). `null` when it does not resolve.
   */
  dagBlocks(cidPath: string, scope: DagScope): Promise<DagBlocks | null>

  /** Embedded: the store folder is writable. Production: that, and the service accepts the token. */
  health(): Promise<{ ok: true } | { ok: false; reason: string }>

  /** Waits for writes in flight, aborts waits for pins; later calls throw (not retryable). */
  close(): Promise<void>
}

export type DagScope = 'block' | 'entity' | 'all'

export interface DagBlocks {
  /** The CID the request named (the CAR's root). */
  root: string
  /** Depth-first, each once. */
  blocks: { cid: string; bytes: Uint8Array }[]
}

export interface DirectoryEntryInput {
  name: string
  cid: string
}

export interface DirectoryEntry {
  name: string
  cid: string
  /** Cumulative size of the entry's DAG in bytes (the dag-pb link's Tsize). */
  size: number
}

/** Largest file `addFile` accepts: one block, well under the 2 MiB bitswap limit. */
export const MAX_FILE_BYTES = 1024 * 1024

/** Longest path under the CID (`a/b` in `cid/a/b`) that `cat` and `ls` accept, and most names in it. */
export const MAX_PATH_LENGTH = 1024
export const MAX_PATH_DEPTH = 32

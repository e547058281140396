/**
 * The blob store: content-addressed objects (receipt images and thumbnails). `key` is the
 * SHA-256 of the bytes in lower-case hex, so a put is idempotent and an object never changes.
 * Embedded default: files under `DATA_DIR/blobs`; production: an S3-compatible object store.
 */
export interface BlobStore {
  /**
   * Stores the bytes (atomically: a reader never sees a partial object) and returns their key.
   * Putting bytes already stored renews the object's `lastModified`, so that the orphan sweep's
   * grace period starts again for a save that re-uses them.
   */
  put(bytes: Uint8Array, contentType: string): Promise<BlobRef>
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<StoredBlob | null>
  has(key: string): Promise<boolean>
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every key with its age (`lastModified`: the last put), for the orphan sweep (paged internally). */
  list(): AsyncIterable<{ key: string; lastModified: Date }>
  /** Throws when the store cannot be reached (readiness). */
  health(): Promise<void>
  close(): Promise<void>
}

export interface BlobRef {
  key: string
  byteSize: number
  contentType: string
}

export interface StoredBlob {
  bytes: Uint8Array
  contentType: string
}

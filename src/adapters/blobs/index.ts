import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { FsBlobStore } from './fs-blob-store.js'
import type { BlobStore } from './port.js'
import { S3BlobStore } from './s3-blob-store.js'

export type { BlobRef, BlobStore, StoredBlob } from './port.js'

/** Where the embedded store keeps its files: `<dataDir>/blobs`. */
export function blobStorePath(dataDir: string): string {
  return join(dataDir, 'blobs')
}

/**
 * The one place that chooses the blob store: an S3-compatible bucket when `S3_BUCKET` is set,
 * else content-addressed files under `DATA_DIR/blobs` (docs/blob-store.md).
 */
export function createBlobStore(deps: {
  config: Pick<Config, 'dataDir' | 'blobs'>
  logger: Logger
}): BlobStore {
  const logger = deps.logger.child({ component: 'blobs' })
  const { s3 } = deps.config.blobs
  if (s3 !== null) return new S3BlobStore(s3, logger)
  return new FsBlobStore(blobStorePath(deps.config.dataDir), logger)
}

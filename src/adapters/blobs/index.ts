import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { FsBlobStore } from './fs-blob-store.js'
import type { BlobStore } from './port.js'
import type { S3Settings } from './s3-blob-store.js'

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
  if (s3 !== null) return deferredS3(s3, logger)
  return new FsBlobStore(blobStorePath(deps.config.dataDir), logger)
}

/**
 * The S3 store, its SDK loaded with the first call (the AWS client takes about 0.1 s of a start
 * to load): a service on the embedded store never loads it, an S3 one on its first request or
 * readiness check. Every call goes to the one S3BlobStore, closing included.
 */
function deferredS3(settings: S3Settings, logger: Logger): BlobStore {
  let store: Promise<BlobStore> | undefined
  const open = () => {
    store ??= import('./s3-blob-store.js').then((m) => new m.S3BlobStore(settings, logger))
    return store
  }
  return {
    put: async (bytes, contentType) => (await open()).put(bytes, contentType),
    get: async (key) => (await open()).get(key),
    has: async (key) => (await open()).has(key),
    delete: async (key) => (await open()).delete(key),
    async *list() {
      yield* (await open()).list()
    },
    health: async () => (await open()).health(),
    close: async () => (await open()).close(),
  }
}

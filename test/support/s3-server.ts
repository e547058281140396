import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../../src/adapters/blobs/s3-blob-store.js'

/** s3rver's fixed credentials: it checks request signatures against them. */
const ACCESS_KEY = 'S3RVER'

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** Settings for `S3BlobStore` (what S3_ENDPOINT, S3_BUCKET … would parse to). */
  settings: S3Settings
  /** The same as environment variables, for a service started as a process. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A local server that speaks the S3 protocol over HTTP (s3rver: objects as files in a temporary
 * folder, signatures checked), on an ephemeral loopback port, with one empty bucket.
 */
export async function startS3Server(bucket = 'receipts-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { Logger } from 'pino'
import type { BlobsConfig } from '../../config/receipts.js'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import { blobKey, checkContentType, isBlobKey } from './blob-key.js'
import type { BlobRef, BlobStore, StoredBlob } from './port.js'

export type S3Settings = NonNullable<BlobsConfig['s3']>

/** Objects live under this prefix, so the bucket can hold other things too. */
export const S3_PREFIX = 'blobs/'

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, R2, …) through the official
 * `@aws-sdk/client-s3`: one object per blob at `blobs/<key>`, its content type stored as the
 * object's `Content-Type`, its SHA-256 sent with the upload (`x-amz-checksum-sha256`) so that a
 * store that checks it refuses damaged bytes. Without credentials in the settings the SDK's own
 * chain is used (instance or pod role). Reads check the bytes against the key like the embedded
 * store does.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client
  private readonly bucket: string
  private closed = false

  constructor(
    settings: S3Settings,
    private readonly logger: Logger,
    /** Keys per list page (S3's own maximum and default: 1000; tests page by less). */
    private readonly pageSize = 1000,
  ) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
      ...(settings.endpoint !== null ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId !== null && settings.secretAccessKey !== null
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    })
  }

  /** Always uploads (no look-up first): a repeated put costs one request and renews `lastModified`. */
  async put(bytes: Uint8Array, contentType: string): Promise<BlobRef> {
    this.assertOpen()
    checkContentType(contentType)
    const key = blobKey(bytes)
    await this.call(`storing blob ${key}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: S3_PREFIX + key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          ChecksumSHA256: Buffer.from(key, 'hex').toString('base64'),
        }),
      ),
    )
    return { key, byteSize: bytes.length, contentType }
  }

  async get(key: string): Promise<StoredBlob | null> {
    this.assertOpen()
    if (!isBlobKey(key)) return null
    const found = await this.call(`reading blob ${key}`, async () => {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: S3_PREFIX + key }))
      const bytes = res.Body ? await res.Body.transformToByteArray() : new Uint8Array()
      return { bytes, contentType: res.ContentType ?? 'application/octet-stream' }
    })
    if (found === null) return null
    if (blobKey(found.bytes) !== key) {
      this.logger.error({ key, bucket: this.bucket }, 'blob object fails its hash check; not served')
      return null
    }
    return found
  }

  async has(key: string): Promise<boolean> {
    this.assertOpen()
    if (!isBlobKey(key)) return false
    const head = await this.call(`looking up blob ${key}`, () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: S3_PREFIX + key })),
    )
    return head !== null
  }

  async delete(key: string): Promise<void> {
    this.assertOpen()
    if (!isBlobKey(key)) return
    await this.call(`deleting blob ${key}`, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: S3_PREFIX + key })),
    )
  }

  /**
   * Pages with ListObjects (v1) and `Marker` = the last key seen: every S3-compatible store
   * answers it, while ListObjectsV2's continuation tokens fail on s3rver under Node 20 (it
   * ciphers them with DES, which OpenSSL 3 no longer offers).
   */
  async *list(): AsyncIterable<{ key: string; lastModified: Date }> {
    this.assertOpen()
    let marker: string | undefined
    for (;;) {
      const page = await this.call('listing blobs', () =>
        this.client.send(
          new ListObjectsCommand({
            Bucket: this.bucket,
            Prefix: S3_PREFIX,
            Marker: marker,
            MaxKeys: this.pageSize,
          }),
        ),
      )
      const objects = page?.Contents ?? []
      for (const object of objects) {
        const key = object.Key?.slice(S3_PREFIX.length) ?? ''
        if (isBlobKey(key)) yield { key, lastModified: object.LastModified ?? new Date(0) }
      }
      const last = objects.at(-1)?.Key
      if (!page?.IsTruncated || last === undefined) return
      marker = last
    }
  }

  async health(): Promise<void> {
    this.assertOpen()
    const bucket = await this.call('reaching the bucket', () =>
      this.client.send(new HeadBucketCommand({ Bucket: this.bucket })),
    )
    if (bucket === null) throw new AdapterError(`bucket ${this.bucket} does not exist`, true)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.client.destroy()
  }

  /** Runs one request: a 404 is null, a 5xx or a network failure a retryable AdapterError. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await request()
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined
      if (status === 404) return null
      const retryable = status === undefined || status >= 500 || status === 429 || status === 408
      throw new AdapterError(`${what} in bucket ${this.bucket} failed: ${errorName(err)}`, retryable, {
        cause: err,
      })
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new AdapterClosedError('the blob store')
  }
}

function errorName(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : String(err)
}

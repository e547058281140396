import { randomBytes } from 'node:crypto'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { S3_PREFIX, S3BlobStore } from '../../../src/adapters/blobs/s3-blob-store.js'
import { type LocalS3, startS3Server } from '../../support/s3-server.js'

const logger = pino({ level: 'silent' })
let s3: LocalS3

beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.close()
})

describe('S3BlobStore (against the local S3 server)', () => {
  it('stores an object at blobs/<key> with its content type', async () => {
    const store = new S3BlobStore(s3.settings, logger)
    const bytes = randomBytes(5000)
    const { key } = await store.put(bytes, 'image/webp')
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.settings.accessKeyId!, secretAccessKey: s3.settings.secretAccessKey! },
    })
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${S3_PREFIX}${key}` }))
    expect(object.ContentType).toBe('image/webp')
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true)
    client.destroy()
    await store.close()
  })

  it('lists every object across pages', async () => {
    const local = await startS3Server('paged-bucket')
    try {
      const store = new S3BlobStore(local.settings, logger, 5)
      const keys = new Set<string>()
      for (let i = 0; i < 12; i++) keys.add((await store.put(randomBytes(50), 'image/png')).key)
      const listed: string[] = []
      for await (const { key } of store.list()) listed.push(key)
      expect(listed.sort()).toEqual([...keys].sort())
      await store.close()
    } finally {
      await local.close()
    }
  })

  it('fails its health check when the bucket does not exist', async () => {
    const store = new S3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' }, logger)
    await expect(store.health()).rejects.toThrow(/no-such-bucket/)
    await store.close()
  })

  it('reports an unreachable endpoint as a retryable AdapterError', async () => {
    const store = new S3BlobStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' }, logger)
    const err = await store.put(randomBytes(10), 'image/png').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AdapterError)
    expect((err as AdapterError).retryable).toBe(true)
    await expect(store.health()).rejects.toBeInstanceOf(AdapterError)
    await store.close()
  })

  it('reports an unknown access key as an AdapterError that a retry does not help', async () => {
    const store = new S3BlobStore({ ...s3.settings, accessKeyId: 'NOBODY' }, logger)
    const err = await store.put(randomBytes(10), 'image/png').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AdapterError)
    expect((err as AdapterError).retryable).toBe(false)
    await store.close()
  })
})

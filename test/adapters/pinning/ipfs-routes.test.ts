import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedPinning } from '../../../src/adapters/pinning/embedded-pinning.js'
import { registerErrorHandling } from '../../../src/http/error-handler.js'
import { ErrorBody } from '../../../src/http/schemas.js'
import { ipfsRoutes } from '../../../src/modules/ipfs/ipfs.routes.js'
import { json, silentLogger, tempDirs } from './support.js'

const validators = [
  { validator: 'Ajv (Fastify default)', setUp: (app: FastifyInstance) => app },
  {
    validator: 'TypeBox (as in app.ts)',
    setUp: (app: FastifyInstance) => app.setValidatorCompiler(TypeBoxValidatorCompiler),
  },
]

describe.each(validators)('GET /ipfs/{cid}[/{path}] with $validator', ({ setUp }) => {
  const dirs = tempDirs()
  const routes: RouteOptions[] = []
  let app: FastifyInstance
  let pinning: EmbeddedPinning
  const metadata = json({ name: 'Warranty WR-7Q2K-9XMD-P4TB', tokenId: '7' })
  const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff])
  let fileCid: string
  let binaryCid: string
  let dirCid: string

  beforeAll(async () => {
    pinning = new EmbeddedPinning(await dirs.make(), silentLogger)
    fileCid = await pinning.addFile(metadata)
    binaryCid = await pinning.addFile(binary)
    dirCid = (
      await pinning.addDirectory([
        { name: '7', cid: fileCid },
        { name: '8', cid: binaryCid },
      ])
    ).cid
    app = setUp(Fastify())
    // The service's own error handling and shared error schema, as app.ts installs them.
    registerErrorHandling(app)
    app.addSchema(ErrorBody)
    app.addHook('onRoute', (route) => {
      routes.push(route)
    })
    await app.register(ipfsRoutes, { pinning })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await pinning.close()
    await dirs.cleanup()
  })

  it('declares every route public, documented and tagged ipfs', () => {
    const gets = routes.filter((r) => r.method === 'GET')
    expect(gets.map((r) => r.url)).toEqual(['/ipfs/:cid', '/ipfs/:cid/*'])
    for (const route of gets) {
      expect(route.config).toMatchObject({ auth: 'public' })
      expect(route.schema).toMatchObject({
        tags: ['ipfs'],
        operationId: expect.any(String),
        summary: expect.any(String),
      })
      expect(route.schema?.params).toBeDefined()
    }
    expect(new Set(gets.map((r) => (r.schema as { operationId: string }).operationId)).size).toBe(2)
  })

  it('serves a JSON file with its content type, an immutable cache and the CID as ETag', async () => {
    const res = await app.inject({ method: 'GET', url: `/ipfs/${fileCid}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.etag).toBe(`"${fileCid}"`)
    expect(res.headers['x-ipfs-path']).toBe(`/ipfs/${fileCid}`)
    expect(res.rawPayload).toEqual(Buffer.from(metadata))
  })

  it('serves other bytes as application/octet-stream', async () => {
    const res = await app.inject({ method: 'GET', url: `/ipfs/${binaryCid}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.rawPayload).toEqual(Buffer.from(binary))
  })

  it('resolves a path through the directory, as tokenURI ipfs://<dir>/<tokenId> does', async () => {
    const res = await app.inject({ method: 'GET', url: `/ipfs/${dirCid}/7` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(JSON.parse(Buffer.from(metadata).toString()))
    expect(res.headers.etag).toBe(`"${fileCid}"`)
    expect(res.headers['x-ipfs-path']).toBe(`/ipfs/${dirCid}/7`)

    const v0 = CID.parse(dirCid).toV0().toString()
    const viaV0 = await app.inject({ method: 'GET', url: `/ipfs/${v0}/8` })
    expect(viaV0.statusCode).toBe(200)
    expect(viaV0.rawPayload).toEqual(Buffer.from(binary))
  })

  it('lists a directory without a path', async () => {
    for (const url of [`/ipfs/${dirCid}`, `/ipfs/${dirCid}/`]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.headers.etag).toBe(`"${dirCid}"`)
      expect(res.json()).toEqual({
        cid: dirCid,
        entries: [
          { name: '7', cid: fileCid, size: metadata.byteLength },
          { name: '8', cid: binaryCid, size: binary.byteLength },
        ],
      })
    }
  })

  it('answers 304 without a body when If-None-Match holds the ETag', async () => {
    for (const ifNoneMatch of [`"${fileCid}"`, `W/"${fileCid}"`, `"other", "${fileCid}"`, '*']) {
      const res = await app.inject({
        method: 'GET',
        url: `/ipfs/${fileCid}`,
        headers: { 'if-none-match': ifNoneMatch },
      })
      expect(res.statusCode).toBe(304)
      expect(res.payload).toBe('')
      expect(res.headers.etag).toBe(`"${fileCid}"`)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    const stale = await app.inject({
      method: 'GET',
      url: `/ipfs/${fileCid}`,
      headers: { 'if-none-match': '"x"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/ipfs/${dirCid}/7` })
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe(`"${fileCid}"`)
    expect(res.payload).toBe('')
  })

  it('answers 400 validation_error for a malformed CID', async () => {
    for (const url of ['/ipfs/not-a-cid', '/ipfs/bafy123/7']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        error: 'validation_error',
        message: 'cid is not a valid CID',
        details: [{ path: '/params/cid', message: expect.any(String) }],
      })
    }
  })

  it('answers 400 validation_error for a path over 1,024 characters or too deep', async () => {
    const long = await app.inject({ method: 'GET', url: `/ipfs/${dirCid}/${'1'.repeat(1025)}` })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({
      error: 'validation_error',
      message: expect.any(String),
      details: [{ path: '/params/*', message: expect.any(String) }],
    })
    const deep = await app.inject({ method: 'GET', url: `/ipfs/${dirCid}/${'a/'.repeat(40)}` })
    expect(deep.statusCode).toBe(400)
    expect(deep.json()).toMatchObject({ error: 'validation_error', details: [{ path: '/params/*' }] })
  })

  it('answers 404 not_found for content that is not stored', async () => {
    const unknown = CID.create(1, raw.code, await sha256.digest(json({ not: 'stored' }))).toString()
    for (const url of [`/ipfs/${unknown}`, `/ipfs/${dirCid}/9`, `/ipfs/${dirCid}/7/deeper`]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        error: 'not_found',
        message: expect.stringContaining('nothing is stored'),
      })
    }
  })
})

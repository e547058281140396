import { CarReader } from '@ipld/car/reader'
import * as dagPb from '@ipld/dag-pb'
import Fastify, { type FastifyInstance } from 'fastify'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedPinning } from '../../../src/adapters/pinning/embedded-pinning.js'
import { registerErrorHandling } from '../../../src/http/error-handler.js'
import { ErrorBody } from '../../../src/http/schemas.js'
import { ipfsRoutes } from '../../../src/modules/ipfs/ipfs.routes.js'
import { json, silentLogger, tempDirs } from './support.js'

/** What an IPFS client does with a gateway's answer: every block must hash to its CID. */
async function verifiedBlocks(body: Buffer) {
  const reader = await CarReader.fromBytes(new Uint8Array(body))
  const blocks: { cid: CID; bytes: Uint8Array }[] = []
  for await (const block of reader.blocks()) {
    const digest = await sha256.digest(block.bytes)
    expect(Buffer.from(digest.bytes).equals(Buffer.from(block.cid.multihash.bytes))).toBe(true)
    blocks.push(block)
  }
  return { roots: (await reader.getRoots()).map(String), cids: blocks.map((b) => b.cid.toString()), blocks }
}

describe('the IPFS trustless gateway (raw blocks and CARs)', () => {
  const dirs = tempDirs()
  let app: FastifyInstance
  let pinning: EmbeddedPinning
  let fileA: string
  let fileB: string
  let dir: string
  let parent: string

  beforeAll(async () => {
    pinning = new EmbeddedPinning(await dirs.make(), silentLogger)
    fileA = await pinning.addFile(json({ name: 'Warranty A', tokenId: '1' }))
    fileB = await pinning.addFile(json({ name: 'Warranty B', tokenId: '2' }))
    dir = (
      await pinning.addDirectory([
        { name: '1', cid: fileA },
        { name: '2', cid: fileB },
      ])
    ).cid
    parent = (await pinning.addDirectory([{ name: 'batch', cid: dir }])).cid
    app = Fastify()
    registerErrorHandling(app)
    app.addSchema(ErrorBody)
    await app.register(ipfsRoutes, { pinning })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await pinning.close()
    await dirs.cleanup()
  })

  it('serves a raw block by Accept and by ?format=raw, whose hash is its CID', async () => {
    for (const request of [
      { url: `/ipfs/${dir}`, headers: { accept: 'application/vnd.ipld.raw' } },
      { url: `/ipfs/${dir}?format=raw`, headers: {} },
    ]) {
      const res = await app.inject({ method: 'GET', ...request })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/vnd.ipld.raw')
      expect(res.headers.etag).toBe(`"${dir}.raw"`)
      expect(res.headers.vary).toContain('Accept')
      const digest = await sha256.digest(res.rawPayload)
      expect(Buffer.from(digest.bytes).equals(Buffer.from(CID.parse(dir).multihash.bytes))).toBe(true)
      // The directory block decodes as dag-pb with both entries.
      expect(dagPb.decode(res.rawPayload).Links.map((l) => l.Name)).toEqual(['1', '2'])
    }
  })

  it('refuses a raw block with a path (400) and answers 404 for a block it does not hold', async () => {
    const withPath = await app.inject({ method: 'GET', url: `/ipfs/${dir}/1?format=raw` })
    expect(withPath.statusCode).toBe(400)
    expect(withPath.json().error).toBe('validation_error')
    const missing = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy'
    const res = await app.inject({ method: 'GET', url: `/ipfs/${missing}?format=raw` })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it('serves a CAR of a whole directory (dag-scope=all by default), every block verified', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/ipfs/${dir}`,
      headers: { accept: 'application/vnd.ipld.car' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.ipld.car; version=1; order=dfs; dups=n')
    const car = await verifiedBlocks(res.rawPayload)
    expect(car.roots).toEqual([dir])
    expect(car.cids).toEqual([dir, fileA, fileB])
  })

  it('a CAR for a path carries the blocks walked from the root, then the terminal element', async () => {
    const res = await app.inject({ method: 'GET', url: `/ipfs/${parent}/batch/2?format=car` })
    expect(res.statusCode).toBe(200)
    const car = await verifiedBlocks(res.rawPayload)
    expect(car.roots).toEqual([parent])
    expect(car.cids).toEqual([parent, dir, fileB])
  })

  it('dag-scope=block and entity of a directory carry the directory block alone', async () => {
    for (const scope of ['block', 'entity']) {
      const res = await app.inject({
        method: 'GET',
        url: `/ipfs/${parent}/batch?format=car&dag-scope=${scope}`,
      })
      expect(res.statusCode).toBe(200)
      expect((await verifiedBlocks(res.rawPayload)).cids).toEqual([parent, dir])
    }
  })

  it('answers 304 on a matching ETag, 404 for an unknown path, 400 for an unknown format', async () => {
    const first = await app.inject({ method: 'GET', url: `/ipfs/${dir}?format=car` })
    const again = await app.inject({
      method: 'GET',
      url: `/ipfs/${dir}?format=car`,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    const unknown = await app.inject({ method: 'GET', url: `/ipfs/${dir}/9?format=car` })
    expect(unknown.statusCode).toBe(404)
    const bad = await app.inject({ method: 'GET', url: `/ipfs/${dir}?format=tar` })
    expect(bad.statusCode).toBe(400)
  })

  it('still serves the file itself without a verifiable format', async () => {
    const res = await app.inject({ method: 'GET', url: `/ipfs/${dir}/1` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ name: 'Warranty A', tokenId: '1' })
  })
})

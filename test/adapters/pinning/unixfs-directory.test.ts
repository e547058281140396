import { readFile } from 'node:fs/promises'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterEach, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { EmbeddedPinning } from '../../../src/adapters/pinning/embedded-pinning.js'
import { blockFile, json, silentLogger, tempDirs } from './support.js'

// kubo: `ipfs object new unixfs-dir` / `ipfs add -r --cid-version=1` of an empty folder.
const EMPTY_DIRECTORY_V1 = 'bafybeiczsscdsbs7ffqz55asqdf3smv6klcw3gofszvwlyarci47bgf354'
const EMPTY_DIRECTORY_V0 = 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn'

describe('UnixFS directories (what kubo computes)', () => {
  const dirs = tempDirs()
  let pinning: EmbeddedPinning | undefined
  let dataDir = ''
  const store = async () => {
    dataDir = await dirs.make()
    pinning = new EmbeddedPinning(dataDir, silentLogger)
    return pinning
  }

  afterEach(async () => {
    await pinning?.close()
    await dirs.cleanup()
  })

  it('gives the well-known CID of the empty directory', async () => {
    const { cid, digest } = await (await store()).addDirectory([])
    expect(cid).toBe(EMPTY_DIRECTORY_V1)
    expect(CID.parse(cid).toV0().toString()).toBe(EMPTY_DIRECTORY_V0)
    expect(digest).toBe(`0x${Buffer.from(CID.parse(EMPTY_DIRECTORY_V1).multihash.digest).toString('hex')}`)
  })

  it('equals the node built independently with dag-pb prepare/encode and ipfs-unixfs', async () => {
    const p = await store()
    const files: [string, Uint8Array][] = [
      ['10', json({ tokenId: '10', product: 'Kettle K2' })],
      ['2', json({ tokenId: '2', product: 'Toaster T1' })],
      ['1', json({ tokenId: '1', product: 'Blender B9' })],
      ['100', json({ tokenId: '100', product: 'Fridge F4' })],
    ]
    const links: dagPb.PBLink[] = []
    for (const [name, bytes] of files) {
      const fileCid = CID.create(1, raw.code, await sha256.digest(bytes))
      expect(await p.addFile(bytes)).toBe(fileCid.toString())
      links.push({ Name: name, Hash: fileCid, Tsize: bytes.byteLength })
    }
    const expectedBlock = dagPb.encode(
      dagPb.prepare({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: links }),
    )
    const expectedCid = CID.create(1, dagPb.code, await sha256.digest(expectedBlock)).toString()

    const { cid } = await p.addDirectory(files.map(([name], i) => ({ name, cid: links[i]!.Hash.toString() })))
    expect(cid).toBe(expectedCid)

    // Structure, read back from disk: links in byte order of names, raw leaves, Tsize = file size.
    const node = dagPb.decode(await readFile(blockFile(dataDir, cid)))
    expect(node.Links.map((l) => l.Name)).toEqual(['1', '10', '100', '2'])
    expect(node.Links.map((l) => l.Hash.code)).toEqual([raw.code, raw.code, raw.code, raw.code])
    expect(node.Links.map((l) => l.Tsize)).toEqual(
      ['1', '10', '100', '2'].map((n) => files.find(([name]) => name === n)?.[1].byteLength),
    )
    const data = UnixFS.unmarshal(node.Data!)
    expect(data.type).toBe('directory')
    expect(data.mtime).toBeUndefined()
    // Exactly `Type: Directory` and nothing else (no mode, no mtime), as kubo writes it.
    expect([...node.Data!]).toEqual([0x08, 0x01])
  })

  it('does not depend on the order of the entries given', async () => {
    const p = await store()
    const entries = []
    for (const id of [5, 3, 11, 1]) entries.push({ name: String(id), cid: await p.addFile(json({ id })) })
    const forward = await p.addDirectory(entries)
    const backward = await p.addDirectory([...entries].reverse())
    expect(backward).toEqual(forward)
  })

  it('sets a sub-directory link Tsize to its block size plus its own links', async () => {
    const p = await store()
    const bytes = json({ tokenId: 1 })
    const file = await p.addFile(bytes)
    const inner = await p.addDirectory([{ name: '1', cid: file }])
    const outer = await p.addDirectory([{ name: 'batch-1', cid: inner.cid }])
    const innerBlock = await readFile(blockFile(dataDir, inner.cid))
    const outerNode = dagPb.decode(await readFile(blockFile(dataDir, outer.cid)))
    expect(outerNode.Links[0]?.Tsize).toBe(innerBlock.byteLength + bytes.byteLength)
    expect((await p.cat(`${outer.cid}/batch-1/1`))?.bytes).toEqual(bytes)
    expect((await p.ls(`${outer.cid}/batch-1`))?.cid).toBe(inner.cid)
  })

  it('refuses a directory kubo would shard (links over 256 KiB), not retryable', async () => {
    const p = await store()
    const file = await p.addFile(json({}))
    const entries = Array.from({ length: 7000 }, (_, i) => ({ name: String(i), cid: file }))
    const err = await p.addDirectory(entries).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AdapterError)
    expect((err as AdapterError).retryable).toBe(false)
    expect((err as AdapterError).message).toMatch(/too large/)
    // A mint batch (at most 500 tokens) is far below it.
    const batch = entries.slice(0, 500)
    await expect(p.addDirectory(batch)).resolves.toMatchObject({ cid: expect.stringMatching(/^bafybei/) })
  })
})

import { readFile } from 'node:fs/promises'
import { CID } from 'multiformats/cid'
import { afterEach, describe, expect, it } from 'vitest'
import { BlockStore, syncFileSystem } from '../../../src/adapters/pinning/block-store.js'
import { blockStorePath } from '../../../src/adapters/pinning/local-blocks.js'
import { UnixFsStore } from '../../../src/adapters/pinning/unixfs-store.js'
import { blockFile, silentLogger, tempDirs } from './support.js'

/** A store whose filesystem syncs are counted (and really run, or fail when told to). */
function countingStore(dataDir: string, fail = false) {
  const calls: string[] = []
  const blocks = new BlockStore(blockStorePath(dataDir), silentLogger, {
    syncFs: async (path) => {
      calls.push(path)
      if (fail) throw new Error('sync: not here')
      await syncFileSystem(path)
    },
  })
  return { blocks, store: new UnixFsStore(blocks), calls }
}

const certificate = (i: number) => new TextEncoder().encode(JSON.stringify({ name: `Certificate ${i}`, i }))

describe('the block store: durable per batch, O(1) syncs', () => {
  const dirs = tempDirs()
  const open: BlockStore[] = []
  afterEach(async () => {
    for (const blocks of open.splice(0)) await blocks.close()
    await dirs.cleanup()
  })

  it('makes a batch of 1,000 certificates and its directory durable with one filesystem sync', async () => {
    const dataDir = await dirs.make()
    const { blocks, store, calls } = countingStore(dataDir)
    open.push(blocks)
    const files = await Promise.all(Array.from({ length: 1_000 }, (_, i) => store.addFile(certificate(i))))
    const directory = await store.addDirectory(files.map((cid, i) => ({ name: String(i), cid })))
    expect(calls).toHaveLength(0)
    await store.assertComplete(directory.cid)
    await blocks.flush()
    expect(calls).toHaveLength(1)
    expect(calls[0]).toBe(blockStorePath(dataDir))
    // Nothing written since: the next pin syncs nothing.
    await blocks.flush()
    expect(calls).toHaveLength(1)
    expect(await readFile(blockFile(dataDir, files[7]!), 'utf8')).toBe(
      JSON.stringify({ name: 'Certificate 7', i: 7 }),
    )
  })

  it('syncs again for a block a crashed run left in the page cache (found intact, put again)', async () => {
    const dataDir = await dirs.make()
    const first = countingStore(dataDir)
    const cid = await first.store.addFile(certificate(1))
    // The first run stops without its pin (no flush): the next run finds the block intact.
    const second = countingStore(dataDir)
    open.push(first.blocks, second.blocks)
    expect(await second.store.addFile(certificate(1))).toBe(cid)
    await second.blocks.flush()
    expect(second.calls).toHaveLength(1)
  })

  it('fsyncs file by file where the filesystem sync fails, and the blocks are there', async () => {
    const dataDir = await dirs.make()
    const { blocks, store, calls } = countingStore(dataDir, true)
    open.push(blocks)
    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => store.addFile(certificate(i))))
    await blocks.flush()
    expect(calls).toHaveLength(1)
    for (const cid of files) expect(await blocks.get(CID.parse(cid))).not.toBeNull()
    await blocks.flush()
    expect(calls).toHaveLength(1)
  })

  it('lets flushes called together each return after their blocks are durable', async () => {
    const dataDir = await dirs.make()
    const { blocks, store, calls } = countingStore(dataDir)
    open.push(blocks)
    await store.addFile(certificate(1))
    const firstFlush = blocks.flush()
    await store.addFile(certificate(2))
    await Promise.all([firstFlush, blocks.flush()])
    expect(calls).toHaveLength(2)
  })

  it('flushes what is left at close', async () => {
    const dataDir = await dirs.make()
    const { blocks, store, calls } = countingStore(dataDir)
    await store.addFile(certificate(3))
    await blocks.close()
    expect(calls).toHaveLength(1)
  })
})

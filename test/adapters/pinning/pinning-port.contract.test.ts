import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import * as dagPb from '@ipld/dag-pb'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { create as createDigest } from 'multiformats/hashes/digest'
import { sha256 } from 'multiformats/hashes/sha2'
import type { Logger } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { blockStorePath, EmbeddedPinning } from '../../../src/adapters/pinning/embedded-pinning.js'
import { PinningServiceAdapter } from '../../../src/adapters/pinning/pinning-service.js'
import { MAX_FILE_BYTES, type PinningPort } from '../../../src/adapters/pinning/port.js'
import { type FakePinningService, startFakePinningService } from '../../support/fake-pinning-service.js'
import { blockFile, json, recordingLogger, silentLogger, storedFiles, tempDirs } from './support.js'

const TOKEN = 'contract-token'
let fake: FakePinningService

beforeAll(async () => {
  fake = await startFakePinningService({ token: TOKEN, pinDelayMs: 20 })
})
afterAll(async () => {
  await fake.close()
})

const implementations: { name: string; create: (dataDir: string, logger?: Logger) => PinningPort }[] = [
  { name: 'embedded', create: (dataDir, logger = silentLogger) => new EmbeddedPinning(dataDir, logger) },
  {
    name: 'pinning service (fake)',
    create: (dataDir, logger = silentLogger) =>
      new PinningServiceAdapter({ url: fake.url, token: TOKEN, dataDir, logger, pollIntervalMs: 5 }),
  },
]

async function expectAdapterError(
  promise: Promise<unknown>,
  retryable: boolean,
  message?: RegExp,
): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AdapterError)
  expect((err as AdapterError).retryable).toBe(retryable)
  if (message) expect((err as AdapterError).message).toMatch(message)
}

describe.each(implementations)('PinningPort contract: $name', ({ create }) => {
  const dirs = tempDirs()
  const open: PinningPort[] = []
  const make = async (logger?: Logger) => {
    const dataDir = await dirs.make()
    const pinning = create(dataDir, logger)
    open.push(pinning)
    return { dataDir, pinning }
  }
  const metadata = json({
    name: 'Warranty WR-7Q2K-9XMD-P4TB',
    attributes: [{ trait_type: 'months', value: 24 }],
  })

  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()))
    await dirs.cleanup()
  })

  describe('addFile', () => {
    it('returns the CIDv1 raw sha2-256 that multiformats computes independently', async () => {
      const { pinning } = await make()
      const expected = CID.create(1, raw.code, await sha256.digest(metadata)).toString()
      expect(await pinning.addFile(metadata)).toBe(expected)
      expect(expected).toMatch(/^bafkrei[a-z2-7]{52}$/)
    })

    it('stores the same bytes once and answers the same CID, even concurrently', async () => {
      const { dataDir, pinning } = await make()
      const first = await pinning.addFile(metadata)
      const again = await Promise.all(Array.from({ length: 8 }, () => pinning.addFile(metadata)))
      expect(new Set([first, ...again])).toEqual(new Set([first]))
      expect(await storedFiles(dataDir)).toHaveLength(1)
      expect(await readFile(blockFile(dataDir, first))).toEqual(Buffer.from(metadata))
    })

    it('stores an empty file as the well-known empty raw block', async () => {
      const { pinning } = await make()
      expect(await pinning.addFile(new Uint8Array())).toBe(
        'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      )
    })

    it(`rejects a file over ${MAX_FILE_BYTES} bytes, not retryable`, async () => {
      const { dataDir, pinning } = await make()
      await expectAdapterError(pinning.addFile(new Uint8Array(MAX_FILE_BYTES + 1)), false, /at most/)
      expect(await storedFiles(dataDir)).toEqual([])
    })
  })

  describe('addDirectory', () => {
    it('returns a dag-pb CIDv1 whose sha2-256 digest is the returned digest', async () => {
      const { dataDir, pinning } = await make()
      const a = await pinning.addFile(json({ tokenId: 1 }))
      const b = await pinning.addFile(json({ tokenId: 2 }))
      const { cid, digest } = await pinning.addDirectory([
        { name: '2', cid: b },
        { name: '1', cid: a },
      ])
      const parsed = CID.parse(cid)
      expect(parsed.version).toBe(1)
      expect(parsed.code).toBe(dagPb.code)
      expect(parsed.multihash.code).toBe(sha256.code)
      expect(digest).toMatch(/^0x[0-9a-f]{64}$/)
      expect(digest).toBe(`0x${Buffer.from(parsed.multihash.digest).toString('hex')}`)
      // The contract rebuilds the CID from the digest alone.
      const rebuilt = createDigest(sha256.code, Buffer.from(digest.slice(2), 'hex'))
      expect(CID.create(1, dagPb.code, rebuilt).toString()).toBe(cid)
      const block = await readFile(blockFile(dataDir, cid))
      expect(`0x${Buffer.from((await sha256.digest(block)).digest).toString('hex')}`).toBe(digest)
    })

    it('resolves cid/name to the exact bytes of each file, and lists the directory', async () => {
      const { pinning } = await make()
      const files = new Map([
        ['7', json({ tokenId: 7, serialHash: '0xabc' })],
        ['12', json({ tokenId: 12, serialHash: '0xdef' })],
      ])
      const entries = []
      for (const [name, bytes] of files) entries.push({ name, cid: await pinning.addFile(bytes) })
      const dir = await pinning.addDirectory(entries)

      for (const [name, bytes] of files) {
        const found = await pinning.cat(`${dir.cid}/${name}`)
        expect(found?.bytes).toEqual(bytes)
        expect(found?.cid).toBe(entries.find((e) => e.name === name)?.cid)
      }
      expect((await pinning.cat(`ipfs://${dir.cid}/7`))?.bytes).toEqual(files.get('7'))
      expect((await pinning.cat(`/ipfs/${dir.cid}/12/`))?.bytes).toEqual(files.get('12'))
      expect(await pinning.cat(dir.cid)).toBeNull()
      expect(await pinning.cat(`${dir.cid}/8`)).toBeNull()
      expect(await pinning.ls(dir.cid)).toEqual({
        cid: dir.cid,
        entries: [
          { name: '12', cid: entries[1]?.cid, size: files.get('12')?.byteLength },
          { name: '7', cid: entries[0]?.cid, size: files.get('7')?.byteLength },
        ],
      })
    })

    it('refuses entries that are not in the store, duplicate names and bad names, not retryable', async () => {
      const { pinning } = await make()
      const known = await pinning.addFile(metadata)
      const unknown = CID.create(1, raw.code, await sha256.digest(json({ never: 'added' }))).toString()
      await expectAdapterError(pinning.addDirectory([{ name: '1', cid: unknown }]), false, /add it first/)
      await expectAdapterError(
        pinning.addDirectory([
          { name: '1', cid: known },
          { name: '1', cid: known },
        ]),
        false,
        /twice/,
      )
      for (const name of ['', '.', '..', 'a/b', 'x\u0000y', 'é'.repeat(128)]) {
        await expectAdapterError(
          pinning.addDirectory([{ name, cid: known }]),
          false,
          /not a valid directory entry/,
        )
      }
      await expectAdapterError(
        pinning.addDirectory([{ name: '1', cid: 'not-a-cid' }]),
        false,
        /not a valid CID/,
      )
    })
  })

  describe('cat and ls', () => {
    it('answer null for content that was never stored', async () => {
      const { pinning } = await make()
      const unknown = CID.create(1, raw.code, await sha256.digest(json({ unknown: true }))).toString()
      expect(await pinning.cat(unknown)).toBeNull()
      expect(await pinning.cat(`${unknown}/1`)).toBeNull()
      expect(await pinning.ls(unknown)).toBeNull()
    })

    it('answer null for a dag-pb CID over the bytes of a raw block (same multihash)', async () => {
      const { pinning } = await make()
      const file = CID.parse(await pinning.addFile(metadata))
      const asDagPb = CID.create(1, dagPb.code, file.multihash).toString()
      expect(await pinning.cat(asDagPb)).toBeNull()
      expect(await pinning.ls(asDagPb)).toBeNull()
    })

    it('reject a malformed CID, not retryable', async () => {
      const { pinning } = await make()
      await expectAdapterError(pinning.cat('bafy-not-a-cid'), false, /not a valid CID/)
      await expectAdapterError(pinning.cat(`${await pinning.addFile(metadata)}/${'a/'.repeat(600)}`), false)
    })

    it('never serve a corrupted block: logged, null, pin refused, repaired by adding it again', async () => {
      const { logger, lines } = recordingLogger()
      const { dataDir, pinning } = await make(logger)
      const cid = await pinning.addFile(metadata)
      const dir = await pinning.addDirectory([{ name: '1', cid }])
      const tampered = new Uint8Array(metadata)
      tampered[10] = tampered[10]! ^ 1
      await writeFile(blockFile(dataDir, cid), tampered)

      expect(await pinning.cat(cid)).toBeNull()
      expect(await pinning.cat(`${dir.cid}/1`)).toBeNull()
      expect(lines().some((l) => l.level === 50 && /hash check/.test(l.msg))).toBe(true)
      await expectAdapterError(pinning.pin(dir.cid, 'batch-1'), false, /missing or corrupt/)

      await writeFile(blockFile(dataDir, cid), new Uint8Array()) // as a power cut could leave it
      expect(await pinning.cat(cid)).toBeNull()

      expect(await pinning.addFile(metadata)).toBe(cid)
      expect((await pinning.cat(`${dir.cid}/1`))?.bytes).toEqual(metadata)
    })
  })

  describe('pin', () => {
    it('succeeds when the whole DAG is stored, and fails not retryable when a block is missing', async () => {
      const { dataDir, pinning } = await make()
      const cid = await pinning.addFile(metadata)
      const dir = await pinning.addDirectory([{ name: '1', cid }])
      await expect(pinning.pin(dir.cid, 'batch-1')).resolves.toBeUndefined()
      await expect(pinning.pin(dir.cid, 'batch-1')).resolves.toBeUndefined()

      await rm(blockFile(dataDir, cid))
      await expectAdapterError(pinning.pin(dir.cid, 'batch-1'), false, /missing or corrupt/)
    })
  })

  describe('persistence', () => {
    it('keeps files and directories across close and re-open on the same folder', async () => {
      const { dataDir, pinning } = await make()
      const cid = await pinning.addFile(metadata)
      const dir = await pinning.addDirectory([{ name: '42', cid }])
      await pinning.close()
      await expectAdapterError(pinning.cat(cid), false, /closed/)

      const reopened = create(dataDir)
      open.push(reopened)
      expect((await reopened.cat(`${dir.cid}/42`))?.bytes).toEqual(metadata)
      expect((await reopened.addDirectory([{ name: '42', cid }])).cid).toBe(dir.cid)
      await expect(reopened.pin(dir.cid, 'batch-42')).resolves.toBeUndefined()
      expect((await storedFiles(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    })
  })

  describe('health', () => {
    it('is ok when the store folder is writable', async () => {
      const { pinning } = await make()
      expect(await pinning.health()).toEqual({ ok: true })
    })

    it('says why when the store folder cannot be written', async () => {
      const dataDir = await dirs.make()
      await mkdir(dirname(blockStorePath(dataDir)), { recursive: true })
      await writeFile(blockStorePath(dataDir), 'not a folder')
      const pinning = create(dataDir)
      open.push(pinning)
      const health = await pinning.health()
      expect(health.ok).toBe(false)
      expect(health.ok === false && health.reason).toMatch(/is not writable/)
    })
  })
})

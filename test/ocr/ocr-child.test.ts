import type { ChildProcess } from 'node:child_process'
import { getPriority } from 'node:os'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { makeReceipt } from '../../scripts/receipts/receipt-model.js'
import { renderPhoto, renderScan } from '../../scripts/receipts/render.js'
import { ChildOcrPool, nativeTesseractAvailable } from '../../src/adapters/ocr/native-pool.js'
import { defaultOcrSettings, workersForCpus } from '../../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../../src/adapters/ocr/tesseract-ocr.js'
import { receiptScan } from './support.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const engines = nativeTesseractAvailable() ? (['native', 'wasm'] as const) : (['wasm'] as const)

describe('workers from the CPU count', () => {
  it('leaves one core to the API: cores − 1, at least 1, at most 4', () => {
    expect([1, 2, 3, 4, 8, 64].map(workersForCpus)).toEqual([1, 1, 2, 3, 4, 4])
  })
})

describe.each(engines)('the %s engine prepares images in its child processes', (engine) => {
  it('reads a large phone photo while the event loop stays free', async () => {
    const receipt = makeReceipt('dev', 5)
    const photo = await renderPhoto(await renderScan(receipt), 5)
    // A phone camera's size: 4000 px on the long side, about 13 MP.
    const large = await sharp(photo).resize({ width: 4000, height: 4000, fit: 'inside' }).jpeg().toBuffer()
    const ocr = new TesseractOcr(defaultOcrSettings({ workers: 1, engine, timeoutMs: 60_000 }))
    closers.push(() => ocr.close())
    await ocr.warm()
    const before = performance.eventLoopUtilization()
    const reading = await ocr.read(large)
    const used = performance.eventLoopUtilization(before)
    expect(reading.total).toBe(receipt.truth.total)
    // Decoding, finding the paper, lighting, deskew and scaling a 13 MP photo took hundreds of
    // ms of this thread's time when they ran here; now only the header is read here.
    expect(used.active).toBeLessThan(100)
  })

  it("answers an image's own fault (a truncated JPEG) with its kind, and keeps the child", async () => {
    const { png, truth } = await receiptScan()
    const jpeg = await sharp(png).jpeg().toBuffer()
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3))
    const children: ChildProcess[] = []
    const pool = new ChildOcrPool(
      { workers: 1, queueLimit: 2, timeoutMs: 60_000, recycleAfter: 50 },
      engine,
      { prepare: { maxPixels: 40_000_000 }, onSpawn: (c) => children.push(c) },
    )
    closers.push(() => pool.close())
    await expect(pool.recognize(truncated)).rejects.toMatchObject({ kind: 'invalid_image', retryable: false })
    expect((await pool.recognize(png)).text).toContain(truth.merchant)
    expect(children).toHaveLength(1)
  })

  it('runs its children at the niceness asked for (the default leaves the CPU to the API first)', async () => {
    expect(defaultOcrSettings().nice).toBe(10)
    const children: ChildProcess[] = []
    const pool = new ChildOcrPool(
      { workers: 1, queueLimit: 2, timeoutMs: 60_000, recycleAfter: 50 },
      engine,
      { prepare: { maxPixels: 40_000_000 }, nice: 7, onSpawn: (c) => children.push(c) },
    )
    closers.push(() => pool.close())
    await pool.warm()
    expect(getPriority(children[0]!.pid)).toBe(7)
  })

  it('fails only the read in flight when its child is killed, and reads on with a new one', async () => {
    const { png, truth } = await receiptScan()
    const children: ChildProcess[] = []
    const pool = new ChildOcrPool(
      { workers: 1, queueLimit: 2, timeoutMs: 60_000, recycleAfter: 50 },
      engine,
      { prepare: { maxPixels: 40_000_000 }, onSpawn: (c) => children.push(c) },
    )
    closers.push(() => pool.close())
    await pool.warm()
    const reading = pool.recognize(png)
    children[0]!.kill('SIGKILL')
    await expect(reading).rejects.toMatchObject({ kind: 'engine_failed', retryable: true })
    expect((await pool.recognize(png)).text).toContain(truth.merchant)
    expect(children).toHaveLength(2)
  })
})

describe.each(engines)(
  'the %s engine reads the two bands of a tall page at once when a core is free',
  (engine) => {
    const start = (settings: { workers: number; cores: number; readThreads: number }) => {
      const pool = new ChildOcrPool(
        { queueLimit: 4, timeoutMs: 60_000, recycleAfter: 50, ...settings },
        engine,
        {
          prepare: { maxPixels: 40_000_000, bands: 2 },
        },
      )
      closers.push(() => pool.close())
      return pool
    }

    it('gives the same text at once as one after the other', async () => {
      // 1444 px tall once prepared: two bands.
      const { png, truth } = await receiptScan(2)
      const [together, apart] = await Promise.all([
        start({ workers: 1, cores: 2, readThreads: 2 }).recognize(png),
        start({ workers: 1, cores: 2, readThreads: 1 }).recognize(png),
      ])
      expect([together.threads, apart.threads]).toEqual([2, 1])
      expect(together.text).toContain(truth.merchant)
      expect(together.text).toBe(apart.text)
      expect(together.lines).toEqual(apart.lines)
    }, 120_000)

    it('falls back to one after the other while reads wait or the cores are taken', async () => {
      const { png } = await receiptScan(2)
      // One worker: the read that starts while another waits uses one thread; the last, alone, two.
      const queued = start({ workers: 1, cores: 2, readThreads: 2 })
      const reads = await Promise.all([queued.recognize(png), queued.recognize(png), queued.recognize(png)])
      expect(reads.map((r) => r.threads)).toEqual([2, 1, 2])
      // Two workers on three cores: the first read takes two, the one beside it the third core only.
      const busy = start({ workers: 2, cores: 3, readThreads: 2 })
      await busy.warm()
      const both = await Promise.all([busy.recognize(png), busy.recognize(png)])
      expect(both.map((r) => r.threads)).toEqual([2, 1])
      // Two workers on two cores: a lone read would leave no core for the other worker's read.
      const tight = start({ workers: 2, cores: 2, readThreads: 2 })
      expect((await tight.recognize(png)).threads).toBe(1)
      expect(new Set([...reads, ...both].map((r) => r.text)).size).toBe(1)
    }, 300_000)
  },
)
